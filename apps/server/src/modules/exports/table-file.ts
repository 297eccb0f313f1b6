// The one writer of exported tables: headings, pages of typed cells and totals lines, written as
// CSV (papaparse quoting, formula characters escaped, numbers en-US) or XLSX (exceljs' streaming
// writer, numbers as numbers in their format, totals lines bold). Every export uses it: the ads
// manager's direct download, the rule logs and the background export jobs.
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { reportCsvLines, type ExportCell, type ReportExportFormat } from '@tapwise/contracts';

export interface TableFile {
  headings: readonly string[];
  /** The rows, a page at a time, so that a large table is never held whole. */
  pages: AsyncIterable<ExportCell[][]>;
  /** Lines under the rows (bold in XLSX), read once every page is written. */
  totals?: () => ExportCell[][];
}

export const TABLE_FILE_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const satisfies Record<ReportExportFormat, string>;

/** XLSX number formats per kind of value. */
export const TABLE_FILE_NUMBER_FORMATS = {
  money: '#,##0.00',
  count: '#,##0',
  ratio: '0.00%',
} as const;

/** Writes the table to `out` and ends it. */
export function writeTableFile(
  format: ReportExportFormat,
  table: TableFile,
  out: Writable,
): Promise<void> {
  return format === 'csv' ? writeCsv(table, out) : writeXlsx(table, out);
}

async function writeCsv(table: TableFile, out: Writable): Promise<void> {
  // A byte order mark lets spreadsheet programs read the UTF-8 names.
  out.write(`\uFEFF${reportCsvLines([table.headings])}`);
  for await (const rows of table.pages) out.write(reportCsvLines(rows));
  out.write(reportCsvLines(table.totals?.() ?? []));
  out.end();
}

/** A sheet of a workbook: its name, shown on its tab, and its table. */
export interface TableSheet {
  name: string;
  table: TableFile;
}

/** Characters Excel refuses in a sheet's name, and its longest name. */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;
const SHEET_NAME_MAX = 31;

/** Writes several tables as one XLSX, a sheet each, and ends `out`. */
export async function writeWorkbook(sheets: readonly TableSheet[], out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  for (const { name, table } of sheets)
    await writeSheet(
      workbook,
      name.replace(SHEET_NAME_FORBIDDEN, ' ').slice(0, SHEET_NAME_MAX) || 'Tapwise',
      table,
    );
  await workbook.commit();
}

/** What a writer wrote to its stream, as one buffer (a file to store or attach). */
export async function bufferOf(write: (out: Writable) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)));
  const ended = new Promise((resolve, reject) => out.on('end', resolve).on('error', reject));
  await write(out);
  await ended;
  return Buffer.concat(chunks);
}

const writeXlsx = (table: TableFile, out: Writable) =>
  writeWorkbook([{ name: 'Tapwise', table }], out);

async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  table: TableFile,
): Promise<void> {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = table.headings.map((heading) => ({
    header: heading,
    width: Math.min(40, Math.max(12, heading.length + 2)),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const addLine = (cells: ExportCell[], bold = false) => {
    const written = sheet.addRow(cells.map((cell) => cell.value));
    cells.forEach((cell, index) => {
      if (cell.kind !== 'text')
        written.getCell(index + 1).numFmt = TABLE_FILE_NUMBER_FORMATS[cell.kind];
    });
    if (bold) written.font = { bold: true };
    written.commit();
  };
  for await (const rows of table.pages) for (const row of rows) addLine(row);
  for (const line of table.totals?.() ?? []) addLine(line, true);
  sheet.commit();
}
