// The page's read: the app's keywords with their numbers over the lookback, their standing in
// the impression share, the formula's suggestion (bid-suggestion.ts) and Apple's; filtered,
// sorted and paged in memory (the formula's columns sort too), after one set-based read of each
// source.
import {
  keywordOptimizationQuery,
  METRICS,
  ZERO_COUNTS,
  type BidStrength,
  type BidSuggestionAction,
  type BidSuggestionReason,
  type KeywordOptimizationQuery,
  type KeywordOptimizationQueryInput,
  type KeywordOptimizationSortColumn,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import {
  termSharesOfApp,
  termShareKey,
  type TermShare,
} from '../ads-data/impression-share.repository';
import { suggestBid } from './bid-suggestion';
import { listKeywordRows, type KeywordRow } from './keyword-optimization.repository';

export type TargetCpaSource = 'CPA_GOAL' | 'AD_GROUP_CPA';

export interface KeywordOptimizationRow {
  adAccountId: number;
  keywordId: number;
  text: string;
  matchType: string;
  campaignId: number;
  campaignName: string;
  adGroupId: number;
  adGroupName: string;
  currency: string;
  storefronts: string[];
  bidMicros: number | null;
  spendMicros: number;
  impressions: number;
  taps: number;
  installs: number;
  cptMicros: number | null;
  cpaMicros: number | null;
  conversionRate: number | null;
  targetCpaMicros: number | null;
  targetCpaSource: TargetCpaSource | null;
  share: number | null;
  rank: number | null;
  searchPopularity: number | null;
  /** What the data shows was paid per tap: the CPT. */
  auctionPriceMicros: number | null;
  /** Apple's suggested bid (the keyword report's bid recommendation), when synced. */
  appleSuggestedBidMicros: number | null;
  suggestedBidMicros: number | null;
  /** (suggested − bid) / bid; null without a suggestion. */
  suggestedChange: number | null;
  action: BidSuggestionAction | null;
  reasons: BidSuggestionReason[];
  suggestedMinMicros: number | null;
  suggestedMaxMicros: number | null;
  bidStrength: BidStrength | null;
  difficultyScore: number | null;
}

export interface KeywordOptimizationPage {
  from: string;
  to: string;
  total: number;
  /** Rows of the filtered list whose suggested bid differs from their bid. */
  withSuggestion: number;
  rows: KeywordOptimizationRow[];
}

const DAY_MS = 86_400_000;

/** The lookback's days, ending today (UTC). */
export function lookbackWindow(days: number, now: Date): { from: string; to: string } {
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  return { from: iso(new Date(now.getTime() - (days - 1) * DAY_MS)), to: iso(now) };
}

/** The keyword's standing over its campaign's storefronts: mean share and rank, top popularity. */
function standingOf(
  shares: ReadonlyMap<string, TermShare>,
  text: string,
  storefronts: readonly string[],
): Pick<KeywordOptimizationRow, 'share' | 'rank' | 'searchPopularity'> {
  // A plain loop: this runs for every keyword of the app on each read.
  let found = 0;
  let share = 0;
  let rank = 0;
  let searchPopularity = 0;
  for (const storefront of storefronts) {
    const each = shares.get(termShareKey(storefront, text));
    if (each === undefined) continue;
    found++;
    share += each.share;
    rank += each.rank;
    searchPopularity = Math.max(searchPopularity, each.searchPopularity);
  }
  if (found === 0) return { share: null, rank: null, searchPopularity: null };
  return { share: share / found, rank: Math.round((rank / found) * 10) / 10, searchPopularity };
}

function rowOf(
  row: KeywordRow,
  shares: ReadonlyMap<string, TermShare>,
  storefront: string | null,
): KeywordOptimizationRow {
  const adGroupCpa = METRICS.avgCpa.value({
    ...ZERO_COUNTS,
    localSpendMicros: row.adGroupSpendMicros,
    tapInstalls: row.adGroupTapInstalls,
  });
  const targetCpaMicros = row.cpaGoalMicros ?? adGroupCpa;
  const standing = standingOf(shares, row.text, storefront ? [storefront] : row.storefronts);
  const suggestion = suggestBid({
    bidMicros: row.bidMicros,
    counts: { localSpendMicros: row.spendMicros, taps: row.taps, tapInstalls: row.tapInstalls },
    targetCpaMicros,
    ...standing,
  });
  const { suggestedBidMicros } = suggestion;
  return {
    adAccountId: row.adAccountId,
    keywordId: row.keywordId,
    text: row.text,
    matchType: row.matchType,
    campaignId: row.campaignId,
    campaignName: row.campaignName,
    adGroupId: row.adGroupId,
    adGroupName: row.adGroupName,
    currency: row.currency,
    storefronts: row.storefronts,
    bidMicros: row.bidMicros,
    spendMicros: row.spendMicros,
    impressions: row.impressions,
    taps: row.taps,
    installs: row.tapInstalls,
    targetCpaMicros,
    targetCpaSource:
      row.cpaGoalMicros !== null ? 'CPA_GOAL' : adGroupCpa !== null ? 'AD_GROUP_CPA' : null,
    ...standing,
    ...suggestion,
    auctionPriceMicros: suggestion.cptMicros,
    appleSuggestedBidMicros: row.appleSuggestedBidMicros,
    suggestedChange:
      suggestedBidMicros === null || !row.bidMicros
        ? null
        : (suggestedBidMicros - row.bidMicros) / row.bidMicros,
  };
}

/** A suggestion that would change the bid. */
export const hasSuggestion = (row: KeywordOptimizationRow) =>
  row.suggestedBidMicros !== null && row.suggestedBidMicros !== row.bidMicros;

const STRENGTH_ORDER: Record<BidStrength, number> = { WEAK: 0, MODERATE: 1, STRONG: 2 };

const SORT_VALUES: Record<
  KeywordOptimizationSortColumn,
  (row: KeywordOptimizationRow) => number | string | null
> = {
  keyword: (row) => row.text.toLowerCase(),
  campaign: (row) => row.campaignName.toLowerCase(),
  adGroup: (row) => row.adGroupName.toLowerCase(),
  matchType: (row) => row.matchType,
  bid: (row) => row.bidMicros,
  spend: (row) => row.spendMicros,
  impressions: (row) => row.impressions,
  taps: (row) => row.taps,
  installs: (row) => row.installs,
  cpt: (row) => row.cptMicros,
  cpa: (row) => row.cpaMicros,
  conversionRate: (row) => row.conversionRate,
  targetCpa: (row) => row.targetCpaMicros,
  share: (row) => row.share,
  rank: (row) => row.rank,
  searchPopularity: (row) => row.searchPopularity,
  bidStrength: (row) => (row.bidStrength === null ? null : STRENGTH_ORDER[row.bidStrength]),
  difficultyScore: (row) => row.difficultyScore,
  suggestedBid: (row) => row.suggestedBidMicros,
  suggestedChange: (row) => row.suggestedChange,
};

/** Sorted by the column, rows without a value last either way, then by keyword id (stable pages). */
function sortRows(rows: KeywordOptimizationRow[], sort: KeywordOptimizationQuery['sort']) {
  const value = SORT_VALUES[sort.column];
  const sign = sort.direction === 'ASC' ? 1 : -1;
  return rows.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.adAccountId - b.adAccountId || a.keywordId - b.keywordId;
  });
}

/** Every row of the query's filters (unpaged), computed. */
export async function keywordOptimizationRows(
  db: Database,
  teamId: string,
  query: KeywordOptimizationQuery,
  now: Date,
): Promise<{ from: string; to: string; rows: KeywordOptimizationRow[] }> {
  const window = lookbackWindow(query.lookbackDays, now);
  // Both reads at once: the app's shares (read on the (team, app) index) are not narrowed to the
  // listed texts, which would wait for the keywords and read as many rows (measured slower).
  const [keywords, shares] = await Promise.all([
    listKeywordRows(db, teamId, query.adamId, window, {
      campaignIds: query.campaignIds,
      adGroupIds: query.adGroupIds,
      storefront: query.storefront ?? null,
      matchType: query.matchType ?? null,
      search: query.search?.trim() || null,
    }),
    termSharesOfApp(db, teamId, query.adamId),
  ]);
  const rows: KeywordOptimizationRow[] = [];
  for (const keyword of keywords) {
    const row = rowOf(keyword, shares, query.storefront ?? null);
    if (query.bidStrength && row.bidStrength !== query.bidStrength) continue;
    if (query.hasSuggestion && !hasSuggestion(row)) continue;
    rows.push(row);
  }
  return { ...window, rows: sortRows(rows, query.sort) };
}

/** The page's read (the benchmark times this very call). */
export async function readKeywordOptimization(
  db: Database,
  teamId: string,
  input: KeywordOptimizationQueryInput | unknown,
  now = new Date(),
): Promise<KeywordOptimizationPage> {
  const query = keywordOptimizationQuery.parse(input);
  const { from, to, rows } = await keywordOptimizationRows(db, teamId, query, now);
  return {
    from,
    to,
    total: rows.length,
    withSuggestion: rows.filter(hasSuggestion).length,
    rows: rows.slice(query.offset, query.offset + query.limit),
  };
}

/** Every row of the filters with a suggestion, for "select all with a suggestion". */
export async function readSuggestedChanges(
  db: Database,
  teamId: string,
  input: KeywordOptimizationQueryInput | unknown,
  limit: number,
  now = new Date(),
): Promise<KeywordOptimizationRow[]> {
  const query = keywordOptimizationQuery.parse(input);
  const { rows } = await keywordOptimizationRows(db, teamId, query, now);
  return rows.filter(hasSuggestion).slice(0, limit);
}
