// Who is alive among the processes that run jobs. Each such process moves its heartbeat every
// HEARTBEAT_INTERVAL_MS and lists the jobs it holds; every process (workers and `serve`) sweeps
// every SWEEP_INTERVAL_MS for workers silent for LOST_AFTER_SECONDS, hands their jobs back to
// the queue (pg-boss retries them at once, and another worker resumes them from their
// checkpoints) and tells the modules, which mark their runs as resuming. Without this, a killed
// worker's jobs would wait for pg-boss' expiry (an hour for a sync).
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import type { JobQueue } from './job-queue';
import {
  beat,
  claimLostWorkers,
  markStopped,
  pruneWorkerProcesses,
  registerWorkerProcess,
  type HeldJob,
  type WorkerProcess,
} from './worker-processes.repository';

export const HEARTBEAT_INTERVAL_MS = 2_000;
export const SWEEP_INTERVAL_MS = 3_000;

export interface LostWorker {
  id: string;
  jobs: HeldJob[];
  heartbeatAt: Date;
  lostAt: Date | null;
}

/** What modules do when workers are found lost: mark their runs resuming, re-queue them. */
export type LostWorkerHandler = (workerIds: string[]) => Promise<void>;

export interface WorkerPresenceOptions {
  db: Database;
  logger: Logger;
  queue: Pick<JobQueue, 'boss' | 'heldJobs'>;
  /** Set for a process that runs jobs: it registers and beats. Sweeping needs no registration. */
  kind?: WorkerProcess['kind'];
  onLost?: LostWorkerHandler;
  /** This process was declared lost by another (it froze for too long); its jobs run elsewhere. */
  onDeclaredLost?: () => void;
  heartbeatIntervalMs?: number;
  sweepIntervalMs?: number;
  /**
   * Beat and sweep on timers (default). The embedded database has one process: nobody else can
   * find it lost or be found lost by it, and its one connection is the server's too, so
   * there it only registers, lists its jobs as it takes them and sweeps once at start, taking
   * over every job its previous run left active (however recently that run beat: a restart
   * within seconds of a kill would otherwise find its own runs still held, and no later sweep
   * would release them).
   */
  periodic?: boolean;
}

export interface WorkerPresence {
  /** This process's row in worker_processes; null when it runs no jobs. */
  readonly workerId: string | null;
  start(): Promise<void>;
  /** Writes the held jobs now (a job just started) rather than at the next beat. */
  beatNow(): Promise<void>;
  /** Sweeps once now; answers the workers found lost. */
  sweep(): Promise<LostWorker[]>;
  /** Stops beating and sweeping; `clean` records the stop, so the row is never swept. */
  stop(options?: { clean: boolean }): Promise<void>;
}

export function createWorkerPresence(options: WorkerPresenceOptions): WorkerPresence {
  const { db, logger, queue } = options;
  let workerId: string | null = null;
  let timers: NodeJS.Timeout[] = [];
  let beating: Promise<void> = Promise.resolve();
  let sweeping: Promise<unknown> = Promise.resolve();
  let declaredLost = false;

  const beatOnce = async () => {
    if (!workerId || declaredLost) return;
    const lost = await beat(db, workerId, queue.heldJobs());
    if (lost) {
      declaredLost = true;
      logger.error({ workerId }, 'this worker was declared lost; its jobs were handed to others');
      options.onDeclaredLost?.();
    }
  };
  const beatNow = () => {
    beating = beating.then(beatOnce).catch((error: unknown) => {
      logger.warn({ err: error }, 'worker heartbeat failed');
    });
    return beating;
  };

  const sweepOnce = async (everyOther: boolean): Promise<LostWorker[]> => {
    const lost = await claimLostWorkers(db, workerId, { everyOther });
    if (lost.length === 0) return [];
    const ids = lost.map((worker) => worker.id);
    logger.warn(
      {
        workers: ids,
        jobs: lost.flatMap((worker) => worker.jobs.map((job) => job.name)),
        silentForMs: lost.map((worker) => Date.now() - worker.heartbeatAt.getTime()),
      },
      'lost workers found: handing their jobs to the others',
    );
    try {
      await options.onLost?.(ids);
    } catch (error) {
      logger.error({ err: error }, 'marking the runs of lost workers failed');
    }
    // Failed, pg-boss retries each at once (no retry delay) on whichever worker polls first.
    for (const job of lost.flatMap((worker) => worker.jobs))
      await queue.boss.fail(job.name, job.id, { message: 'Its worker was lost' });
    return lost;
  };
  const sweep = (everyOther = false) => {
    const next = sweeping.then(() => sweepOnce(everyOther));
    sweeping = next.catch((error: unknown) => {
      logger.warn({ err: error }, 'sweeping for lost workers failed');
    });
    return next;
  };

  return {
    get workerId() {
      return workerId;
    },
    async start() {
      if (options.kind) workerId = await registerWorkerProcess(db, options.kind);
      await pruneWorkerProcesses(db);
      const every = (ms: number, run: () => Promise<unknown>) => {
        const timer = setInterval(() => void run().catch(() => undefined), ms);
        timer.unref();
        timers.push(timer);
      };
      if (options.periodic === false) {
        await sweep(true).catch(() => undefined);
        return;
      }
      if (workerId) every(options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS, beatNow);
      every(options.sweepIntervalMs ?? SWEEP_INTERVAL_MS, sweep);
      // A worker started to replace a killed one takes over its jobs at once.
      await sweep().catch(() => undefined);
    },
    beatNow,
    sweep: () => sweep(),
    async stop({ clean } = { clean: true }) {
      for (const timer of timers) clearInterval(timer);
      timers = [];
      await Promise.allSettled([beating, sweeping]);
      if (workerId && clean && !declaredLost) await markStopped(db, workerId);
    },
  };
}
