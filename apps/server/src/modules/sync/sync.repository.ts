// The only code touching sync runs. Every function takes the team first.
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { claimableBy } from '../../platform/jobs/worker-processes.repository';
import { syncRuns } from './sync.tables';

export type SyncRun = typeof syncRuns.$inferSelect;

export async function insertSyncRun(
  db: Database,
  teamId: string,
  run: Pick<SyncRun, 'integrationId' | 'mode'>,
): Promise<SyncRun> {
  const [row] = await db
    .insert(syncRuns)
    .values({ ...run, teamId })
    .returning();
  return row!;
}

export async function findSyncRun(db: Database, teamId: string, syncId: string) {
  const [row] = await db
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.teamId, teamId), eq(syncRuns.id, syncId)));
  return row ?? null;
}

export async function latestSyncRun(db: Database, teamId: string) {
  const [row] = await db
    .select()
    .from(syncRuns)
    .where(eq(syncRuns.teamId, teamId))
    .orderBy(desc(syncRuns.startedAt))
    .limit(1);
  return row ?? null;
}

export async function lastFinishedSyncAt(db: Database, teamId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${syncRuns.finishedAt})`.mapWith(syncRuns.finishedAt) })
    .from(syncRuns)
    .where(and(eq(syncRuns.teamId, teamId), eq(syncRuns.status, 'DONE')));
  return row?.at ?? null;
}

/**
 * Takes a run for `workerId` unless another live worker holds it: RUNNING, held by this worker,
 * the heartbeat moved. Answers the run, or null when it is done or held by a live worker.
 */
export async function claimSyncRun(
  db: Database,
  teamId: string,
  syncId: string,
  workerId: string | null,
): Promise<SyncRun | null> {
  const [row] = await db
    .update(syncRuns)
    .set({ status: 'RUNNING', error: null, heartbeatAt: new Date(), workerId })
    .where(
      and(
        eq(syncRuns.teamId, teamId),
        eq(syncRuns.id, syncId),
        ne(syncRuns.status, 'DONE'),
        claimableBy(syncRuns.workerId, workerId),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Marks a step done and moves the progress, in one statement (the checkpoint); a resumed run is
 * no longer "resuming" once it checkpoints. Answers false when the run is no longer this
 * worker's (it was declared lost and another took the run over).
 */
export async function completeStep(
  db: Database,
  teamId: string,
  syncId: string,
  step: string,
  progress: number,
  workerId: string | null = null,
): Promise<boolean> {
  const updated = await db
    .update(syncRuns)
    .set({
      completedSteps: sql`${syncRuns.completedSteps} || ${JSON.stringify([step])}::jsonb`,
      progress,
      heartbeatAt: new Date(),
      resumingSince: null,
    })
    .where(
      and(
        eq(syncRuns.teamId, teamId),
        eq(syncRuns.id, syncId),
        workerId ? eq(syncRuns.workerId, workerId) : undefined,
      ),
    )
    .returning({ id: syncRuns.id });
  return updated.length > 0;
}

/**
 * RUNNING runs of any company held by the given (lost) workers: marked resuming and released.
 * Answers their companies, to tell them.
 */
export async function releaseRunsOfWorkers(db: Database, workerIds: string[]) {
  if (workerIds.length === 0) return [];
  return db
    .update(syncRuns)
    .set({ resumingSince: new Date(), workerId: null })
    .where(and(eq(syncRuns.status, 'RUNNING'), inArray(syncRuns.workerId, workerIds)))
    .returning({ teamId: syncRuns.teamId, id: syncRuns.id });
}

export async function updateSyncRun(
  db: Database,
  teamId: string,
  syncId: string,
  patch: Partial<
    Pick<
      SyncRun,
      | 'status'
      | 'progress'
      | 'error'
      | 'errCode'
      | 'finishedAt'
      | 'counts'
      | 'heartbeatAt'
      | 'workerId'
      | 'resumingSince'
    >
  >,
) {
  await db
    .update(syncRuns)
    .set(patch)
    .where(and(eq(syncRuns.teamId, teamId), eq(syncRuns.id, syncId)));
}

/** RUNNING runs of any company whose last checkpoint is older than `before`. */
export async function listStalledSyncRuns(db: Database, before: Date) {
  return db
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.status, 'RUNNING'), lt(syncRuns.heartbeatAt, before)));
}

export async function deleteSyncRuns(db: Database, teamId: string) {
  await db.delete(syncRuns).where(eq(syncRuns.teamId, teamId));
}

/** Runs left RUNNING by a process that stopped; the embedded server resumes them at start. */
/** Syncs still running, of every company or of one. */
export async function listRunningSyncRuns(db: Database, teamId?: string) {
  return db
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.status, 'RUNNING'), teamId ? eq(syncRuns.teamId, teamId) : undefined));
}
