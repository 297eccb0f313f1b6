import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One sync of a company's Apple Ads data. `completedSteps` is the checkpoint: a sync job that is
 * run again (after a crash or a killed worker) skips the steps already written.
 */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    mode: text('mode', { enum: ['FIRST', 'DAILY', 'MANUAL'] }).notNull(),
    status: text('status', { enum: ['RUNNING', 'DONE', 'FAILED'] })
      .notNull()
      .default('RUNNING'),
    progress: integer('progress').notNull().default(0),
    completedSteps: jsonb('completed_steps').$type<string[]>().notNull().default([]),
    /** Entity counts found by the sync, for the manual-sync answer. */
    counts: jsonb('counts')
      .$type<{ campaigns: number; adGroups: number; keywords: number }>()
      .notNull()
      .default({ campaigns: 0, adGroups: 0, keywords: 0 }),
    error: text('error'),
    errCode: text('err_code'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved at every checkpoint: a RUNNING run whose heartbeat stopped lost its worker. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The worker process running the sync (worker_processes.id); null while none holds it. */
    workerId: uuid('worker_id'),
    /** Its worker was lost or handed it back: another one resumes it from the checkpoint. */
    resumingSince: timestamp('resuming_since', { withTimezone: true }),
  },
  (t) => [
    index('sync_runs_team_started_idx').on(t.teamId, t.startedAt),
    index('sync_runs_status_heartbeat_idx').on(t.status, t.heartbeatAt),
  ],
);
