// The rows a research table shows as an XLSX workbook: what its CSV holds, with numbers as numbers.
// The table computes its cells in the browser, so the workbook is written here too; exceljs loads
// only when someone asks for one.
import type { ResearchColumn } from './table-rows';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function rowsXlsx<Row>(
  columns: readonly ResearchColumn<Row>[],
  rows: readonly Row[],
): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tapwise');
  sheet.columns = columns.map((column) => ({
    header: column.label,
    key: column.key,
    width: Math.min(40, Math.max(12, column.label.length + 2)),
  }));
  sheet.getRow(1).font = { bold: true };
  // Strings are written as text, never as formulas, so a cell starting with "=" stays a string.
  for (const row of rows) sheet.addRow(columns.map((column) => column.value(row) ?? ''));
  return new Blob([await workbook.xlsx.writeBuffer()], { type: XLSX_TYPE });
}
