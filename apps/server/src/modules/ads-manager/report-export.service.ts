// The ads manager's export: every row the view matches (not only the page the browser holds),
// read a page of REPORT_MAX_PAGE_SIZE at a time through the same report reads as the table, and
// written to a stream as it is read: CSV (papaparse quoting, formula characters escaped, money
// with 2 decimals) or XLSX (exceljs' streaming writer, numbers as numbers in their format).
// Under the rows come the totals lines of the table: one per currency and, for rows of several
// currencies, the total converted into the reporting currency, marked (never a sum across them).
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  exportCell,
  exportTotalsLines,
  REPORT_MAX_PAGE_SIZE,
  reportCsvLines,
  reportExportFileName,
  reportExportInput,
  reportQuerySchema,
  type ExportCell,
  type ReportPage,
  type ReportRow,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { reportPage } from './reports.service';

type ExportInput = ReturnType<typeof reportExportInput.parse>;

export interface ReportExport {
  fileName: string;
  contentType: string;
  /** Rows the file holds. */
  total: number;
  body: Readable;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** XLSX number formats per kind of value. */
const NUMBER_FORMATS = { money: '#,##0.00', count: '#,##0', ratio: '0.00%' } as const;

/**
 * Starts the export: the first page is read before anything is sent, so a refused query answers
 * with an error rather than a broken file.
 */
export async function startReportExport(
  db: Database,
  teamId: string,
  rawInput: unknown,
): Promise<ReportExport> {
  const input = reportExportInput.parse(rawInput);
  const pageAt = (offset: number) =>
    reportPage(
      db,
      teamId,
      input.level,
      reportQuerySchema.parse({ ...input.query, offset, limit: REPORT_MAX_PAGE_SIZE }),
    );
  const first = await pageAt(0);
  const body = new PassThrough();
  const write = input.format === 'csv' ? writeCsv : writeXlsx;
  write(input, first, pageAt, body).catch((error: unknown) => body.destroy(error as Error));
  return {
    fileName: reportExportFileName(input.level, input.query.period, input.format),
    contentType: CONTENT_TYPES[input.format],
    total: first.total,
    body,
  };
}

/** Every page of the view, the first one already read. */
async function* pagesOf(first: ReportPage, pageAt: (offset: number) => Promise<ReportPage>) {
  yield first.rows;
  for (let offset = REPORT_MAX_PAGE_SIZE; offset < first.total; offset += REPORT_MAX_PAGE_SIZE)
    yield (await pageAt(offset)).rows;
}

const cellsOf = (input: ExportInput, row: ReportRow): ExportCell[] =>
  input.columns.map((column) => exportCell(row, column.key, input.codeWords));

async function writeCsv(
  input: ExportInput,
  first: ReportPage,
  pageAt: (offset: number) => Promise<ReportPage>,
  body: PassThrough,
): Promise<void> {
  // A byte order mark lets spreadsheet programs read the UTF-8 names.
  body.write(`\uFEFF${reportCsvLines([input.columns.map((column) => column.heading)])}`);
  for await (const rows of pagesOf(first, pageAt))
    body.write(reportCsvLines(rows.map((row) => cellsOf(input, row))));
  body.write(reportCsvLines(exportTotalsLines(first.totals, input.columns, input.codeWords)));
  body.end();
}

async function writeXlsx(
  input: ExportInput,
  first: ReportPage,
  pageAt: (offset: number) => Promise<ReportPage>,
  body: PassThrough,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true });
  const sheet = workbook.addWorksheet('Tapwise');
  sheet.columns = input.columns.map((column) => ({
    header: column.heading,
    key: column.key,
    width: Math.min(40, Math.max(12, column.heading.length + 2)),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const addLine = (cells: ExportCell[], bold = false) => {
    const written = sheet.addRow(cells.map((cell) => cell.value));
    cells.forEach((cell, index) => {
      if (cell.kind !== 'text') written.getCell(index + 1).numFmt = NUMBER_FORMATS[cell.kind];
    });
    if (bold) written.font = { bold: true };
    written.commit();
  };
  for await (const rows of pagesOf(first, pageAt))
    for (const row of rows) addLine(cellsOf(input, row));
  for (const line of exportTotalsLines(first.totals, input.columns, input.codeWords))
    addLine(line, true);
  sheet.commit();
  await workbook.commit();
}
