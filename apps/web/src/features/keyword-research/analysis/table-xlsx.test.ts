import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ResearchColumn } from './table-rows';
import { rowsXlsx } from './table-xlsx';

interface Row {
  keyword: string;
  popularity: number | null;
}

const columns: ResearchColumn<Row>[] = [
  { key: 'keyword', label: 'Keyword', width: 200, value: (row) => row.keyword },
  {
    key: 'popularity',
    label: 'Popularity',
    width: 90,
    numeric: true,
    value: (row) => row.popularity,
  },
];

describe('rowsXlsx', () => {
  it('writes the headings, then each row with numbers as numbers and text as text', async () => {
    const blob = await rowsXlsx(columns, [
      { keyword: 'photo editor', popularity: 61 },
      { keyword: '=HYPERLINK("x")', popularity: null },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.getWorksheet('Tapwise')!;
    const values = [1, 2, 3].map((line) => (sheet.getRow(line).values as unknown[]).slice(1));
    expect(values).toEqual([
      ['Keyword', 'Popularity'],
      ['photo editor', 61],
      ['=HYPERLINK("x")', ''],
    ]);
    expect(sheet.getRow(3).getCell(1).type).toBe(ExcelJS.ValueType.String);
  });
});
