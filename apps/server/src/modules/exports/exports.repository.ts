// The only code touching export jobs; every function takes the team first. The file's bytes are
// read only by the download (findExportFile), never with a job's state.
import type { ExportDataset, ExportJobStatus, ReportExportFormat } from '@tapwise/contracts';
import { and, desc, eq, getTableColumns, gt, lte } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { exportJobs } from './exports.tables';

const { file: _file, ...stateColumns } = getTableColumns(exportJobs);
export type ExportJobRow = Omit<typeof exportJobs.$inferSelect, 'file'>;

export async function insertExportJob(
  db: Database,
  teamId: string,
  values: {
    userId: string;
    dataset: ExportDataset;
    format: ReportExportFormat;
    input: unknown;
    receiverMail: string | null;
    expiresAt: Date;
  },
): Promise<ExportJobRow> {
  const [row] = await db
    .insert(exportJobs)
    .values({ ...values, teamId, status: 'QUEUED' })
    .returning(stateColumns);
  return row!;
}

export async function findExportJob(
  db: Database,
  teamId: string,
  id: string,
): Promise<ExportJobRow | null> {
  const [row] = await db
    .select(stateColumns)
    .from(exportJobs)
    .where(and(eq(exportJobs.teamId, teamId), eq(exportJobs.id, id)));
  return row ?? null;
}

/** The member's jobs not expired at `now`, newest first. */
export async function listExportJobs(
  db: Database,
  teamId: string,
  userId: string,
  now: Date,
): Promise<ExportJobRow[]> {
  return db
    .select(stateColumns)
    .from(exportJobs)
    .where(
      and(
        eq(exportJobs.teamId, teamId),
        eq(exportJobs.userId, userId),
        gt(exportJobs.expiresAt, now),
      ),
    )
    .orderBy(desc(exportJobs.createdAt));
}

/** A finished file of the member's, not expired at `now`. */
export async function findExportFile(
  db: Database,
  teamId: string,
  userId: string,
  id: string,
  now: Date,
): Promise<{ fileName: string; format: ReportExportFormat; file: Buffer } | null> {
  const [row] = await db
    .select({ fileName: exportJobs.fileName, format: exportJobs.format, file: exportJobs.file })
    .from(exportJobs)
    .where(
      and(
        eq(exportJobs.teamId, teamId),
        eq(exportJobs.userId, userId),
        eq(exportJobs.id, id),
        eq(exportJobs.status, 'DONE'),
        gt(exportJobs.expiresAt, now),
      ),
    );
  return row?.file && row.fileName
    ? { fileName: row.fileName, format: row.format, file: Buffer.from(row.file) }
    : null;
}

export async function updateExportJob(
  db: Database,
  teamId: string,
  id: string,
  values: Partial<{
    status: ExportJobStatus;
    rowsDone: number;
    rowsTotal: number;
    fileName: string;
    file: Buffer;
    error: string;
    finishedAt: Date;
  }>,
): Promise<ExportJobRow | null> {
  const [row] = await db
    .update(exportJobs)
    .set(values)
    .where(and(eq(exportJobs.teamId, teamId), eq(exportJobs.id, id)))
    .returning(stateColumns);
  return row ?? null;
}

/** Deletes every company's jobs expired at `now` (the cleanup job's sweep, across teams). */
export async function deleteExpiredExportJobs(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(exportJobs)
    .where(lte(exportJobs.expiresAt, now))
    .returning({ id: exportJobs.id });
  return deleted.length;
}
