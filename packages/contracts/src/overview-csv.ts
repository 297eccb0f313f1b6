// The overview as CSV: one function for the page's download and the e-mailed export, so both
// files read the same. Numbers are written en-US; currency amounts with exactly 2 decimals.
import Papa from 'papaparse';
import {
  METRIC_KEYS,
  METRICS,
  metricChange,
  metricValues,
  type MetricCounts,
  type MetricKey,
  type MetricKind,
} from './metrics';
import {
  REPORT_DATASETS,
  type BreakdownRow,
  type OverviewReport,
  type ReportDataset,
  type ReportExportFormat,
  type TopEntityRow,
} from './overview';
import { NUMBER_LOCALE } from './ui';

/** Headings of the file; the web app passes its translations, the e-mail the recipient's. */
export interface OverviewCsvLabels {
  title: string;
  app: string;
  period: string;
  comparedWith: string;
  currency: string;
  granularity: string;
  dailyFrom: string;
  metric: string;
  current: string;
  previous: string;
  change: string;
  changePercent: string;
  date: string;
  keyword: string;
  matchType: string;
  adGroup: string;
  campaign: string;
  value: string;
  /** `{metric}` is replaced by the metric's label. */
  previousPeriodOf: string;
  sections: Record<ReportDataset, string>;
  metrics: Record<MetricKey, string>;
}

export const OVERVIEW_CSV_LABELS: OverviewCsvLabels = {
  title: 'Overview report',
  app: 'App',
  period: 'Period',
  comparedWith: 'Compared with',
  currency: 'Currency',
  granularity: 'Granularity',
  dailyFrom: 'Kept per day from',
  metric: 'Metric',
  current: 'Current',
  previous: 'Previous',
  change: 'Change',
  changePercent: 'Change %',
  date: 'Date',
  keyword: 'Keyword',
  matchType: 'Match type',
  adGroup: 'Ad group',
  campaign: 'Campaign',
  value: 'Value',
  previousPeriodOf: '{metric} (previous period)',
  sections: {
    totals: 'Totals',
    series: 'Series',
    topKeywords: 'Top keywords',
    topAdGroups: 'Top ad groups',
    gender: 'Gender',
    deviceClass: 'Device',
    placement: 'Placement',
    ageRange: 'Age',
    countryOrRegion: 'Country or region',
  },
  metrics: {
    spend: 'Spend',
    impressions: 'Impressions',
    taps: 'Taps',
    installs: 'Installs',
    tapInstalls: 'Tap-through installs',
    viewInstalls: 'View-through installs',
    newDownloads: 'New downloads',
    redownloads: 'Redownloads',
    ttr: 'TTR',
    conversionRate: 'Conversion rate',
    avgCpt: 'Avg CPT',
    avgCpm: 'Avg CPM',
    avgCpa: 'Avg CPA',
    cpi: 'CPI',
  },
};

export type OverviewCsvLabelOverrides = Partial<
  Omit<OverviewCsvLabels, 'sections' | 'metrics'> & {
    sections: Partial<OverviewCsvLabels['sections']>;
    metrics: Partial<OverviewCsvLabels['metrics']>;
  }
>;

const integerFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat(NUMBER_LOCALE, {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Micros as a currency amount with exactly 2 decimals, rounded half away from zero on the integer
 * micros (dividing as a float first would turn 1.005 into 1.00).
 */
export function formatMicrosAmount(micros: number): string {
  const cents = Math.round(Math.abs(micros) / 10_000);
  const sign = micros < 0 && cents > 0 ? '-' : '';
  const whole = integerFormat.format(Math.floor(cents / 100));
  return `${sign}${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** A metric value as the file writes it; empty where the metric is undefined. */
export function formatMetricValue(key: MetricKey, value: number | null): string {
  if (value === null) return '';
  switch (METRICS[key].kind) {
    case 'money':
      return formatMicrosAmount(value);
    case 'ratio':
      return percentFormat.format(value);
    case 'count':
      return integerFormat.format(value);
  }
}

/** Spreadsheets run cells starting with these as formulas; names from Apple must stay text. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Text as a spreadsheet cell: a leading formula character is escaped with `'`. */
export const spreadsheetText = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

function mergeLabels(overrides: OverviewCsvLabelOverrides = {}): OverviewCsvLabels {
  return {
    ...OVERVIEW_CSV_LABELS,
    ...overrides,
    sections: { ...OVERVIEW_CSV_LABELS.sections, ...overrides.sections },
    metrics: { ...OVERVIEW_CSV_LABELS.metrics, ...overrides.metrics },
  };
}

/**
 * `tapwise-overview-<app>-<start>-<end>.<csv|xlsx>`, the app's name reduced to letters and digits:
 * accents come off Latin letters only (パ must not become ハ).
 */
export function overviewCsvFileName(
  appName: string,
  period: { start: string; end: string },
  format: ReportExportFormat = 'csv',
) {
  const app =
    appName
      .normalize('NFD')
      .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'app';
  return `tapwise-overview-${app}-${period.start}-${period.end}.${format}`;
}

/** A cell of an exported table: text, or a number of a kind (money in currency units). */
export type ExportCell =
  { kind: 'text'; value: string } | { kind: MetricKind; value: number | null };

const textCell = (value: string): ExportCell => ({ kind: 'text', value });

/** A cell as a CSV writes it: text kept from running as a formula, numbers en-US. */
export function exportCellText(cell: ExportCell): string {
  if (cell.kind === 'text') return spreadsheetText(cell.value);
  if (cell.value === null) return '';
  if (cell.kind === 'money') return formatMicrosAmount(Math.round(cell.value * 1_000_000));
  return cell.kind === 'ratio'
    ? percentFormat.format(cell.value)
    : integerFormat.format(cell.value);
}

/** One dataset of the overview: its title, then its headings and rows. */
export interface OverviewSection {
  dataset: ReportDataset;
  title: string;
  lines: ExportCell[][];
}

/**
 * The overview as typed tables: the lines naming the app and periods, then one section per
 * dataset asked for. The CSV writes them one under the other; the XLSX one sheet each.
 */
export function overviewSections(
  report: OverviewReport,
  labelOverrides?: OverviewCsvLabelOverrides,
  datasets: readonly ReportDataset[] = REPORT_DATASETS,
): { header: ExportCell[][]; sections: OverviewSection[] } {
  const labels = mergeLabels(labelOverrides);
  const { totals } = report;
  const texts = (...values: string[]) => values.map(textCell);
  const metricLabel = (key: MetricKey) =>
    METRICS[key].kind === 'money'
      ? `${labels.metrics[key]} (${totals.currency})`
      : labels.metrics[key];
  const metricCell = (key: MetricKey, value: number | null): ExportCell =>
    METRICS[key].kind === 'money'
      ? { kind: 'money', value: value === null ? null : value / 1_000_000 }
      : { kind: METRICS[key].kind, value };
  const metricCells = (counts: MetricCounts): ExportCell[] => {
    const values = metricValues(counts);
    return METRIC_KEYS.map((key) => metricCell(key, values[key]));
  };
  const metricHeadings = METRIC_KEYS.map(metricLabel);

  const sections: Record<ReportDataset, () => ExportCell[][]> = {
    totals: () => {
      const current = metricValues(totals.current);
      const previous = metricValues(totals.previous);
      return [
        texts(labels.metric, labels.current, labels.previous, labels.change, labels.changePercent),
        ...METRIC_KEYS.map((key) => {
          const change = metricChange(key, current[key], previous[key]);
          return [
            textCell(metricLabel(key)),
            metricCell(key, current[key]),
            metricCell(key, previous[key]),
            metricCell(key, change.absolute),
            { kind: 'ratio' as const, value: change.relative },
          ];
        }),
      ];
    },
    series: () => [
      texts(labels.date, ...metricHeadings),
      ...report.series.map((point) => [textCell(point.date), ...metricCells(point.counts)]),
    ],
    topKeywords: () => [
      texts(labels.keyword, labels.matchType, labels.campaign, ...metricHeadings),
      ...report.topKeywords.map((row: TopEntityRow) => [
        ...texts(row.name, row.matchType ?? '', row.campaignName),
        ...metricCells(row.counts),
      ]),
    ],
    topAdGroups: () => [
      texts(labels.adGroup, labels.campaign, ...metricHeadings),
      ...report.topAdGroups.map((row: TopEntityRow) => [
        ...texts(row.name, row.campaignName),
        ...metricCells(row.counts),
      ]),
    ],
    gender: () => breakdown(report.breakdowns.gender),
    deviceClass: () => breakdown(report.breakdowns.deviceClass),
    placement: () => breakdown(report.breakdowns.placement),
    ageRange: () => breakdown(report.breakdowns.ageRange),
    countryOrRegion: () => breakdown(report.breakdowns.countryOrRegion),
  };
  function breakdown(rows: readonly BreakdownRow[]): ExportCell[][] {
    const previousHeadings = METRIC_KEYS.map((key) =>
      labels.previousPeriodOf.replace('{metric}', metricLabel(key)),
    );
    return [
      texts(labels.value, ...metricHeadings, ...previousHeadings),
      ...rows.map((row) => [
        textCell(row.value),
        ...metricCells(row.counts),
        ...metricCells(row.previous),
      ]),
    ];
  }

  return {
    header: [
      texts(labels.title),
      texts(labels.app, report.appName),
      texts(labels.period, totals.currdate.start, totals.currdate.end),
      texts(labels.comparedWith, totals.prevdate.start, totals.prevdate.end),
      texts(labels.currency, totals.currency),
      texts(labels.granularity, report.granularity),
      texts(labels.dailyFrom, totals.dailyFrom),
    ],
    sections: REPORT_DATASETS.filter((dataset) => datasets.includes(dataset)).map((dataset) => ({
      dataset,
      title: labels.sections[dataset],
      lines: sections[dataset](),
    })),
  };
}

export function buildOverviewCsv(
  report: OverviewReport,
  labelOverrides?: OverviewCsvLabelOverrides,
  datasets: readonly ReportDataset[] = REPORT_DATASETS,
): string {
  const { header, sections } = overviewSections(report, labelOverrides, datasets);
  const lines: ExportCell[][] = [...header];
  for (const section of sections) lines.push([], [textCell(section.title)], ...section.lines);
  return Papa.unparse(
    lines.map((line) => line.map(exportCellText)),
    { newline: '\r\n' },
  );
}
