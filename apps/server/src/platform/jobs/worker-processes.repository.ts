// The only code touching worker_processes. Times come from the database's clock, so processes on
// machines whose clocks disagree still agree on whose heartbeat is stale.
import { hostname } from 'node:os';
import { and, eq, isNull, lt, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { workerProcesses } from './worker-processes.tables';

export type WorkerProcess = typeof workerProcesses.$inferSelect;
export type HeldJob = WorkerProcess['jobs'][number];

/** A worker whose heartbeat is older than this lost its process (killed, frozen, cut off). */
export const LOST_AFTER_SECONDS = 10;

const stale = sql`now() - make_interval(secs => ${LOST_AFTER_SECONDS})`;

export async function registerWorkerProcess(
  db: Database,
  kind: WorkerProcess['kind'],
): Promise<string> {
  const [row] = await db
    .insert(workerProcesses)
    .values({ kind, host: hostname(), pid: String(process.pid) })
    .returning({ id: workerProcesses.id });
  return row!.id;
}

/** Moves the heartbeat and lists the held jobs; answers whether a sweeper declared it lost. */
export async function beat(db: Database, workerId: string, jobs: HeldJob[]): Promise<boolean> {
  const [row] = await db
    .update(workerProcesses)
    .set({ heartbeatAt: sql`now()`, jobs })
    .where(eq(workerProcesses.id, workerId))
    .returning({ lostAt: workerProcesses.lostAt });
  return !row || row.lostAt !== null;
}

export async function markStopped(db: Database, workerId: string): Promise<void> {
  await db
    .update(workerProcesses)
    .set({ stoppedAt: sql`now()`, heartbeatAt: sql`now()`, jobs: [] })
    .where(eq(workerProcesses.id, workerId));
}

/**
 * Marks every worker whose heartbeat went stale as lost and answers them with the jobs they held.
 * One statement: of two sweepers running at once, each lost worker goes to exactly one.
 * `everyOther` claims every other worker not stopped, whatever its heartbeat: on the embedded
 * database only one process can be alive, so any other was cut off, however recently it beat.
 */
export async function claimLostWorkers(
  db: Database,
  exceptId: string | null,
  { everyOther = false }: { everyOther?: boolean } = {},
) {
  return db
    .update(workerProcesses)
    .set({ lostAt: sql`now()` })
    .where(
      and(
        isNull(workerProcesses.lostAt),
        isNull(workerProcesses.stoppedAt),
        everyOther ? undefined : lt(workerProcesses.heartbeatAt, stale),
        exceptId ? ne(workerProcesses.id, exceptId) : undefined,
      ),
    )
    .returning({
      id: workerProcesses.id,
      jobs: workerProcesses.jobs,
      heartbeatAt: workerProcesses.heartbeatAt,
      lostAt: workerProcesses.lostAt,
    });
}

/** Rows of workers that stopped or were lost more than a day ago are of no further use. */
export async function pruneWorkerProcesses(db: Database): Promise<void> {
  await db
    .delete(workerProcesses)
    .where(lt(workerProcesses.heartbeatAt, sql`now() - interval '1 day'`));
}

/**
 * True where the work held by `owner` may be taken by `workerId`: no one holds it, the caller
 * does, or its holder stopped, was declared lost or stopped beating. Used in the claims of runs.
 */
export function claimableBy(owner: AnyColumn, workerId: string | null): SQL {
  if (!workerId) return sql`true`;
  return sql`(${owner} is null or ${owner} = ${workerId} or not exists (
    select 1 from ${workerProcesses} where ${workerProcesses.id} = ${owner}
      and ${workerProcesses.stoppedAt} is null and ${workerProcesses.lostAt} is null
      and ${workerProcesses.heartbeatAt} >= ${stale}))`;
}
