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
} from './metrics';
import {
  REPORT_DATASETS,
  type BreakdownRow,
  type OverviewReport,
  type ReportDataset,
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
const text = spreadsheetText;

function mergeLabels(overrides: OverviewCsvLabelOverrides = {}): OverviewCsvLabels {
  return {
    ...OVERVIEW_CSV_LABELS,
    ...overrides,
    sections: { ...OVERVIEW_CSV_LABELS.sections, ...overrides.sections },
    metrics: { ...OVERVIEW_CSV_LABELS.metrics, ...overrides.metrics },
  };
}

/**
 * `tapwise-overview-<app>-<start>-<end>.csv`, the app's name reduced to letters and digits:
 * accents come off Latin letters only (パ must not become ハ).
 */
export function overviewCsvFileName(appName: string, period: { start: string; end: string }) {
  const app =
    appName
      .normalize('NFD')
      .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'app';
  return `tapwise-overview-${app}-${period.start}-${period.end}.csv`;
}

type Row = string[];

export function buildOverviewCsv(
  report: OverviewReport,
  labelOverrides?: OverviewCsvLabelOverrides,
  datasets: readonly ReportDataset[] = REPORT_DATASETS,
): string {
  const labels = mergeLabels(labelOverrides);
  const { totals } = report;
  const metricLabel = (key: MetricKey) =>
    METRICS[key].kind === 'money'
      ? `${labels.metrics[key]} (${totals.currency})`
      : labels.metrics[key];
  const metricCells = (counts: MetricCounts): Row => {
    const values = metricValues(counts);
    return METRIC_KEYS.map((key) => formatMetricValue(key, values[key]));
  };
  const metricHeadings = METRIC_KEYS.map(metricLabel);

  const sections: Record<ReportDataset, () => Row[]> = {
    totals: () => {
      const current = metricValues(totals.current);
      const previous = metricValues(totals.previous);
      return [
        [labels.metric, labels.current, labels.previous, labels.change, labels.changePercent],
        ...METRIC_KEYS.map((key) => {
          const change = metricChange(key, current[key], previous[key]);
          return [
            metricLabel(key),
            formatMetricValue(key, current[key]),
            formatMetricValue(key, previous[key]),
            formatMetricValue(key, change.absolute),
            change.relative === null ? '' : percentFormat.format(change.relative),
          ];
        }),
      ];
    },
    series: () => [
      [labels.date, ...metricHeadings],
      ...report.series.map((point) => [point.date, ...metricCells(point.counts)]),
    ],
    topKeywords: () => [
      [labels.keyword, labels.matchType, labels.campaign, ...metricHeadings],
      ...report.topKeywords.map((row: TopEntityRow) => [
        text(row.name),
        row.matchType ?? '',
        text(row.campaignName),
        ...metricCells(row.counts),
      ]),
    ],
    topAdGroups: () => [
      [labels.adGroup, labels.campaign, ...metricHeadings],
      ...report.topAdGroups.map((row: TopEntityRow) => [
        text(row.name),
        text(row.campaignName),
        ...metricCells(row.counts),
      ]),
    ],
    gender: () => breakdown(report.breakdowns.gender),
    deviceClass: () => breakdown(report.breakdowns.deviceClass),
    placement: () => breakdown(report.breakdowns.placement),
    ageRange: () => breakdown(report.breakdowns.ageRange),
    countryOrRegion: () => breakdown(report.breakdowns.countryOrRegion),
  };
  function breakdown(rows: readonly BreakdownRow[]): Row[] {
    const previousHeadings = METRIC_KEYS.map((key) =>
      labels.previousPeriodOf.replace('{metric}', metricLabel(key)),
    );
    return [
      [labels.value, ...metricHeadings, ...previousHeadings],
      ...rows.map((row) => [
        text(row.value),
        ...metricCells(row.counts),
        ...metricCells(row.previous),
      ]),
    ];
  }

  const rows: Row[] = [
    [labels.title],
    [labels.app, text(report.appName)],
    [labels.period, totals.currdate.start, totals.currdate.end],
    [labels.comparedWith, totals.prevdate.start, totals.prevdate.end],
    [labels.currency, totals.currency],
    [labels.granularity, report.granularity],
    [labels.dailyFrom, totals.dailyFrom],
  ];
  for (const dataset of REPORT_DATASETS) {
    if (!datasets.includes(dataset)) continue;
    rows.push([], [labels.sections[dataset]], ...sections[dataset]());
  }
  return Papa.unparse(rows, { newline: '\r\n' });
}
