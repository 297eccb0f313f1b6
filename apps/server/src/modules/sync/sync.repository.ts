// The only code touching sync runs. Every function takes the team first.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
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

/** Marks a step done and moves the progress, in one statement (the checkpoint). */
export async function completeStep(
  db: Database,
  teamId: string,
  syncId: string,
  step: string,
  progress: number,
) {
  await db
    .update(syncRuns)
    .set({
      completedSteps: sql`${syncRuns.completedSteps} || ${JSON.stringify([step])}::jsonb`,
      progress,
      heartbeatAt: new Date(),
    })
    .where(and(eq(syncRuns.teamId, teamId), eq(syncRuns.id, syncId)));
}

export async function updateSyncRun(
  db: Database,
  teamId: string,
  syncId: string,
  patch: Partial<
    Pick<
      SyncRun,
      'status' | 'progress' | 'error' | 'errCode' | 'finishedAt' | 'counts' | 'heartbeatAt'
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
