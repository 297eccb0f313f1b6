// The overview page's queries (spec 2 §7.3 Overview; spec 1 §2, §9): inputs validated on both
// sides and the shapes the server returns. Dates are calendar days in the ad account's time zone.
import { z } from 'zod';
import { GOAL_METRIC_KEYS, type GoalCounts, type GoalMetricKey } from './goal-metrics';
import { METRIC_KEYS, type MetricCounts, type MetricKey } from './metrics';

/** The longest period one overview query may span: Apple's 24 months of history. */
export const OVERVIEW_MAX_PERIOD_DAYS = 731;

/**
 * The earliest day any date field takes. Apple's history starts decades later; the bound keeps
 * days no database stores (PostgreSQL has no year 0) and periods before them out of queries.
 */
const EARLIEST_DAY = '1970-01-01';

/** A real calendar day written YYYY-MM-DD, from EARLIEST_DAY on. */
export const isoDate = z.string().refine(
  (value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < EARLIEST_DAY) return false;
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  },
  // One message for any bad date, not one per failed check.
  { message: 'validation.dateInvalid' },
);

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

export const dateRangeSchema = z
  .object({ start: isoDate, end: isoDate })
  .refine((range) => range.start <= range.end, {
    message: 'validation.dateRangeOrder',
    path: ['end'],
  })
  .refine((range) => daysInRange(range) <= OVERVIEW_MAX_PERIOD_DAYS, {
    message: 'validation.dateRangeTooLong',
    path: ['end'],
  });
export type DateRange = z.infer<typeof dateRangeSchema>;

/** Inclusive length of a range in days. */
export function daysInRange(range: { start: string; end: string }): number {
  return dayNumber(range.end) - dayNumber(range.start) + 1;
}

/** The period of equal length that ends the day before `range` starts. */
export function previousPeriod(range: DateRange): DateRange {
  const length = daysInRange(range);
  const toIso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
  const start = dayNumber(range.start);
  return { start: toIso(start - length), end: toIso(start - 1) };
}

/** One app of one ad account: what the app selector picks. */
export const appScopeSchema = z.object({
  adAccountId: z.number().int().positive(),
  adamId: z.number().int().positive(),
});
export type AppScope = z.infer<typeof appScopeSchema>;

/** Spec argument names: `currdate` is the period shown, `prevdate` the one compared with. */
export const overviewQuerySchema = appScopeSchema.extend({
  currdate: dateRangeSchema,
  /** Defaults to comparisonRange(currdate, 'custom'). */
  prevdate: dateRangeSchema.optional(),
  /**
   * For a period that reaches today (resolvePeriod's `until`): the moment its data runs until.
   * The comparison's last day then counts only its hours before the same time of day.
   */
  until: z.iso.datetime({ message: 'validation.instantInvalid' }).optional(),
});
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

export const SERIES_GRANULARITIES = ['DAY', 'WEEK', 'MONTH'] as const;
export type SeriesGranularity = (typeof SERIES_GRANULARITIES)[number];

export const overviewSeriesQuerySchema = appScopeSchema.extend({
  currdate: dateRangeSchema,
  granularity: z.enum(SERIES_GRANULARITIES),
});
export type OverviewSeriesQuery = z.infer<typeof overviewSeriesQuerySchema>;

export const TOP_LIST_SIZE = 10;
export const topEntitiesQuerySchema = appScopeSchema.extend({
  /** The metric the top 10 is ranked by (spec: `param`); a goal metric needs `goalId`. */
  param: z.enum([...METRIC_KEYS, ...GOAL_METRIC_KEYS] as [
    MetricKey | GoalMetricKey,
    ...(MetricKey | GoalMetricKey)[],
  ]),
  period: dateRangeSchema,
  sortDesc: z.boolean().default(true),
  goalId: z.uuid().optional(),
});
export type TopEntitiesQuery = z.input<typeof topEntitiesQuerySchema>;

/**
 * Breakdown dimensions. The spec's gender codes (OVERVIEW_GENDER_CODES) name two of the calls:
 * MF for the gender split and PH for the device (iPhone/iPad) split. `placement` is the spec's
 * "search app" split: where in the App Store the ads ran (search results, search tab, today tab,
 * product pages), read from each campaign's supply source.
 */
export const BREAKDOWN_DIMENSIONS = [
  'gender',
  'deviceClass',
  'placement',
  'ageRange',
  'countryOrRegion',
] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

// Results.

/** Totals of the period shown and of the one compared with; changes come from metricChange. */
export interface OverviewTotals {
  currdate: DateRange;
  prevdate: DateRange;
  currency: string;
  current: MetricCounts;
  previous: MetricCounts;
  /**
   * First day kept per day. Older history is kept per Apple week or month, and a period reaching
   * before this day counts the whole weeks or months that overlap it (the page says so).
   */
  dailyFrom: string;
  /**
   * When the comparison's last day counts only its first hours, like the running last day of the
   * period shown: the moment (ISO, UTC) it counts until. Null when it counts whole days.
   */
  comparedUntil: string | null;
}

export interface SeriesPoint {
  /** First day of the bucket (Sunday for weeks, Apple's weeks; the 1st for months), clipped to the period. */
  date: string;
  counts: MetricCounts;
}

export interface TopEntityRow {
  id: number;
  name: string;
  campaignId: number;
  campaignName: string;
  adGroupId: number;
  /** Keywords only. */
  matchType?: string;
  counts: MetricCounts;
  /** With a goal picked (`goalId`): the partner counts, revenue in the account's currency. */
  goalCounts?: GoalCounts;
}

export interface BreakdownRow {
  /** Apple's value: M/F, IPHONE/IPAD, 18-24…, a two-letter country code; 'UNKNOWN' when unreported. */
  value: string;
  counts: MetricCounts;
  previous: MetricCounts;
}

/** The name of any saved preset or view. */
export const presetNameSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(60, 'validation.presetNameTooLong');

/** Saved choices of the chart (metrics, granularity) and of the whole overview (period, app). */
export const chartPresetInput = z.object({
  name: presetNameSchema,
  metrics: z
    .array(z.enum(METRIC_KEYS as [MetricKey, ...MetricKey[]]))
    .min(1)
    .max(4),
  granularity: z.enum(SERIES_GRANULARITIES),
});
export type ChartPresetInput = z.infer<typeof chartPresetInput>;

export const overviewPresetInput = z.object({
  name: presetNameSchema,
  /** A date preset or overview period id; custom ranges are not saved (they go stale). */
  period: z.string().min(1).max(40),
  adAccountId: z.number().int().positive().optional(),
  adamId: z.number().int().positive().optional(),
});
export type OverviewPresetInput = z.infer<typeof overviewPresetInput>;

/** What exportReport can put in the e-mailed file. */
export const REPORT_DATASETS = [
  'totals',
  'series',
  'topKeywords',
  'topAdGroups',
  'gender',
  'deviceClass',
  'placement',
  'ageRange',
  'countryOrRegion',
] as const;
export type ReportDataset = (typeof REPORT_DATASETS)[number];

/** The formats of exported files: every export offers both. */
export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

export const exportReportInput = z.object({
  filter: overviewQuerySchema,
  receiverMail: z.email('validation.emailInvalid'),
  reportDatasets: z.array(z.enum(REPORT_DATASETS)).min(1, 'validation.required'),
  /** The attachment: one CSV, or an XLSX with a sheet per dataset. */
  format: z.enum(REPORT_EXPORT_FORMATS).default('csv'),
});
export type ExportReportInput = z.infer<typeof exportReportInput>;

/** The overview's XLSX download (POST /v1/api/overview/export.xlsx): the report without a mail. */
export const overviewXlsxInput = exportReportInput.pick({ filter: true, reportDatasets: true });
export type OverviewXlsxInput = z.infer<typeof overviewXlsxInput>;

/** Everything the overview page shows, as the CSV export and the e-mailed report write it. */
export interface OverviewReport {
  appName: string;
  totals: OverviewTotals;
  granularity: SeriesGranularity;
  series: SeriesPoint[];
  topKeywords: TopEntityRow[];
  topAdGroups: TopEntityRow[];
  breakdowns: Record<BreakdownDimension, BreakdownRow[]>;
}

/** getAppEventsDataForOverview: one goal's partner counts for the overview's periods. */
export const goalOverviewQuerySchema = overviewQuerySchema.extend({
  goalId: z.uuid(),
  granularity: z.enum(SERIES_GRANULARITIES),
});
export type GoalOverviewQuery = z.infer<typeof goalOverviewQuerySchema>;

export interface GoalOverview {
  goalId: string;
  currency: string;
  current: GoalCounts;
  previous: GoalCounts;
  /** The same buckets as the overview's series for the period shown. */
  series: { date: string; counts: GoalCounts }[];
}
