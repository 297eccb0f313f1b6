// The ads manager's export (CSV or XLSX of the current view, every matching row): what the
// browser asks for, and each cell's value as a file holds it. The server builds the file; the
// browser names the columns in its language and the words it shows for Apple's codes, so the
// file reads as the table does.
import Papa from 'papaparse';
import { z } from 'zod';
import { REPORT_LEVELS, reportQuerySchema, type ReportLevel, type ReportRow } from './ads-manager';
import type { ReportTotals } from './currencies';
import { METRIC_KEYS, METRICS, type MetricKey } from './metrics';
import { REPORT_EXPORT_FORMATS, type ReportExportFormat } from './overview';
import { exportCellText, spreadsheetText, type ExportCell } from './overview-csv';

export const reportExportInput = z.object({
  level: z.enum(REPORT_LEVELS as [ReportLevel, ...ReportLevel[]]),
  format: z.enum(REPORT_EXPORT_FORMATS),
  /** The view's question; paging does not apply, every matching row is exported. */
  query: reportQuerySchema.omit({ offset: true, limit: true }),
  /** The visible columns in order, with their headings in the interface language. */
  columns: z
    .array(z.object({ key: z.string().min(1).max(40), heading: z.string().min(1).max(120) }))
    .min(1)
    .max(80),
  /** Apple's codes in words ("status.PAUSED": "Paused"); a code without one is written as is. */
  codeWords: z
    .record(z.string().max(80), z.string().max(120))
    .refine((words) => Object.keys(words).length <= 300, { message: 'validation.tooMany' })
    .default({}),
});
export type ReportExportInput = z.input<typeof reportExportInput>;

const text = (value: string | null | undefined): ExportCell => ({
  kind: 'text',
  value: value ?? '',
});
const money = (micros: number | null | undefined): ExportCell => ({
  kind: 'money',
  value: micros === null || micros === undefined ? null : micros / 1_000_000,
});
const count = (value: number | null | undefined): ExportCell => ({
  kind: 'count',
  value: value ?? null,
});

/** A name, or how many when the row stands for several (a creative set in several ad groups). */
const nameOrCount = (name: string | null | undefined, many: number | undefined): ExportCell =>
  text(name || (many && many > 1 ? String(many) : ''));

type Words = Readonly<Record<string, string>>;
const code = (words: Words, group: string, value: string | null | undefined): ExportCell =>
  text(value ? (words[`${group}.${value}`] ?? value) : '');

/** The entity columns the ads manager's tables show, as the table reads them. */
const ENTITY_CELLS: Record<string, (row: ReportRow, words: Words) => ExportCell> = {
  name: (row) => text(row.name),
  status: (row, words) =>
    code(words, 'status', row.deleted ? 'DELETED' : (row.displayStatus ?? row.status)),
  app: (row) => text(row.details.appName),
  campaign: (row) => nameOrCount(row.details.campaignName, row.details.campaignCount),
  adGroup: (row) => nameOrCount(row.details.adGroupName, row.details.adGroupCount),
  dailyBudget: (row) => money(row.details.dailyBudgetMicros),
  countries: (row) => text(row.details.countriesOrRegions?.join(', ')),
  defaultBid: (row) => money(row.details.defaultBidMicros),
  cpaGoal: (row) => money(row.details.cpaGoalMicros),
  matchType: (row, words) => code(words, 'matchType', row.details.matchType),
  // A keyword without a bid of its own bids its ad group's default bid.
  bid: (row) => money(row.details.bidMicros ?? row.details.defaultBidMicros),
  creativeType: (row, words) => code(words, 'creativeType', row.details.creativeType),
  source: (row, words) => code(words, 'source', row.details.searchTermSource),
  keyword: (row) => text(row.details.keywordText),
  campaignCount: (row) => count(row.details.campaignCount),
  currency: (row) => text(row.details.currency),
  timeZone: (row) => text(row.details.timeZone),
};

const isMetric = (key: string): key is MetricKey =>
  (METRIC_KEYS as readonly string[]).includes(key);

/** The cell of `key` for a row; a column this export does not know is left empty. */
export function exportCell(row: ReportRow, key: string, words: Words = {}): ExportCell {
  if (isMetric(key)) {
    const metric = METRICS[key];
    const value = metric.value(row.counts);
    return metric.kind === 'money' ? money(value) : { kind: metric.kind, value };
  }
  return ENTITY_CELLS[key]?.(row, words) ?? text('');
}

/**
 * The words of the totals lines, which the browser sends among `codeWords` in the interface
 * language ("{{currency}}" and "{{rates}}" are filled in here); English without them.
 */
export const EXPORT_TOTAL_WORDS = {
  'total.currency': 'Total {{currency}}',
  'total.converted': '≈ Total in {{currency}}, converted at {{rates}}',
  'total.notConverted': '≈ Total in {{currency}}: not converted, a rate is missing',
  'total.rates.ECB': "the ECB's daily reference rates",
  'total.rates.SIMULATOR': 'simulated daily rates (demo)',
  'total.rates.none': 'daily reference rates',
} as const;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * The totals lines under the rows, as the table's totals row: one per currency, in its own
 * currency, then, when the rows are in several, the total converted into the reporting currency
 * (money converted day by day, counts added), marked as converted. Money of two currencies is
 * never added. Each line is named in the first column that is not a metric.
 */
export function exportTotalsLines(
  totals: ReportTotals,
  columns: readonly { key: string }[],
  words: Words = {},
): ExportCell[][] {
  const word = (key: keyof typeof EXPORT_TOTAL_WORDS) => words[key] ?? EXPORT_TOTAL_WORDS[key];
  const labelAt = Math.max(
    0,
    columns.findIndex((column) => !isMetric(column.key)),
  );
  const line = (label: string, currency: string, counts: ReportRow['counts'] | null) =>
    columns.map((column, index): ExportCell => {
      if (index === labelAt) return text(label);
      if (column.key === 'currency') return text(currency);
      if (!isMetric(column.key)) return text('');
      if (!counts) return { kind: METRICS[column.key].kind, value: null };
      return exportCell({ counts } as ReportRow, column.key, words);
    });
  const lines = totals.byCurrency.map(({ currency, counts }) =>
    line(fill(word('total.currency'), { currency }), currency, counts),
  );
  const converted = totals.converted;
  if (converted) {
    const rates = word(`total.rates.${converted.source ?? 'none'}`);
    const label = converted.counts
      ? fill(word('total.converted'), { currency: converted.currency, rates })
      : fill(word('total.notConverted'), { currency: converted.currency });
    lines.push(line(label, converted.currency, converted.counts));
  }
  return lines;
}

/** `tapwise-<level>-<start>-<end>.<csv|xlsx>`. */
export function reportExportFileName(
  level: ReportLevel,
  period: { start: string; end: string },
  format: ReportExportFormat,
): string {
  const name = level.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return `tapwise-${name}-${period.start}-${period.end}.${format}`;
}

/** Lines of the CSV (quoted where needed, CRLF-ended): the headings, or a page of rows. */
export function reportCsvLines(lines: readonly (readonly string[])[] | ExportCell[][]): string {
  if (lines.length === 0) return '';
  const values = lines.map((line) =>
    line.map((cell) => (typeof cell === 'string' ? spreadsheetText(cell) : exportCellText(cell))),
  );
  return `${Papa.unparse(values)}\r\n`;
}
