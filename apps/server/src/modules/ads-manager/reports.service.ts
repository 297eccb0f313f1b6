// The ads manager's tables and chart (spec 1 §2-4, spec 2 §7.3 Reports): a page of one level's
// rows for a period with its totals row and sub tab counts, and the chart's sums per day, week or
// month over the same rows. Each ad account is read over its own history slices, as the overview.
// Money of several currencies is never added: totals come per currency, and the converted total,
// money sorts and money filters are in the reporting currency, converted at each day's rate.
import {
  addCounts,
  addGoalCounts,
  ZERO_GOAL_COUNTS,
  type GoalCounts,
  currencyOrder,
  ZERO_COUNTS,
  type ConvertedTotals,
  type CurrencyCounts,
  type MetricCounts,
  type ParsedReportQuery,
  type ReportLevel,
  type ReportPage,
  type ReportSeriesPoint,
  type ReportTotals,
  type SeriesGranularity,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { factSlices, historyBounds, type FactSlice } from '../analytics/history-slices';
import { bucketStart, seriesBuckets } from '../analytics/overview-buckets';
import { findAccountHistory } from '../analytics/overview.repository';
import { countDrafts } from '../campaign-creation/campaign-creation.repository';
import { currencyConverter, type CurrencyConverter } from '../currencies/exchange-rates.service';
import { dailyWindowStart } from '../sync/sync-windows';
import { AppError } from '../../platform/errors';
import { findGoal, isGoalMetric, type GoalDefinition } from '../goals/goals.repository';
import {
  findReportAccounts,
  findReportPage,
  findReportGoalSeries,
  findReportSeries,
  levelHasGoals,
  withReportReads,
  type AccountSlices,
  type AccountSums,
} from './reports.repository';

/** The days a slice list's facts are dated on, with the period's own. */
function factDays(slices: readonly FactSlice[], period: { start: string; end: string }) {
  return slices.reduce(
    (range, slice) => ({
      start: slice.from < range.start ? slice.from : range.start,
      end: slice.to > range.end ? slice.to : range.end,
    }),
    period,
  );
}

/**
 * The slices of the period for each ad account of the company the query is scoped to, with how
 * its money reaches the reporting currency.
 */
async function accountSlices(
  db: Database,
  teamId: string,
  query: ParsedReportQuery,
): Promise<{ accounts: AccountSlices[]; converter: CurrencyConverter }> {
  const found = await findReportAccounts(db, teamId, query.filter.adAccountIds);
  const sliced = await Promise.all(
    found.map(async (account) => {
      const history = await findAccountHistory(db, teamId, account.adAccountId);
      const windowStart = dailyWindowStart(history?.timeZone);
      const bounds = historyBounds(
        history?.firstDaily ?? null,
        history?.firstWeekly ?? null,
        windowStart,
      );
      return { ...account, slices: factSlices([query.period], bounds) };
    }),
  );
  const days = sliced.reduce(
    (range, account) => factDays(account.slices, range),
    query.period as { start: string; end: string },
  );
  const converter = await currencyConverter(
    db,
    teamId,
    sliced.map((account) => account.currency),
    days,
  );
  const accounts = sliced.map((account): AccountSlices => {
    if (account.currency === converter.reporting) return { ...account, conversion: 'same' };
    const factors = converter.factors(account.currency, factDays(account.slices, query.period));
    return {
      ...account,
      conversion: factors.complete ? { days: factors.days, factors: factors.factors } : null,
    };
  });
  return { accounts, converter };
}

/** Spend in the reporting currency; none spent needs no rate. */
const convertedSpendOf = (sum: Pick<AccountSums, 'counts' | 'convertedSpendMicros'>) =>
  sum.convertedSpendMicros !== null
    ? Math.round(sum.convertedSpendMicros)
    : sum.counts.localSpendMicros === 0
      ? 0
      : null;

/** One total per currency of the rows, and the converted total when any was converted. */
function reportTotals(
  sums: readonly AccountSums[],
  accounts: readonly AccountSlices[],
  converter: CurrencyConverter,
  withGoal: boolean,
): ReportTotals {
  const accountOf = new Map(accounts.map((account) => [account.adAccountId, account]));
  const byCurrency = new Map<string, MetricCounts>();
  const goalsByCurrency = new Map<string, GoalCounts>();
  let converted = { ...ZERO_COUNTS };
  let convertedGoals = { ...ZERO_GOAL_COUNTS };
  const unconvertible = new Set<string>();
  for (const sum of sums) {
    const account = accountOf.get(sum.adAccountId)!;
    byCurrency.set(
      account.currency,
      addCounts(byCurrency.get(account.currency) ?? ZERO_COUNTS, sum.counts),
    );
    const goalCounts = sum.goalCounts ?? ZERO_GOAL_COUNTS;
    goalsByCurrency.set(
      account.currency,
      addGoalCounts(goalsByCurrency.get(account.currency) ?? ZERO_GOAL_COUNTS, goalCounts),
    );
    const spend = convertedSpendOf(sum);
    const revenue =
      sum.convertedGoalsRevenueMicros != null
        ? Math.round(sum.convertedGoalsRevenueMicros)
        : goalCounts.goalsRevenueMicros === 0
          ? 0
          : null;
    if (spend === null || revenue === null) unconvertible.add(account.currency);
    else {
      converted = addCounts(converted, { ...sum.counts, localSpendMicros: spend });
      convertedGoals = addGoalCounts(convertedGoals, {
        ...goalCounts,
        goalsRevenueMicros: revenue,
      });
    }
  }
  const currencies = [...byCurrency.keys()].sort(currencyOrder(converter.reporting));
  const anyConverted = currencies.some((currency) => currency !== converter.reporting);
  return {
    byCurrency: currencies.map((currency): CurrencyCounts => ({
      currency,
      counts: byCurrency.get(currency)!,
      ...(withGoal ? { goalCounts: goalsByCurrency.get(currency)! } : {}),
    })),
    converted: anyConverted
      ? ({
          currency: converter.reporting,
          counts: unconvertible.size ? null : converted,
          ...(withGoal ? { goalCounts: unconvertible.size ? null : convertedGoals } : {}),
          unconvertible: [...unconvertible].sort(),
          source: converter.source,
        } satisfies ConvertedTotals)
      : null,
  };
}

/**
 * The goal a query picked, the company's own (another's or an unknown one is not found); a goal
 * metric sort needs one.
 */
export async function reportGoal(
  db: Database,
  teamId: string,
  query: Pick<ParsedReportQuery, 'goalId' | 'sortBy'>,
): Promise<GoalDefinition | undefined> {
  if (!query.goalId) {
    if (isGoalMetric(query.sortBy))
      throw new AppError('BAD_REQUEST', 'Sorting by a goal metric needs a goal.');
    return undefined;
  }
  const goal = await findGoal(db, teamId, query.goalId);
  if (!goal) throw new AppError('NOT_FOUND', 'No such goal.');
  return goal;
}

export async function reportPage(
  db: Database,
  teamId: string,
  level: ReportLevel,
  query: ParsedReportQuery,
): Promise<ReportPage> {
  // Not in withOverviewReads: a level without running totals sums every fact row of the period
  // (600,000 search-term days for 20,000 keywords over 30 days), where parallel workers pay off.
  return withReportReads(db, async (tx) => {
    const goal = await reportGoal(tx, teamId, query);
    const { accounts, converter } = await accountSlices(tx, teamId, query);
    const page = await findReportPage(tx, teamId, level, accounts, query, goal);
    // Drafts are campaigns not yet in Apple: counted at the campaigns level, whatever the filter
    // (a draft may not have chosen its app or ad account yet).
    const draft = level === 'campaigns' ? await countDrafts(tx, teamId) : 0;
    return {
      rows: page.rows,
      total: page.total,
      totals: reportTotals(page.accountSums, accounts, converter, goal !== undefined),
      statusCounts: { ...page.statusCounts, draft },
    };
  });
}

/**
 * One point per bucket of the period, zero-filled; paging and sort do not apply. Money is in the
 * rows' currency when they share one, else in the reporting currency, converted day by day (null
 * when a currency has no rate for a day).
 */
export async function reportSeries(
  db: Database,
  teamId: string,
  level: ReportLevel,
  query: ParsedReportQuery,
  granularity: SeriesGranularity,
): Promise<ReportSeriesPoint[]> {
  const goal = await reportGoal(db, teamId, { ...query, sortBy: 'spend' });
  const { accounts, converter } = await accountSlices(db, teamId, query);
  const rows = await findReportSeries(db, teamId, level, accounts, query);
  const goalRows =
    goal && levelHasGoals(level)
      ? await findReportGoalSeries(db, teamId, level, accounts, query, goal)
      : undefined;
  const currencyOf = new Map(accounts.map((account) => [account.adAccountId, account.currency]));
  const currencies = new Set(rows.map((row) => currencyOf.get(row.adAccountId)!));
  const native = currencies.size <= 1;
  const moneyIn = native ? ([...currencies][0] ?? converter.reporting) : converter.reporting;
  const convertible = native || rows.every((row) => convertedSpendOf(row) !== null);
  const byBucket = new Map<string, MetricCounts>(
    seriesBuckets(query.period, granularity).map((date) => [date, ZERO_COUNTS]),
  );
  for (const row of rows) {
    const bucket = bucketStart(row.date, query.period, granularity);
    const counts = native
      ? row.counts
      : {
          ...row.counts,
          localSpendMicros: convertible ? convertedSpendOf(row)! : 0,
        };
    byBucket.set(bucket, addCounts(byBucket.get(bucket) ?? ZERO_COUNTS, counts));
  }
  const goalsByBucket = new Map<string, GoalCounts>();
  for (const row of goalRows ?? []) {
    const bucket = bucketStart(row.date, query.period, granularity);
    const counts = native
      ? row.counts
      : { ...row.counts, goalsRevenueMicros: convertible ? Math.round(row.convertedRevenue) : 0 };
    goalsByBucket.set(bucket, addGoalCounts(goalsByBucket.get(bucket) ?? ZERO_GOAL_COUNTS, counts));
  }
  return [...byBucket].map(([date, counts]) => ({
    date,
    counts,
    currency: convertible ? moneyIn : null,
    converted: !native,
    ...(goalRows ? { goalCounts: goalsByBucket.get(date) ?? { ...ZERO_GOAL_COUNTS } } : {}),
  }));
}
