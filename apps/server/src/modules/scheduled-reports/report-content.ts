// What a scheduled report says (docs/scheduled-reports.md, content): its window of `dataDays`
// complete UTC days ending yesterday against as many days before, read through the ads manager's
// report reads with the same filters so its numbers are the ads manager's for that window.
import {
  goalMetricValues,
  metricValues,
  reportQuerySchema,
  type DateRange,
  type GoalCounts,
  type MetricCounts,
  type ReportPage,
  type ReportRow,
  type ReportTotals,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { campaignIdsTargeting } from '../ads-manager/lookups.repository';
import { reportPage, reportSeries } from '../ads-manager/reports.service';
import { findGoal } from '../goals/goals.repository';
import type { ScheduledReportRow } from './scheduled-reports.repository';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The report's days and the days before them, both ending on complete UTC days. */
export function reportWindows(
  now: Date,
  dataDays: number,
): { current: DateRange; previous: DateRange } {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const end = today - DAY_MS;
  const start = end - (dataDays - 1) * DAY_MS;
  return {
    current: { start: isoDay(start), end: isoDay(end) },
    previous: { start: isoDay(start - dataDays * DAY_MS), end: isoDay(start - DAY_MS) },
  };
}

export type ReportSource = Pick<
  ScheduledReportRow,
  'level' | 'orgIds' | 'appIds' | 'goalIds' | 'reportLimit' | 'dataDays'
> & {
  /** The campaigns targeting the report's countries; null: every campaign of its scope does. */
  campaignIds: number[] | null;
};

/** The report with the campaigns its countries narrow it to (reportSource of a saved report). */
export async function reportSource(
  db: Database,
  report: ScheduledReportRow,
): Promise<ReportSource> {
  const campaignIds = await campaignIdsTargeting(db, report.teamId, {
    adAccountIds: report.orgIds,
    adamIds: report.appIds,
    countries: report.countries,
  });
  return { ...report, campaignIds };
}

/** No campaign of the report's scope targets its countries: there is nothing to read. */
export const reportsNothing = (report: ReportSource) => report.campaignIds?.length === 0;

/** The ads manager's question for the report's rows over a period (goal: the `goal=` pick). */
export function reportQuery(report: ReportSource, period: DateRange, goalId?: string) {
  return {
    period,
    filter: {
      adAccountIds: report.orgIds,
      ...(report.appIds.length ? { adamIds: report.appIds } : {}),
      ...(report.campaignIds ? { campaignIds: report.campaignIds } : {}),
      statusTab: 'all' as const,
      metrics: [],
    },
    ...(goalId ? { goalId } : {}),
    sortBy: 'spend' as const,
    sortDesc: true,
  };
}

/** The totals in one currency: the rows' own when they share one, else the converted total. */
export interface Headline {
  currency: string | null;
  counts: MetricCounts | null;
  goalCounts?: GoalCounts | null;
}

export function headlineOf(totals: ReportTotals): Headline {
  if (totals.converted)
    return {
      currency: totals.converted.currency,
      counts: totals.converted.counts,
      goalCounts: totals.converted.goalCounts ?? null,
    };
  const [only] = totals.byCurrency;
  return {
    currency: only?.currency ?? null,
    counts: only?.counts ?? null,
    goalCounts: only?.goalCounts ?? null,
  };
}

export interface GoalHeadline {
  name: string;
  current: Headline;
  previous: Headline;
}

export interface ReportContent {
  windows: { current: DateRange; previous: DateRange };
  current: Headline;
  previous: Headline;
  goals: GoalHeadline[];
  /** Spend per day of the window in the headline's currency (null: a day without a rate). */
  dailySpend: { date: string; spendMicros: number | null }[];
  topRows: ReportRow[];
  total: number;
}

async function pageOf(
  db: Database,
  teamId: string,
  report: ReportSource,
  period: DateRange,
  limit: number,
  goalId?: string,
): Promise<ReportPage> {
  return reportPage(
    db,
    teamId,
    report.level,
    reportQuerySchema.parse({ ...reportQuery(report, period, goalId), limit }),
  );
}

export async function reportContent(
  db: Database,
  teamId: string,
  report: ReportSource,
  now: Date,
): Promise<ReportContent> {
  const windows = reportWindows(now, report.dataDays);
  if (reportsNothing(report)) {
    const none = { currency: null, counts: null };
    return {
      windows,
      current: none,
      previous: none,
      goals: [],
      dailySpend: [],
      topRows: [],
      total: 0,
    };
  }
  const current = await pageOf(db, teamId, report, windows.current, report.reportLimit);
  const previous = await pageOf(db, teamId, report, windows.previous, 1);
  const goals: GoalHeadline[] = [];
  for (const goalId of report.goalIds) {
    const goal = await findGoal(db, teamId, goalId);
    if (!goal) continue; // deleted since the report was saved
    const [goalCurrent, goalPrevious] = [
      await pageOf(db, teamId, report, windows.current, 1, goalId),
      await pageOf(db, teamId, report, windows.previous, 1, goalId),
    ];
    goals.push({
      name: goal.name,
      current: headlineOf(goalCurrent.totals),
      previous: headlineOf(goalPrevious.totals),
    });
  }
  const series = await reportSeries(
    db,
    teamId,
    report.level,
    reportQuerySchema.parse({ ...reportQuery(report, windows.current), limit: null }),
    'DAY',
  );
  return {
    windows,
    current: headlineOf(current.totals),
    previous: headlineOf(previous.totals),
    goals,
    dailySpend: series.map((point) => ({
      date: point.date,
      spendMicros: point.currency === null ? null : point.counts.localSpendMicros,
    })),
    topRows: current.rows,
    total: current.total,
  };
}

/** The headline metrics, in the order the mail and the chat message show them. */
export const HEADLINE_METRICS = [
  'spend',
  'impressions',
  'taps',
  'installs',
  'ttr',
  'conversionRate',
  'avgCpa',
  'avgCpt',
] as const;
export type HeadlineMetric = (typeof HEADLINE_METRICS)[number];

export const GOAL_HEADLINE_METRICS = ['goals', 'costPerGoal', 'goalsRevenue'] as const;
export type GoalHeadlineMetric = (typeof GOAL_HEADLINE_METRICS)[number];

export const headlineValue = (headline: Headline, key: HeadlineMetric) =>
  headline.counts ? metricValues(headline.counts)[key] : null;

export const goalHeadlineValue = (headline: Headline, key: GoalHeadlineMetric) =>
  headline.goalCounts && headline.counts
    ? goalMetricValues({ ...headline.counts, ...headline.goalCounts })[key]
    : null;
