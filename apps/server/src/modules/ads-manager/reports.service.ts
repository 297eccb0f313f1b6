// The ads manager's tables and chart (spec 1 §2-4, spec 2 §7.3 Reports): a page of one level's
// rows for a period with its totals row and sub tab counts, and the chart's sums per day, week or
// month over the same rows. Each ad account is read over its own history slices, as the overview.
import {
  addCounts,
  ZERO_COUNTS,
  type MetricCounts,
  type ParsedReportQuery,
  type ReportLevel,
  type ReportPage,
  type SeriesGranularity,
  type SeriesPoint,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { factSlices, historyBounds } from '../analytics/history-slices';
import { bucketStart, seriesBuckets } from '../analytics/overview-buckets';
import { findAccountHistory } from '../analytics/overview.repository';
import { dailyWindowStart } from '../sync/sync-windows';
import {
  findReportAccounts,
  findReportPage,
  findReportSeries,
  withReportReads,
  type AccountSlices,
} from './reports.repository';

/** The slices of the period for each ad account of the company the query is scoped to. */
async function accountSlices(
  db: Database,
  teamId: string,
  query: ParsedReportQuery,
): Promise<AccountSlices[]> {
  const accounts = await findReportAccounts(db, teamId, query.filter.adAccountIds);
  return Promise.all(
    accounts.map(async (account) => {
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
}

export async function reportPage(
  db: Database,
  teamId: string,
  level: ReportLevel,
  query: ParsedReportQuery,
): Promise<ReportPage> {
  // Not in withOverviewReads: a level without running totals sums every fact row of the period
  // (600,000 search-term days for 20,000 keywords over 30 days), where parallel workers pay off.
  return withReportReads(db, async (tx) =>
    findReportPage(tx, teamId, level, await accountSlices(tx, teamId, query), query),
  );
}

/** One point per bucket of the period, zero-filled; paging and sort do not apply. */
export async function reportSeries(
  db: Database,
  teamId: string,
  level: ReportLevel,
  query: ParsedReportQuery,
  granularity: SeriesGranularity,
): Promise<SeriesPoint[]> {
  const rows = await findReportSeries(
    db,
    teamId,
    level,
    await accountSlices(db, teamId, query),
    query,
  );
  const byBucket = new Map<string, MetricCounts>(
    seriesBuckets(query.period, granularity).map((date) => [date, ZERO_COUNTS]),
  );
  for (const row of rows) {
    const bucket = bucketStart(row.date, query.period, granularity);
    byBucket.set(bucket, addCounts(byBucket.get(bucket) ?? ZERO_COUNTS, row.counts));
  }
  return [...byBucket].map(([date, counts]) => ({ date, counts }));
}
