// Strategic losing (docs/strategic-losing.md): per app, the terms where it loses impression share
// to rivals over the stored days (Apple's last 30), with its own numbers on each term over the
// same days, the keywords that matched it and the spend it would take to win.
import {
  METRICS,
  WINNING_SHARE,
  ZERO_COUNTS,
  addCounts,
  strategicLosingInputSchema,
  type MetricCounts,
  type StrategicLosingAnswer,
  type StrategicLosingInput,
  type StrategicLosingRow,
  type StrategicLosingSort,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { impressionShareWindow } from '../ads-data/impression-share-window';
import { termSharesOfApp, type TermShare } from '../ads-data/impression-share.repository';
import { listAdAccounts } from '../integrations/integrations.repository';
import { spendToWinMicros } from './spend-to-win';
import {
  keywordSpendOnTerms,
  liveKeywords,
  termTotalsOfApp,
  type KeywordSpendRow,
  type TermTotalRow,
} from './strategic-losing.repository';

/** A term is lost when the app is below the top share band or not first on average. */
export const isLosing = (term: Pick<TermShare, 'share' | 'rank'>) =>
  term.share < WINNING_SHARE || term.rank > 1;

export async function strategicLosing(
  db: Database,
  teamId: string,
  rawInput: StrategicLosingInput,
  now = new Date(),
): Promise<StrategicLosingAnswer> {
  const input = strategicLosingInputSchema.parse(rawInput);
  const window = impressionShareWindow(now);
  const [accounts, shares, totals] = await Promise.all([
    listAdAccounts(db, teamId),
    termSharesOfApp(db, teamId, input.adamId),
    termTotalsOfApp(db, teamId, input),
  ]);
  const account = accounts.find((candidate) => candidate.adAccountId === input.adAccountId);
  // Another company's (or an unknown) ad account.
  if (!account) throw new AppError('NOT_FOUND', 'No such ad account.');
  const base = {
    windowStart: window.start,
    windowEnd: window.end,
    currency: account.currency,
    hasShareData: shares.size > 0,
    storefronts: [...new Set([...shares.values()].map((term) => term.countryOrRegion))].sort(),
  };
  const losing = [...shares.values()].filter(
    (term) =>
      isLosing(term) &&
      (!input.storefront || term.countryOrRegion === input.storefront) &&
      term.searchPopularity >= (input.minPopularity ?? 1) &&
      term.share <= (input.maxShare ?? 1),
  );
  const totalsByTerm = groupBy(totals, (total) => total.searchTerm);
  // Every lost term is measured and sorted; only the page's keywords are read.
  const measured = losing
    .map((term) => measureTerm(term, totalsByTerm.get(term.searchTerm) ?? []))
    .sort((a, b) => SORTS[input.sort](a.row, b.row));
  const page = measured.slice(input.offset, input.offset + input.limit);
  const spends = groupBy(
    await keywordSpendOnTerms(
      db,
      teamId,
      input,
      window,
      [...new Set(page.map(({ row }) => row.searchTerm))],
      [...new Set(page.flatMap((term) => [...term.campaignIds]))],
    ),
    (spend) => spend.searchTerm,
  );
  const keywordIdsOf = page.map((term) =>
    keywordsBySpend(spends.get(term.row.searchTerm) ?? [], term.campaignIds),
  );
  const keywords = await liveKeywords(db, teamId, input.adAccountId, [
    ...new Set(keywordIdsOf.flat()),
  ]);
  return {
    ...base,
    total: measured.length,
    rows: page.map(({ row }, index) => ({
      ...row,
      keywords: keywordIdsOf[index]!.flatMap((keywordId) => keywords.get(keywordId) ?? []),
    })),
  };
}

/** A lost term's own numbers in its storefront, and the campaigns they come from. */
function measureTerm(term: TermShare, totals: readonly TermTotalRow[]) {
  const own = totals.filter((total) => total.countries.includes(term.countryOrRegion));
  const counts = own.reduce<MetricCounts>(
    (sum, total) => addCounts(sum, total.counts),
    ZERO_COUNTS,
  );
  const row: MeasuredRow = {
    countryOrRegion: term.countryOrRegion,
    searchTerm: term.searchTerm,
    share: term.share,
    rank: term.rank,
    searchPopularity: term.searchPopularity,
    days: term.days,
    spendMicros: counts.localSpendMicros,
    impressions: counts.impressions,
    taps: counts.taps,
    installs: METRICS.installs.value(counts),
    cptMicros: METRICS.avgCpt.value(counts),
    cpaMicros: METRICS.avgCpa.value(counts),
    spendToWinMicros: spendToWinMicros(counts.localSpendMicros, term.share),
  };
  return { row, campaignIds: new Set(own.map((total) => total.campaignId)) };
}

/** The ids of the keywords that spent on a term in its storefront's campaigns, most first. */
function keywordsBySpend(spends: readonly KeywordSpendRow[], campaignIds: ReadonlySet<number>) {
  const spendByKeyword = new Map<number, number>();
  for (const spend of spends)
    if (campaignIds.has(spend.campaignId))
      spendByKeyword.set(
        spend.keywordId,
        (spendByKeyword.get(spend.keywordId) ?? 0) + spend.spendMicros,
      );
  // Equal spends fall back to the keyword id, so the order is stable.
  return [...spendByKeyword].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
}

/** A row before its keywords are read. */
type MeasuredRow = Omit<StrategicLosingRow, 'keywords'>;

type Compare = (a: MeasuredRow, b: MeasuredRow) => number;

/** Ties fall back to the term and storefront, so the order is stable. */
const byTerm: Compare = (a, b) =>
  a.searchTerm.localeCompare(b.searchTerm) || a.countryOrRegion.localeCompare(b.countryOrRegion);

/** Each sort puts the most worth acting on first; a missing spend to win goes last. */
const SORTS: Record<StrategicLosingSort, Compare> = {
  spendToWin: (a, b) =>
    (a.spendToWinMicros ?? Infinity) - (b.spendToWinMicros ?? Infinity) || byTerm(a, b),
  share: (a, b) => a.share - b.share || byTerm(a, b),
  popularity: (a, b) => b.searchPopularity - a.searchPopularity || byTerm(a, b),
  rank: (a, b) => b.rank - a.rank || byTerm(a, b),
  spend: (a, b) => b.spendMicros - a.spendMicros || byTerm(a, b),
};

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
