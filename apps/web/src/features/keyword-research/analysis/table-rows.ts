// What the research tables do to their rows, apart from showing them: filter by text and by
// numeric ranges, sort (empty values last either way), and write them as CSV.
import { reportCsvLines } from '@tapwise/contracts';
import type { ReactNode } from 'react';
import { formatPercent } from '../../../shared/format/format';
import { NO_VALUE } from '../../../shared/format/metric-format';

export type CellValue = string | number | null;

export interface ResearchColumn<Row> {
  key: string;
  label: string;
  width: number;
  numeric?: boolean;
  /** Offers a from–to filter on the column's numbers. */
  range?: boolean;
  /** The value sorted, filtered and exported. */
  value(row: Row): CellValue;
  /** What the cell shows; the value as it is when absent. */
  render?(row: Row): ReactNode;
}

export interface NumberRange {
  min?: number;
  max?: number;
}

export interface RowFilter {
  text: string;
  ranges: Record<string, NumberRange>;
}

export interface RowSort {
  key: string;
  desc: boolean;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const inRange = (value: CellValue, range: NumberRange | undefined) =>
  !range ||
  ((range.min === undefined || (typeof value === 'number' && value >= range.min)) &&
    (range.max === undefined || (typeof value === 'number' && value <= range.max)));

export function filterRows<Row>(
  rows: readonly Row[],
  columns: readonly ResearchColumn<Row>[],
  textOf: (row: Row) => string,
  filter: RowFilter,
): Row[] {
  const needle = filter.text.trim().toLocaleLowerCase();
  const ranged = columns.filter((column) => filter.ranges[column.key]);
  return rows.filter(
    (row) =>
      (!needle || textOf(row).toLocaleLowerCase().includes(needle)) &&
      ranged.every((column) => inRange(column.value(row), filter.ranges[column.key])),
  );
}

function compareValues(a: CellValue, b: CellValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

export function sortRows<Row>(
  rows: readonly Row[],
  column: ResearchColumn<Row> | undefined,
  desc: boolean,
): readonly Row[] {
  if (!column) return rows;
  // Values are read once per row, not once per comparison.
  const keyed = rows.map((row) => ({ row, value: column.value(row) }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) {
      return a.value === b.value ? 0 : a.value === null ? 1 : -1;
    }
    const order = compareValues(a.value, b.value);
    return desc ? -order : order;
  });
  return keyed.map((entry) => entry.row);
}

/** The rows as CSV: a heading line with the columns' labels, then one line per row. */
export function rowsCsv<Row>(
  columns: readonly ResearchColumn<Row>[],
  rows: readonly Row[],
): string {
  return reportCsvLines([
    columns.map((column) => column.label),
    ...rows.map((row) => columns.map((column) => String(column.value(row) ?? ''))),
  ]);
}

/** A share 0-100 as the interface writes percentages. */
export const shareCell = (share: number | null) =>
  share === null ? NO_VALUE : formatPercent(share / 100);
