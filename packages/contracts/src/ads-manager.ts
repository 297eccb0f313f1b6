// The ads manager (spec 1 §2-4, spec 2 §3.3 and §7.3 Reports and Lookups): its tabs, the report
// queries behind every table, the rows they return, and the saved views. Inputs are validated
// with these schemas on both sides; ids travel as numbers (Apple's ids fit in 2^53).
import { z } from 'zod';
import { ENTITY_LIST_TABS, type EntityListTab } from './campaigns';
import type { ReportTotals } from './currencies';
import { GOAL_METRIC_KEYS, type GoalCounts, type GoalMetricKey } from './goal-metrics';
import { METRIC_KEYS, type MetricCounts, type MetricKey } from './metrics';
import {
  dateRangeSchema,
  presetNameSchema,
  SERIES_GRANULARITIES,
  type SeriesPoint,
} from './overview';

/** The ads manager's tabs in the spec's order; Strategies shows only once strategies exist. */
export const ADS_MANAGER_TABS = [
  'strategies',
  'accounts',
  'apps',
  'campaigns',
  'adGroups',
  'keywords',
  'creativeSets',
  'searchTerms',
  'negativeKeywords',
  'ads',
] as const;
export type AdsManagerTab = (typeof ADS_MANAGER_TABS)[number];

/**
 * The report levels behind the tables, each with its GraphQL operation (spec 2 §7.3). The
 * Creative Sets tab shows v1 creatives and product pages; `adReports` is ours, the spec lists
 * an Ad tab without naming its query.
 */
export const REPORT_LEVEL_OPERATIONS = {
  accounts: 'accountsReports',
  apps: 'appsReports',
  campaigns: 'campaignReports',
  adGroups: 'adGroupReports',
  keywords: 'targetingKeywordReports',
  searchTerms: 'searchTermsReports',
  creativeSets: 'creativeSetReports',
  productPages: 'productPageReports',
  negativeKeywords: 'negativeKeywordReports',
  ads: 'adReports',
} as const;
export type ReportLevel = keyof typeof REPORT_LEVEL_OPERATIONS;
export const REPORT_LEVELS = Object.keys(REPORT_LEVEL_OPERATIONS) as ReportLevel[];

/** Levels whose rows have a status and a deleted flag, so the sub tabs apply. */
export const LEVELS_WITH_STATUS: readonly ReportLevel[] = [
  'campaigns',
  'adGroups',
  'keywords',
  'negativeKeywords',
  'ads',
  'creativeSets',
];

/**
 * Which sub tab a row belongs to. Live is ENABLED (Apple may still hold it: the reasons say why),
 * Paused is PAUSED, Deleted wins over both. Drafts are campaign drafts, which are not Apple rows.
 */
export function entityListTabOf(row: { status: string | null; deleted: boolean }): EntityListTab {
  if (row.deleted) return 'deleted';
  return row.status === 'PAUSED' ? 'paused' : 'live';
}

/** Entity columns a table can sort by besides the metrics. */
export const ENTITY_SORT_COLUMNS = [
  'name',
  'status',
  'bid',
  'dailyBudget',
  'defaultBid',
  'matchType',
] as const;
export type EntitySortColumn = (typeof ENTITY_SORT_COLUMNS)[number];
/** Goal metrics sort only with a goal picked (`goalId`). */
export const REPORT_SORT_COLUMNS = [
  ...ENTITY_SORT_COLUMNS,
  ...METRIC_KEYS,
  ...GOAL_METRIC_KEYS,
] as const;
export type ReportSortColumn = EntitySortColumn | MetricKey | GoalMetricKey;

/** Metric filters of the filter panel (spec 1 §9 operators). */
export const METRIC_FILTER_OPERATORS = ['GREATER_THAN', 'LESS_THAN', 'EQUALS', 'BETWEEN'] as const;
export type MetricFilterOperator = (typeof METRIC_FILTER_OPERATORS)[number];

export const metricFilterSchema = z
  .object({
    metric: z.enum(METRIC_KEYS as [MetricKey, ...MetricKey[]]),
    operator: z.enum(METRIC_FILTER_OPERATORS),
    /**
     * Money in currency units (not micros) of the reporting currency, compared with the rows'
     * amounts converted at daily rates; ratios as fractions (0.05 = 5 %).
     */
    value: z.number().finite(),
    /** The upper bound of BETWEEN. */
    to: z.number().finite().optional(),
  })
  .refine((filter) => filter.operator !== 'BETWEEN' || filter.to !== undefined, {
    message: 'validation.required',
    path: ['to'],
  });
export type MetricFilter = z.infer<typeof metricFilterSchema>;

const idList = z.array(z.number().int().positive()).max(1000);

/** What narrows a table: the drill-down scope, the sub tab and metric conditions. */
export const reportFilterSchema = z.object({
  adAccountIds: idList.optional(),
  adamIds: idList.optional(),
  campaignIds: idList.optional(),
  adGroupIds: idList.optional(),
  statusTab: z.enum(ENTITY_LIST_TABS).default('all'),
  /** Keywords and negative keywords: BROAD or EXACT only. */
  matchType: z.enum(['BROAD', 'EXACT']).optional(),
  metrics: z.array(metricFilterSchema).max(10).default([]),
});
export type ReportFilter = z.input<typeof reportFilterSchema>;

/** The page size of "All": every matching row in one answer. */
export const REPORT_LIMIT_ALL = null;
/**
 * The largest page: "All" loads in pages of this size, small enough that the browser parses each
 * answer in well under 50 ms, large enough that 20,000 rows take a handful of requests.
 */
export const REPORT_MAX_PAGE_SIZE = 2000;

/** The spec's report arguments: filter, offset, limit, sortBy, sortDesc, search, and the period. */
export const reportQuerySchema = z.object({
  period: dateRangeSchema,
  filter: reportFilterSchema.default({ statusTab: 'all', metrics: [] }),
  search: z.string().trim().max(200).default(''),
  /** A goal of the rows' app: each row then carries its goal counts (goalCounts). */
  goalId: z.uuid().optional(),
  sortBy: z.enum(REPORT_SORT_COLUMNS).default('spend'),
  sortDesc: z.boolean().default(true),
  offset: z.number().int().min(0).default(0),
  /** null is "All". */
  limit: z.number().int().min(1).max(REPORT_MAX_PAGE_SIZE).nullable().default(50),
});
export type ReportQuery = z.input<typeof reportQuerySchema>;
export type ParsedReportQuery = z.output<typeof reportQuerySchema>;

/** The level-specific columns of a row; absent fields do not apply to the level. */
export interface ReportRowDetails {
  currency?: string;
  timeZone?: string;
  adamId?: number;
  appName?: string;
  campaignName?: string | null;
  adGroupName?: string | null;
  /** Campaigns. */
  dailyBudgetMicros?: number | null;
  countriesOrRegions?: string[];
  /** Campaigns and ad groups: the campaign's v1 targeting.supplyPlacement, its placement. */
  supplySources?: string[];
  /** Campaigns, ad groups and ads: Apple's reasons (systemStatusReasons), shown in words. */
  servingStateReasons?: string[];
  startTime?: string | null;
  endTime?: string | null;
  /** Ad groups, and a keyword's ad group. */
  defaultBidMicros?: number | null;
  cpaGoalMicros?: number | null;
  automatedKeywordsOptIn?: boolean;
  targetingDimensions?: Record<string, unknown>;
  /** Keywords and negative keywords; search terms: their keyword's, or AUTO (Search Match). */
  matchType?: string;
  /** Keywords: their own bid; null when they bid the ad group's default bid (defaultBidMicros). */
  bidMicros?: number | null;
  /** Search terms. */
  searchTermSource?: string;
  keywordId?: number | null;
  keywordText?: string | null;
  /** Creative sets and ads. */
  creativeType?: string;
  creativeId?: number;
  productPageId?: string | null;
  /** Accounts and apps: how many campaigns they hold; creative sets: how many their ads are in. */
  campaignCount?: number;
  /** Creative sets: how many ad groups their ads are in (the names show when it is one). */
  adGroupCount?: number;
}

export interface ReportRow {
  level: ReportLevel;
  /** Apple's id as text: product pages have UUIDs, search terms a composite key. */
  id: string;
  name: string;
  /** ENABLED or PAUSED; null where Apple has no status (accounts, apps, search terms). */
  status: string | null;
  displayStatus: string | null;
  deleted: boolean;
  /** Apple's last change, sent back with every write so a newer change is not overwritten. */
  modificationTime: string | null;
  adAccountId: number;
  campaignId: number | null;
  adGroupId: number | null;
  details: ReportRowDetails;
  counts: MetricCounts;
  /** Present when the query picked a goal; revenue in the row's currency. */
  goalCounts?: GoalCounts;
}

export interface ReportPage {
  rows: ReportRow[];
  /** Rows matching the filter and search (all pages). */
  total: number;
  /**
   * The totals row over every matching row, not just this page: one per currency of the rows,
   * and their total converted into the reporting currency when any is in another.
   */
  totals: ReportTotals;
  /** Rows per sub tab for the same scope and search (metric filters included). */
  statusCounts: Record<EntityListTab, number>;
}

/**
 * A point of the ads manager's chart. Its money is in `currency`: the rows' own when they share
 * one, else the reporting currency, converted day by day (`converted`); null when a currency of
 * the rows has no rate for a day, and the chart then shows no money.
 */
export interface ReportSeriesPoint extends SeriesPoint {
  currency: string | null;
  converted: boolean;
}

// Custom views (spec 2 §7.3 Presets and views): a tab's chart, table, filters and sort, saved per
// user; the pinned one opens by default.

/** Lines on one chart (views and presets alike); chart-axes.ts keeps them to two units. */
export const CHART_METRICS_MAX = 4;

export const customViewInput = z.object({
  /** Absent to create, present to replace. */
  id: z.string().uuid().optional(),
  name: presetNameSchema,
  tab: z.enum(ADS_MANAGER_TABS),
  chartMetrics: z
    .array(z.enum(METRIC_KEYS as [MetricKey, ...MetricKey[]]))
    .min(1)
    .max(CHART_METRICS_MAX),
  granularity: z.enum(SERIES_GRANULARITIES),
  /** Visible columns in order; unknown keys are dropped by the table. */
  columns: z.array(z.string().max(40)).max(60),
  filter: reportFilterSchema.omit({ adAccountIds: true, adamIds: true }).optional(),
  sortBy: z.enum(REPORT_SORT_COLUMNS),
  sortDesc: z.boolean(),
  /** Pinned: opens by default on its tab; pinning one unpins the others of the tab. */
  pinned: z.boolean().default(false),
});
export type CustomViewInput = z.input<typeof customViewInput>;
export type CustomView = z.output<typeof customViewInput> & { id: string; updatedAt: string };

/** Table presets: a named set of columns per tab (fetchTablePresets). */
export const tablePresetInput = z.object({
  id: z.string().uuid().optional(),
  name: presetNameSchema,
  tab: z.enum(ADS_MANAGER_TABS),
  columns: z.array(z.string().max(40)).min(1).max(60),
});
export type TablePresetInput = z.input<typeof tablePresetInput>;
export type TablePreset = z.output<typeof tablePresetInput> & { id: string };
