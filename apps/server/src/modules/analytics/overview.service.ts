// The overview of one app (spec 1 §1, spec 2 §7.3 Overview): totals against the previous period,
// the chart's series, the top 10 keywords and ad groups, the breakdowns, and the whole report the
// CSV export writes. Another company's ad account or app reads as one without data.
import {
  addCounts,
  comparisonRange,
  daysInRange,
  DEFAULT_CURRENCY,
  METRIC_COUNT_FIELDS,
  REPORT_DATASETS,
  ZERO_COUNTS,
  ZERO_GOAL_COUNTS,
  type BreakdownDimension,
  type BreakdownRow,
  type DateRange,
  type MetricCounts,
  type OverviewQuery,
  type OverviewReport,
  type OverviewSeriesQuery,
  type OverviewTotals,
  type ReportDataset,
  type SeriesGranularity,
  type SeriesPoint,
  type TopEntitiesQuery,
  type TopEntityRow,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import {
  findGoal,
  GOAL_RANK_EXPRESSIONS,
  goalSumsByEntity,
  isGoalMetric,
  sumGoalByEntity,
} from '../goals/goals.repository';
import { currencyConverter } from '../currencies/exchange-rates.service';
import { dailyWindowStart } from '../sync/sync-windows';
import { factSlices, historyBounds, type FactSlice, type HistoryBounds } from './history-slices';
import { hoursPassed } from './hours-passed';
import {
  findAccountHistory,
  findAppName,
  listOwnApps,
  sumAppHours,
  sumByBreakdown,
  sumByDate,
  sumPeriods,
  topEntities,
  withOverviewReads,
  type AccountHistory,
  type AppScope,
  type OwnAppRow,
} from './overview.repository';
import { bucketStart, seriesBuckets } from './overview-buckets';

/**
 * The apps of the company by spend over their account's last 30 days. Apps of several currencies
 * are ordered by their spend converted into the reporting currency day by day (€95 worth $108
 * comes before $100), never by amounts of different currencies; an app whose currency has no
 * rate for one of its days comes after those that could be converted.
 */
export async function ownAppsBySpend(db: Database, teamId: string): Promise<OwnAppRow[]> {
  const apps = await listOwnApps(db, teamId);
  const currencies = new Set(apps.map((app) => app.currency));
  if (currencies.size < 2) return apps;
  const days = apps.flatMap((app) => Object.keys(app.spendByDay)).sort();
  if (days.length === 0) return apps;
  const range = { start: days[0]!, end: days.at(-1)! };
  const converter = await currencyConverter(db, teamId, currencies, range);
  const factorByDay = new Map(
    [...currencies].map((currency) => {
      const daily = converter.factors(currency, range);
      return [
        currency,
        daily.complete ? new Map(daily.days.map((day, i) => [day, daily.factors[i]!])) : null,
      ];
    }),
  );
  const converted = new Map(
    apps.map((app) => {
      const factors = factorByDay.get(app.currency);
      const spend = factors
        ? Object.entries(app.spendByDay).reduce(
            (sum, [day, micros]) => sum + micros * factors.get(day)!,
            0,
          )
        : null;
      return [app, spend];
    }),
  );
  // The repository's order (spend, then name) breaks ties and orders the unconvertible.
  const position = new Map(apps.map((app, index) => [app, index]));
  return [...apps].sort((a, b) => {
    const [x, y] = [converted.get(a)!, converted.get(b)!];
    if (x === null || y === null)
      return (x === null ? 1 : 0) - (y === null ? 1 : 0) || position.get(a)! - position.get(b)!;
    return y - x || position.get(a)! - position.get(b)!;
  });
}

/** The comparison period: the one asked for, else the one every page compares a range with. */
export function comparedWith(query: OverviewQuery): DateRange {
  return query.prevdate ?? comparisonRange(query.currdate, 'custom');
}

/**
 * The account's history bounds and the fact slices of the periods; none for an ad account the
 * company does not have.
 */
async function historyOf(
  db: Database,
  teamId: string,
  scope: AppScope,
  periods: readonly DateRange[],
): Promise<{ account?: AccountHistory; bounds: HistoryBounds; slices: FactSlice[] }> {
  const account = await findAccountHistory(db, teamId, scope.adAccountId);
  const bounds = historyBounds(
    account?.firstDaily ?? null,
    account?.firstWeekly ?? null,
    dailyWindowStart(account?.timeZone),
  );
  return { account, bounds, slices: account ? factSlices(periods, bounds) : [] };
}

export async function overviewTotals(
  db: Database,
  teamId: string,
  query: OverviewQuery,
): Promise<OverviewTotals> {
  const prevdate = comparedWith(query);
  return withOverviewReads(db, async (tx) => {
    const { account, bounds, slices } = await historyOf(tx, teamId, query, [
      query.currdate,
      prevdate,
    ]);
    const [current, previous] = await sumPeriods(tx, teamId, query, 2, slices);
    const cut =
      account && query.until
        ? await comparisonCut(tx, teamId, query, new Date(query.until), {
            prevdate,
            bounds,
            timeZone: account.timeZone,
          })
        : null;
    return {
      currdate: query.currdate,
      prevdate,
      currency: account?.currency ?? DEFAULT_CURRENCY,
      current: current!,
      previous: cut ? addCounts(previous!, cut.change) : previous!,
      dailyFrom: bounds.dailyFrom,
      comparedUntil: cut?.until ?? null,
    };
  });
}

/**
 * For a period still running (`until`): its comparison's last day counted only as far as the
 * running day has come in the account's zone, from the hourly facts, as the change to make to
 * the whole day's counts. Null when the day counts whole: the running day has ended there, the
 * comparison's last day is not kept per day, or its hours are not kept.
 */
async function comparisonCut(
  db: Database,
  teamId: string,
  query: OverviewQuery,
  until: Date,
  { prevdate, bounds, timeZone }: { prevdate: DateRange; bounds: HistoryBounds; timeZone: string },
): Promise<{ change: MetricCounts; until: string } | null> {
  const hours = hoursPassed(query.currdate.end, until, timeZone);
  const lastDay = prevdate.end;
  if (hours >= 24 || lastDay < bounds.dailyFrom) return null;
  const lastDayRange = { start: lastDay, end: lastDay };
  const [whole] = await sumPeriods(db, teamId, query, 1, factSlices([lastDayRange], bounds));
  const partial = await sumAppHours(db, teamId, query, lastDay, hours);
  const hasCounts = METRIC_COUNT_FIELDS.some((field) => whole![field] !== 0);
  if (partial.hourRows === 0 && hasCounts) return null;
  const change = {} as MetricCounts;
  for (const field of METRIC_COUNT_FIELDS) change[field] = partial.counts[field] - whole![field];
  const daysBack = daysInRange({ start: lastDay, end: query.currdate.end }) - 1;
  return { change, until: new Date(until.getTime() - daysBack * 86_400_000).toISOString() };
}

/** One point per bucket of the period, zero-filled; a coarse bucket lands on its first day. */
export async function overviewSeries(
  db: Database,
  teamId: string,
  query: OverviewSeriesQuery,
): Promise<SeriesPoint[]> {
  const rows = await withOverviewReads(db, async (tx) => {
    const { slices } = await historyOf(tx, teamId, query, [query.currdate]);
    return sumByDate(tx, teamId, query, query.currdate, slices);
  });
  const byBucket = new Map<string, MetricCounts>(
    seriesBuckets(query.currdate, query.granularity).map((date) => [date, ZERO_COUNTS]),
  );
  for (const row of rows) {
    const bucket = bucketStart(row.date, query.currdate, query.granularity);
    byBucket.set(bucket, addCounts(byBucket.get(bucket) ?? ZERO_COUNTS, row.counts));
  }
  return [...byBucket].map(([date, counts]) => ({ date, counts }));
}

export type TopListKind = 'keywords' | 'adGroups';

/**
 * The top 10 of a period by `param`. With `goalId` (a goal of the company, else not found) the
 * rows carry the goal's counts and may be ranked by a goal metric, which needs the goal.
 */
export async function topList(
  db: Database,
  teamId: string,
  kind: TopListKind,
  query: Required<Pick<TopEntitiesQuery, 'sortDesc'>> & Omit<TopEntitiesQuery, 'sortDesc'>,
): Promise<TopEntityRow[]> {
  const entity = kind === 'keywords' ? 'keyword_id' : 'ad_group_id';
  return withOverviewReads(db, async (tx) => {
    const goal = query.goalId ? await findGoal(tx, teamId, query.goalId) : undefined;
    if (query.goalId && !goal) throw new AppError('NOT_FOUND', 'No such goal.');
    if (isGoalMetric(query.param) && !goal)
      throw new AppError('BAD_REQUEST', 'Ranking by a goal metric needs a goal.');
    const { slices } = await historyOf(tx, teamId, query, [query.period]);
    const goalRanking =
      goal && isGoalMetric(query.param)
        ? {
            sums: goalSumsByEntity(goal, query.adAccountId, query.period, entity),
            expression: GOAL_RANK_EXPRESSIONS[query.param],
          }
        : undefined;
    const param = isGoalMetric(query.param) ? 'spend' : query.param;
    const rows = await topEntities(
      tx,
      teamId,
      query,
      kind,
      slices,
      { param, sortDesc: query.sortDesc },
      goalRanking,
    );
    const goalCounts = goal
      ? await sumGoalByEntity(
          tx,
          goal,
          query.adAccountId,
          query.period,
          entity,
          rows.map((row) => row.id),
        )
      : undefined;
    return rows.map(({ matchType, ...row }) => ({
      ...row,
      ...(kind === 'keywords' && matchType !== null ? { matchType } : {}),
      ...(goalCounts ? { goalCounts: goalCounts.get(row.id) ?? { ...ZERO_GOAL_COUNTS } } : {}),
    }));
  });
}

/** Ages read in age order; every other split by the period's spend, highest first. */
function breakdownOrder(dimension: BreakdownDimension) {
  return (a: BreakdownRow, b: BreakdownRow) =>
    dimension === 'ageRange'
      ? a.value.localeCompare(b.value)
      : b.counts.localSpendMicros - a.counts.localSpendMicros ||
        b.previous.localSpendMicros - a.previous.localSpendMicros ||
        a.value.localeCompare(b.value);
}

export async function breakdown(
  db: Database,
  teamId: string,
  dimension: BreakdownDimension,
  query: OverviewQuery,
): Promise<BreakdownRow[]> {
  const rows = await withOverviewReads(db, async (tx) => {
    const { slices } = await historyOf(tx, teamId, query, [query.currdate, comparedWith(query)]);
    return sumByBreakdown(tx, teamId, query, dimension, slices);
  });
  return rows.sort(breakdownOrder(dimension));
}

/** The chart granularity of an e-mailed report: days up to a quarter, weeks up to a year. */
export function reportGranularity(period: DateRange): SeriesGranularity {
  const days = daysInRange(period);
  return days <= 92 ? 'DAY' : days <= 366 ? 'WEEK' : 'MONTH';
}

/**
 * Everything the overview shows for an app and period, as the CSV export writes it; datasets
 * left out are not read. Top lists are ranked by spend, as the page opens.
 */
export async function overviewReport(
  db: Database,
  teamId: string,
  query: OverviewQuery,
  datasets: readonly ReportDataset[] = REPORT_DATASETS,
): Promise<OverviewReport> {
  const wanted = (dataset: ReportDataset) => datasets.includes(dataset);
  const granularity = reportGranularity(query.currdate);
  const top = (kind: TopListKind) =>
    topList(db, teamId, kind, { ...query, period: query.currdate, param: 'spend', sortDesc: true });
  const split = async (dimension: BreakdownDimension) =>
    wanted(dimension) ? breakdown(db, teamId, dimension, query) : [];
  const [
    appName,
    totals,
    series,
    topKeywords,
    topAdGroups,
    gender,
    deviceClass,
    placement,
    ageRange,
    country,
  ] = await Promise.all([
    findAppName(db, teamId, query),
    overviewTotals(db, teamId, query),
    wanted('series') ? overviewSeries(db, teamId, { ...query, granularity }) : [],
    wanted('topKeywords') ? top('keywords') : [],
    wanted('topAdGroups') ? top('adGroups') : [],
    split('gender'),
    split('deviceClass'),
    split('placement'),
    split('ageRange'),
    split('countryOrRegion'),
  ]);
  return {
    appName: appName ?? String(query.adamId),
    totals,
    granularity,
    series,
    topKeywords,
    topAdGroups,
    breakdowns: { gender, deviceClass, placement, ageRange, countryOrRegion: country },
  };
}
