// Background jobs on pg-boss, over whichever engine the server opened. Each job is a typed
// definition (name, payload schema, optional cron, handler) so its payload is checked both ways.
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/database';
import type { Logger } from '../logger';
import {
  createWorkerPresence,
  type LostWorkerHandler,
  type WorkerPresence,
} from './worker-presence';
import type { HeldJob } from './worker-processes.repository';

export interface JobDefinition<Payload, Context> {
  name: string;
  payload: z.ZodType<Payload>;
  /** Cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  retryLimit?: number;
  /** How long a run may take before pg-boss considers its worker dead and retries it. */
  expireInSeconds?: number;
  handle(payload: Payload, context: Context): Promise<void>;
  /**
   * Runs when the last attempt failed, so that the work's own record ends as failed instead of
   * staying in progress for ever.
   */
  onGiveUp?(payload: Payload, context: Context, error: unknown): Promise<void>;
}

export function defineJob<Payload, Context>(
  definition: JobDefinition<Payload, Context>,
): JobDefinition<Payload, Context> {
  return definition;
}

/**
 * Thrown by a handler that stops at a checkpoint because its process is stopping: the job is sent
 * again at once (with its retries intact) and another worker resumes it.
 */
export class JobHandedBack extends Error {
  constructor() {
    super('The job was handed back: its worker is stopping');
  }
}

export interface StartOptions {
  cron?: boolean;
  /** How the process is listed among the workers: a `worker`, or a `serve` that runs jobs too. */
  kind?: 'worker' | 'serve';
  /** What modules do when other workers are found lost (every process sweeps). */
  onLostWorkers?: LostWorkerHandler;
  /** This worker was declared lost while alive (it froze): the entry point ends the process. */
  onDeclaredLost?: () => void;
  /**
   * Heartbeat and sweep intervals (tests shorten them); `periodic` defaults to true on PostgreSQL
   * only (see WorkerPresenceOptions).
   */
  presence?: { heartbeatIntervalMs?: number; sweepIntervalMs?: number; periodic?: boolean };
}

export interface JobQueue {
  /**
   * Starts the queue. Producers only enqueue; workers also run handlers and, unless `cron` is
   * false, fire the cron schedules. Workers register in worker_processes and beat; every process
   * sweeps for lost workers.
   */
  start(mode: 'producer' | 'worker', options?: StartOptions): Promise<void>;
  send<Payload>(job: JobDefinition<Payload, unknown>, payload: Payload): Promise<string | null>;
  work<Context>(jobs: readonly JobDefinition<unknown, Context>[], context: Context): Promise<void>;
  /**
   * Stops fetching and waits for every handler still running and for the queue's own writes, so
   * that the database may be closed next.
   */
  stop(): Promise<void>;
  boss: PgBoss;
  /** This process's id among the workers; null for a producer. */
  readonly workerId: string | null;
  /** Aborted when the queue starts stopping: long handlers hand their job back at a checkpoint. */
  readonly stopping: AbortSignal;
  /** The jobs this process is running now. */
  heldJobs(): HeldJob[];
  presence: WorkerPresence | undefined;
}

/** Promises tracked until they settle. */
function inFlight() {
  const pending = new Set<Promise<unknown>>();
  return {
    track<T>(promise: Promise<T>): Promise<T> {
      pending.add(promise);
      const forget = () => pending.delete(promise);
      promise.then(forget, forget);
      return promise;
    },
    get size() {
      return pending.size;
    },
    settled: () => Promise.allSettled([...pending]),
  };
}

export function createJobQueue(database: DatabaseHandle, logger: Logger): JobQueue {
  const worked: string[] = [];
  const queries = inFlight();
  const handlers = inFlight();
  const db: PgBoss.Db = {
    executeSql: (text, values) => queries.track(database.sql.query(text, values)),
  };
  let started = false;
  let boss: PgBoss | undefined;
  let presence: WorkerPresence | undefined;
  const held = new Map<string, string>();
  const stopping = new AbortController();

  const queue: JobQueue = {
    get boss() {
      if (!boss) throw new Error('The job queue has not been started');
      return boss;
    },
    async start(mode, options = {}) {
      boss = new PgBoss({
        db,
        schema: 'pgboss',
        supervise: mode === 'worker',
        schedule: mode === 'worker' && (options.cron ?? true),
      });
      boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
      await boss.start();
      started = true;
      presence = createWorkerPresence({
        db: database.db,
        logger,
        queue,
        ...(mode === 'worker' ? { kind: options.kind ?? 'worker' } : {}),
        ...(options.onLostWorkers ? { onLost: options.onLostWorkers } : {}),
        ...(options.onDeclaredLost ? { onDeclaredLost: options.onDeclaredLost } : {}),
        periodic: database.engine === 'postgres',
        ...options.presence,
      });
      await presence.start();
    },
    async send(job, payload) {
      return queue.boss.send(job.name, job.payload.parse(payload) as object, sendOptions(job));
    },
    get workerId() {
      return presence?.workerId ?? null;
    },
    get presence() {
      return presence;
    },
    stopping: stopping.signal,
    heldJobs: () => [...held].map(([id, name]) => ({ id, name })),
    async work(jobs, context) {
      for (const job of jobs) {
        await queue.boss.createQueue(job.name);
        if (job.cron) await queue.boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
        const options = { pollingIntervalSeconds: 2, includeMetadata: true as const };
        await queue.boss.work<unknown>(job.name, options, (batch) =>
          handlers.track(
            runBatch(job, batch, context, {
              logger,
              hold: async (id) => {
                held.set(id, job.name);
                await presence?.beatNow();
              },
              release: (id) => held.delete(id),
              handBack: (data) => queue.boss.send(job.name, data as object, sendOptions(job)),
            }),
          ),
        );
        worked.push(job.name);
      }
    },
    async stop() {
      if (!started || !boss) return;
      started = false;
      stopping.abort();
      // pg-boss would wait for running jobs only so long, then mark them failed while they go on
      // against a database about to close; it also starts a job fetched as it stops, and records
      // a job's outcome without awaiting the write. So: stop fetching, wait for all of that, then
      // stop pg-boss itself.
      for (const name of worked.splice(0)) await boss.offWork(name);
      while (handlers.size > 0 || queries.size > 0) {
        await Promise.all([handlers.settled(), queries.settled()]);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await presence?.stop({ clean: true });
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  return queue;
}

function sendOptions(
  job: Pick<JobDefinition<unknown, unknown>, 'retryLimit' | 'expireInSeconds'>,
): PgBoss.SendOptions {
  return {
    retryLimit: job.retryLimit ?? 3,
    retryBackoff: true,
    ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
  };
}

interface BatchHooks {
  logger: Logger;
  /** The job is this process's from now on (listed in its heartbeat). */
  hold(jobId: string): Promise<void>;
  release(jobId: string): void;
  /** Sends the job again for another worker. */
  handBack(data: unknown): Promise<unknown>;
}

async function runBatch<Context>(
  job: JobDefinition<unknown, Context>,
  batch: PgBoss.JobWithMetadata<unknown>[],
  context: Context,
  hooks: BatchHooks,
) {
  const { logger } = hooks;
  for (const entry of batch) {
    const payload = job.payload.parse(entry.data);
    await hooks.hold(entry.id);
    logger.info({ job: job.name, jobId: entry.id }, 'job started');
    try {
      await job.handle(payload, context);
    } catch (error) {
      if (error instanceof JobHandedBack) {
        await hooks.handBack(entry.data);
        logger.info({ job: job.name, jobId: entry.id }, 'job handed back at its checkpoint');
        continue;
      }
      logger.warn(
        { job: job.name, jobId: entry.id, retry: entry.retryCount, err: error },
        'job failed',
      );
      if (job.onGiveUp && entry.retryCount >= entry.retryLimit)
        await job.onGiveUp(payload, context, error);
      throw error;
    } finally {
      hooks.release(entry.id);
    }
    logger.info({ job: job.name, jobId: entry.id }, 'job finished');
  }
}
