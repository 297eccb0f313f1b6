// The ads manager's export: every row the view matches (not only the page the browser holds),
// read a page of REPORT_MAX_PAGE_SIZE at a time through the same report reads as the table, and
// written by the shared table writer as it is read (modules/exports/table-file.ts). Under the
// rows come the totals lines of the table: one per currency and, for rows of several currencies,
// the total converted into the reporting currency, marked (never a sum across them).
import { PassThrough, type Readable } from 'node:stream';
import {
  exportCell,
  exportTotalsLines,
  REPORT_MAX_PAGE_SIZE,
  reportExportFileName,
  reportExportInput,
  reportQuerySchema,
  type ReportExportFormat,
  type ReportPage,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { TABLE_FILE_CONTENT_TYPES, writeTableFile, type TableFile } from '../exports/table-file';
import { reportPage } from './reports.service';

/** The view's question without the file's format (a background export carries it apart). */
export const reportExportQuestion = reportExportInput.omit({ format: true });
type ReportExportQuestion = ReturnType<typeof reportExportQuestion.parse>;

export interface ReportExport {
  fileName: string;
  contentType: string;
  /** Rows the file holds. */
  total: number;
  body: Readable;
}

/**
 * The view as a table to write, its first page read (a refused query fails here, before any
 * byte of a file), with how many rows it holds.
 */
export async function reportExportTable(
  db: Database,
  teamId: string,
  input: ReportExportQuestion,
  format: ReportExportFormat,
): Promise<{ fileName: string; total: number; table: TableFile }> {
  const pageAt = (offset: number) =>
    reportPage(
      db,
      teamId,
      input.level,
      reportQuerySchema.parse({ ...input.query, offset, limit: REPORT_MAX_PAGE_SIZE }),
    );
  const first = await pageAt(0);
  const cellsOf = (rows: ReportPage['rows']) =>
    rows.map((row) => input.columns.map((column) => exportCell(row, column.key, input.codeWords)));
  async function* pages() {
    yield cellsOf(first.rows);
    for (let offset = REPORT_MAX_PAGE_SIZE; offset < first.total; offset += REPORT_MAX_PAGE_SIZE)
      yield cellsOf((await pageAt(offset)).rows);
  }
  return {
    fileName: reportExportFileName(input.level, input.query.period, format),
    total: first.total,
    table: {
      headings: input.columns.map((column) => column.heading),
      pages: pages(),
      totals: () => exportTotalsLines(first.totals, input.columns, input.codeWords),
    },
  };
}

/**
 * Starts the export: the first page is read before anything is sent, so a refused query answers
 * with an error rather than a broken file.
 */
export async function startReportExport(
  db: Database,
  teamId: string,
  rawInput: unknown,
): Promise<ReportExport> {
  const { format, ...question } = reportExportInput.parse(rawInput);
  const { fileName, total, table } = await reportExportTable(db, teamId, question, format);
  const body = new PassThrough();
  writeTableFile(format, table, body).catch((error: unknown) => body.destroy(error as Error));
  return { fileName, contentType: TABLE_FILE_CONTENT_TYPES[format], total, body };
}
