// The only code touching data_requests and data_request_results. Every function takes the team
// first; a request's rows and its counts are saved in one transaction so that a resumed job finds
// them in step.
import type { DataRequestProgress, DataRequestStatus } from '@tapwise/contracts';
import { and, asc, count, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { dataRequestResults, dataRequests } from './keyword-research.tables';

export type DataRequestRow = typeof dataRequests.$inferSelect;
export type NewDataRequest = Omit<
  typeof dataRequests.$inferInsert,
  'id' | 'teamId' | 'status' | 'startTime' | 'endTime'
>;

/** What makes two requests the same question (besides their kind). */
export type DataRequestQuestion = Pick<
  NewDataRequest,
  'opId' | 'keyword' | 'appId' | 'location' | 'language' | 'device' | 'catId' | 'catType'
> & { countPref: number };

export async function insertDataRequest(
  db: Database,
  teamId: string,
  request: NewDataRequest,
): Promise<DataRequestRow> {
  const [row] = await db
    .insert(dataRequests)
    .values({ ...request, teamId, status: 'RUNNING' })
    .returning();
  return row!;
}

export async function findDataRequest(
  db: Database,
  teamId: string,
  id: string,
): Promise<DataRequestRow | null> {
  const [row] = await db
    .select()
    .from(dataRequests)
    .where(and(eq(dataRequests.teamId, teamId), eq(dataRequests.id, id)));
  return row ?? null;
}

function nullable<T>(column: Parameters<typeof eq>[0], value: T | null | undefined): SQL {
  return value === null || value === undefined ? isNull(column) : eq(column, value);
}

/**
 * The member's newest request with this question in `status` (started since `since` when given).
 */
export async function findSameQuestion(
  db: Database,
  teamId: string,
  userId: string,
  question: DataRequestQuestion,
  status: DataRequestStatus,
  since?: Date,
): Promise<DataRequestRow | null> {
  const [row] = await db
    .select()
    .from(dataRequests)
    .where(
      and(
        eq(dataRequests.teamId, teamId),
        eq(dataRequests.userId, userId),
        eq(dataRequests.status, status),
        eq(dataRequests.opId, question.opId),
        eq(dataRequests.countPref, question.countPref),
        eq(dataRequests.location, question.location),
        eq(dataRequests.language, question.language),
        eq(dataRequests.device, question.device),
        nullable(dataRequests.keyword, question.keyword),
        nullable(dataRequests.appId, question.appId),
        nullable(dataRequests.catId, question.catId),
        nullable(dataRequests.catType, question.catType),
        since ? gte(dataRequests.endTime, since) : undefined,
      ),
    )
    .orderBy(desc(dataRequests.startTime))
    .limit(1);
  return row ?? null;
}

/** The member's requests started since `since` (all when absent), newest first. */
export async function listDataRequests(
  db: Database,
  teamId: string,
  userId: string,
  since?: Date,
): Promise<DataRequestRow[]> {
  return db
    .select()
    .from(dataRequests)
    .where(
      and(
        eq(dataRequests.teamId, teamId),
        eq(dataRequests.userId, userId),
        since ? gte(dataRequests.startTime, since) : undefined,
      ),
    )
    .orderBy(desc(dataRequests.startTime), desc(dataRequests.id));
}

/** The company's latest finished request of a kind for an app in a storefront. */
export async function findLatestDoneForApp(
  db: Database,
  teamId: string,
  opId: number,
  appId: number,
  locale: { location: string; language: string; device: DataRequestRow['device'] },
): Promise<DataRequestRow | null> {
  const [row] = await db
    .select()
    .from(dataRequests)
    .where(
      and(
        eq(dataRequests.teamId, teamId),
        eq(dataRequests.opId, opId),
        eq(dataRequests.appId, appId),
        eq(dataRequests.status, 'DONE'),
        eq(dataRequests.location, locale.location),
        eq(dataRequests.language, locale.language),
        eq(dataRequests.device, locale.device),
      ),
    )
    .orderBy(desc(dataRequests.endTime))
    .limit(1);
  return row ?? null;
}

export interface ProgressSave {
  progress: DataRequestProgress;
  /** Rows fetched by this step, at their positions (1-based); kept if already stored. */
  rows?: { position: number; row: unknown }[];
  missedCount?: number;
  status?: DataRequestStatus;
  error?: string | null;
}

/**
 * Saves a step of a running request: its rows and counts together. Answers false (and saves
 * nothing) when the request is no longer running: it was cancelled or deleted.
 */
export async function saveDataRequestStep(
  db: Database,
  teamId: string,
  id: string,
  step: ProgressSave,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const finished = step.status !== undefined && step.status !== 'RUNNING';
    const updated = await tx
      .update(dataRequests)
      .set({
        totalCount: step.progress.totalCount,
        currentCount: step.progress.currentCount,
        progress: step.progress.progress,
        ...(step.missedCount === undefined ? {} : { missedCount: step.missedCount }),
        ...(step.status ? { status: step.status } : {}),
        ...(step.error === undefined ? {} : { error: step.error }),
        ...(finished ? { endTime: sql`now()` } : {}),
      })
      .where(
        and(
          eq(dataRequests.teamId, teamId),
          eq(dataRequests.id, id),
          eq(dataRequests.status, 'RUNNING'),
        ),
      )
      .returning({ id: dataRequests.id });
    if (updated.length === 0) return false;
    if (step.rows?.length)
      await tx
        .insert(dataRequestResults)
        .values(step.rows.map(({ position, row }) => ({ requestId: id, teamId, position, row })))
        .onConflictDoNothing();
    return true;
  });
}

/** A failed request runs again from where it stopped. */
export async function reopenDataRequest(
  db: Database,
  teamId: string,
  id: string,
): Promise<DataRequestRow | null> {
  const [row] = await db
    .update(dataRequests)
    .set({ status: 'RUNNING', error: null, endTime: null })
    .where(
      and(
        eq(dataRequests.teamId, teamId),
        eq(dataRequests.id, id),
        eq(dataRequests.status, 'FAILED'),
      ),
    )
    .returning();
  return row ?? null;
}

/** Marks a running request cancelled so that its job stops at its next step. */
export async function cancelDataRequest(db: Database, teamId: string, id: string): Promise<void> {
  await db
    .update(dataRequests)
    .set({ status: 'CANCELLED', endTime: sql`now()` })
    .where(
      and(
        eq(dataRequests.teamId, teamId),
        eq(dataRequests.id, id),
        eq(dataRequests.status, 'RUNNING'),
      ),
    );
}

/** Deletes a request and its rows (they cascade). */
export async function deleteDataRequestRow(
  db: Database,
  teamId: string,
  id: string,
): Promise<void> {
  await db
    .delete(dataRequests)
    .where(and(eq(dataRequests.teamId, teamId), eq(dataRequests.id, id)));
}

/** A request's rows in position order; a page of them when `page` is given. */
export async function readDataRequestRows(
  db: Database,
  teamId: string,
  id: string,
  page?: { offset: number; limit: number },
): Promise<unknown[]> {
  const query = db
    .select({ row: dataRequestResults.row })
    .from(dataRequestResults)
    .where(and(eq(dataRequestResults.teamId, teamId), eq(dataRequestResults.requestId, id)))
    .orderBy(asc(dataRequestResults.position));
  const rows = page ? await query.offset(page.offset).limit(page.limit) : await query;
  return rows.map(({ row }) => row);
}

export async function countDataRequestRows(
  db: Database,
  teamId: string,
  id: string,
): Promise<number> {
  const [row] = await db
    .select({ rows: count() })
    .from(dataRequestResults)
    .where(and(eq(dataRequestResults.teamId, teamId), eq(dataRequestResults.requestId, id)));
  return row?.rows ?? 0;
}
