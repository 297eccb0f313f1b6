// Background exports (docs/exports.md): startExport checks the dataset's input and read
// permission and queues a job; the job writes the file a page at a time with the shared table
// writer, telling its owner the rows done over the socket, stores the file for a day and mails
// it when asked: attached, or as a link when it is too large to attach.
import {
  EXPORT_FILE_TTL_MS,
  EXPORT_MAIL_MAX_BYTES,
  EXPORT_MESSAGES,
  SOCKET_EVENTS,
  startExportInput,
  type ExportCell,
  type ExportJob,
  type ExportJobProgress,
} from '@tapwise/contracts';
import { z } from 'zod';
import { assertAccess, type AuthContext } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import type { JobContext } from '../job-context';
import { createMailer } from '../mail/mailer';
import { EXPORT_DATASET_DEFINITIONS } from './export-datasets';
import {
  findExportFile,
  findExportJob,
  insertExportJob,
  listExportJobs,
  updateExportJob,
  type ExportJobRow,
} from './exports.repository';
import { exportFileJob } from './jobs/export-file.job';
import { bufferOf, TABLE_FILE_CONTENT_TYPES, writeTableFile } from './table-file';

type Caller = AuthContext & { teamId: string };

export function exportJobOf(row: ExportJobRow): ExportJob {
  return {
    id: row.id,
    dataset: row.dataset,
    format: row.format,
    status: row.status,
    rowsDone: row.rowsDone,
    rowsTotal: row.rowsTotal,
    fileName: row.fileName,
    receiverMail: row.receiverMail,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function startExport(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  caller: Caller,
  rawInput: unknown,
  locale: string,
): Promise<ExportJob> {
  const { dataset, format, input, receiverMail } = startExportInput.parse(rawInput);
  const definition = EXPORT_DATASET_DEFINITIONS[dataset];
  assertAccess(caller, definition.permission);
  const row = await insertExportJob(ctx.db, caller.teamId, {
    userId: caller.userId,
    dataset,
    format,
    input: definition.input.parse(input),
    receiverMail: receiverMail ?? null,
    expiresAt: new Date(Date.now() + EXPORT_FILE_TTL_MS),
  });
  await ctx.jobs.send(exportFileJob, { teamId: caller.teamId, exportJobId: row.id, locale });
  return exportJobOf(row);
}

/** One of the caller's own exports; anyone else's, or no such id, is not found. */
export async function readExportJob(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
  id: string,
): Promise<ExportJob> {
  const row = z.uuid().safeParse(id).success
    ? await findExportJob(ctx.db, caller.teamId, id)
    : null;
  if (!row || row.userId !== caller.userId || row.expiresAt <= new Date())
    throw new AppError('NOT_FOUND', EXPORT_MESSAGES.notFound);
  return exportJobOf(row);
}

export async function readExportJobs(
  ctx: Pick<AppContext, 'db'>,
  caller: Caller,
): Promise<ExportJob[]> {
  return (await listExportJobs(ctx.db, caller.teamId, caller.userId, new Date())).map(exportJobOf);
}

/** The caller's finished file, for the download route. */
export async function readExportFile(ctx: Pick<AppContext, 'db'>, caller: Caller, id: string) {
  const found = z.uuid().safeParse(id).success
    ? await findExportFile(ctx.db, caller.teamId, caller.userId, id, new Date())
    : null;
  if (!found) throw new AppError('NOT_FOUND', EXPORT_MESSAGES.notFound);
  return { ...found, contentType: TABLE_FILE_CONTENT_TYPES[found.format] };
}

const progressOf = (row: ExportJobRow): ExportJobProgress => {
  const { id, dataset, format, status, rowsDone, rowsTotal, fileName, receiverMail } =
    exportJobOf(row);
  return { id, dataset, format, status, rowsDone, rowsTotal, fileName, receiverMail };
};

/** The pages of a table, reporting the rows written after each one. */
async function* countedPages(
  pages: AsyncIterable<ExportCell[][]>,
  onPage: (rowsDone: number) => Promise<void>,
) {
  let rowsDone = 0;
  for await (const rows of pages) {
    yield rows;
    rowsDone += rows.length;
    await onPage(rowsDone);
  }
}

/** The job's work: writes the file, stores it, mails it when asked. */
export async function runExportJob(
  ctx: JobContext,
  teamId: string,
  id: string,
  locale: string,
): Promise<void> {
  const job = await findExportJob(ctx.db, teamId, id);
  if (!job || job.status === 'DONE' || job.status === 'FAILED') return;
  const announce = (row: ExportJobRow | null) => {
    if (row) ctx.realtime.toUser(job.userId, SOCKET_EVENTS.exportProgress, progressOf(row));
  };
  const definition = EXPORT_DATASET_DEFINITIONS[job.dataset];
  const opened = await definition.open(
    ctx.db,
    teamId,
    definition.input.parse(job.input),
    job.format,
  );
  announce(
    await updateExportJob(ctx.db, teamId, id, {
      status: 'RUNNING',
      rowsDone: 0,
      rowsTotal: opened.total,
      fileName: opened.fileName,
    }),
  );
  const table = {
    ...opened.table,
    pages: countedPages(opened.table.pages, async (rowsDone) =>
      announce(await updateExportJob(ctx.db, teamId, id, { rowsDone })),
    ),
  };
  const file = await bufferOf((out) => writeTableFile(job.format, table, out));
  const done = await updateExportJob(ctx.db, teamId, id, {
    status: 'DONE',
    file,
    finishedAt: new Date(),
  });
  if (done?.receiverMail) await mailExport(ctx, done, file, locale);
  announce(done);
}

async function mailExport(
  ctx: Pick<JobContext, 'db' | 'config' | 'logger'>,
  row: ExportJobRow,
  file: Buffer,
  locale: string,
): Promise<void> {
  const fileName = row.fileName!;
  const attach = file.length <= EXPORT_MAIL_MAX_BYTES;
  await createMailer(ctx.config, ctx.db, ctx.logger).send({
    to: row.receiverMail!,
    template: attach ? 'exportAttached' : 'exportLink',
    locale,
    link: `${ctx.config.publicUrl}/exports/${row.id}`,
    values: { file: fileName },
    ...(attach
      ? {
          attachments: [
            {
              filename: fileName,
              content: file,
              contentType: TABLE_FILE_CONTENT_TYPES[row.format],
            },
          ],
        }
      : {}),
  });
}

/** The job failed on its last attempt: the export ends, so that its progress bar does too. */
export async function giveUpExportJob(
  ctx: Pick<JobContext, 'db' | 'realtime'>,
  teamId: string,
  id: string,
): Promise<void> {
  const job = await findExportJob(ctx.db, teamId, id);
  if (!job || job.status === 'DONE') return;
  const row = await updateExportJob(ctx.db, teamId, id, {
    status: 'FAILED',
    error: EXPORT_MESSAGES.failed,
    finishedAt: new Date(),
  });
  if (row) ctx.realtime.toUser(row.userId, SOCKET_EVENTS.exportProgress, progressOf(row));
}
