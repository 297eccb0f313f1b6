import { describe, expect, it } from 'vitest';
import { buildKeyword } from './analysis-factories';
import { filterRows, rowsCsv, sortRows, type ResearchColumn } from './table-rows';

type Row = ReturnType<typeof buildKeyword>;
const keyword: ResearchColumn<Row> = {
  key: 'keyword',
  label: 'Keyword',
  width: 100,
  value: (row) => row.keyword,
};
const popularity: ResearchColumn<Row> = {
  key: 'popularity',
  label: 'Popularity',
  width: 100,
  numeric: true,
  range: true,
  value: (row) => row.popularity,
};
const rows = [
  buildKeyword(1, { keyword: 'word 10', popularity: 5 }),
  buildKeyword(2, { keyword: 'word 9', popularity: null }),
  buildKeyword(3, { keyword: 'Word 2', popularity: 80 }),
];
const texts = (list: readonly Row[]) => list.map((row) => row.keyword);

describe('research table rows', () => {
  it('sorts numbers and text naturally, empty values last in either direction', () => {
    expect(texts(sortRows(rows, popularity, true))).toEqual(['Word 2', 'word 10', 'word 9']);
    expect(texts(sortRows(rows, popularity, false))).toEqual(['word 10', 'Word 2', 'word 9']);
    expect(texts(sortRows(rows, keyword, false))).toEqual(['Word 2', 'word 9', 'word 10']);
  });

  it('filters by text regardless of case and by a range, leaving out rows without a value', () => {
    const filter = (text: string, min?: number, max?: number) =>
      texts(
        filterRows(rows, [keyword, popularity], (row) => row.keyword, {
          text,
          ranges: { popularity: { min, max } },
        }),
      );
    expect(filter('WORD 1')).toEqual(['word 10']);
    expect(filter('', 5, 50)).toEqual(['word 10']);
    expect(filter('')).toEqual(['word 10', 'word 9', 'Word 2']);
  });

  it('writes the columns as a CSV heading and lines, empty for no value', () => {
    expect(rowsCsv([keyword, popularity], rows)).toBe(
      'Keyword,Popularity\r\nword 10,5\r\nword 9,\r\nWord 2,80\r\n',
    );
  });
});
