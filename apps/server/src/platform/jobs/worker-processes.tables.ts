import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per process that runs jobs (a `worker`, or `serve --with-worker`). The process moves its
 * heartbeat every few seconds and lists the jobs it holds; a row whose heartbeat stopped without a
 * clean stop is a lost worker, and any live process hands its jobs to the others.
 */
export const workerProcesses = pgTable(
  'worker_processes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['worker', 'serve'] }).notNull(),
    host: text('host').notNull(),
    pid: text('pid').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    /** The pg-boss jobs the process is running, as of its last heartbeat. */
    jobs: jsonb('jobs').$type<{ id: string; name: string }[]>().notNull().default([]),
    /** Set by a clean stop: its jobs were finished or handed back. */
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** Set by the sweeper that found the heartbeat stale and re-queued the jobs. */
    lostAt: timestamp('lost_at', { withTimezone: true }),
  },
  (t) => [index('worker_processes_heartbeat_idx').on(t.heartbeatAt)],
);
