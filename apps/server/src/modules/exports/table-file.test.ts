// The shared table writer: CSV quoting and formula escape, numbers en-US; XLSX read back with
// exceljs: numbers stay numbers in their kind's format, headings and totals lines bold.
import { PassThrough } from 'node:stream';
import type { ExportCell } from '@tapwise/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { TABLE_FILE_NUMBER_FORMATS, writeTableFile, type TableFile } from './table-file';

const text = (value: string): ExportCell => ({ kind: 'text', value });

function table(): TableFile {
  async function* pages(): AsyncGenerator<ExportCell[][]> {
    yield [
      [text('=HYPERLINK("x")'), { kind: 'money', value: 1234.5 }, { kind: 'ratio', value: 0.125 }],
    ];
    yield [[text('plain, "quoted"'), { kind: 'money', value: null }, { kind: 'count', value: 7 }]];
  }
  return {
    headings: ['Keyword', 'Spend', 'TTR'],
    pages: pages(),
    totals: () => [
      [text('Total USD'), { kind: 'money', value: 1234.5 }, { kind: 'count', value: 7 }],
    ],
  };
}

async function written(format: 'csv' | 'xlsx'): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
  await writeTableFile(format, table(), out);
  return Buffer.concat(chunks);
}

describe('writeTableFile', () => {
  it('writes a CSV with a byte order mark, quoted text, formulas kept as text and en-US numbers', async () => {
    const csv = (await written('csv')).toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data).toEqual([
      ['Keyword', 'Spend', 'TTR'],
      [`'=HYPERLINK("x")`, '1,234.50', '12.50%'],
      ['plain, "quoted"', '', '7'],
      ['Total USD', '1,234.50', '7'],
    ]);
  });

  it('writes an XLSX whose numbers are numbers in their format, headings and totals bold', async () => {
    const workbook = new ExcelJS.Workbook();
    const file = await written('xlsx');
    await workbook.xlsx.load(
      file.buffer.slice(file.byteOffset, file.byteOffset + file.length) as ArrayBuffer,
    );
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Keyword', 'Spend', 'TTR']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const first = sheet.getRow(2);
    // Text is never a formula in XLSX: it is written as a string.
    expect(first.getCell(1).value).toBe('=HYPERLINK("x")');
    expect(first.getCell(2).value).toBe(1234.5);
    expect(first.getCell(2).numFmt).toBe(TABLE_FILE_NUMBER_FORMATS.money);
    expect(first.getCell(3).value).toBe(0.125);
    expect(first.getCell(3).numFmt).toBe(TABLE_FILE_NUMBER_FORMATS.ratio);
    expect(sheet.getRow(3).getCell(3).numFmt).toBe(TABLE_FILE_NUMBER_FORMATS.count);
    expect(sheet.getRow(4).getCell(1).value).toBe('Total USD');
    expect(sheet.getRow(4).font?.bold).toBe(true);
    expect(sheet.getRow(2).font?.bold).toBeFalsy();
  });
});
