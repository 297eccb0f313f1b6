// Impression share insights (POST /insights/apps/impression-share/query) for the account's
// promoted apps. Share = impressions the app won on a search term / impressions served on it,
// where the served volume is the eligible searches of the model's auction (its top slot fills
// 95 % of searches). Our impressions per term are the same chain split as the search-term
// report, so a term's share moves with bids, budgets, pauses and targeting.
import { popularity1to5, termPopularity } from '../model/catalogue.js';
import { isoDateOfDay, localDayOf, weekStartSunday } from '../model/calendar.js';
import { DeliveryMemo } from '../model/delivery.js';
import type { AdGroup, Keyword } from '../model/entities.js';
import { hash, hashString, unit } from '../model/hash.js';
import {
  IMPRESSIONS,
  chainSplit,
  cumulativeOf,
  type MetricRecord,
} from '../model/metric-record.js';
import type { SandboxStore } from '../model/store.js';
import { searchTermsOf } from '../reports/report-engine.js';
import { detail, type ErrorDetail } from '../server/api-error.js';
import { matchesFilter } from '../server/entity-query.js';
import { impressionShareRequestSchema } from '@tapwise/apple-ads-schemas';
import { refuseInvalid } from '../server/entity-query.js';
import {
  filterValues,
  insightPage,
  insightRange,
  throwIfInvalid,
  type Filter,
} from './insight-request.js';

export interface ImpressionShareRow {
  day?: string;
  week?: string;
  appName: string;
  /** The documented string form; live Apple has been seen sending a number. */
  promotedObjectId: string;
  countryOrRegion: string;
  searchTerm: string;
  lowImpressionShare: number;
  highImpressionShare: number;
  rank: number;
  searchPopularity1to5: number;
}

/** Share of searches the top slot is shown on (the auction's win share never exceeds it). */
const SERVED_SHARE = 0.95;
/** Apple suppresses terms with fewer impressions than this. */
const MIN_IMPRESSIONS = 10;
/** The sandbox estimates impression share over the last 30 complete days. */
export const IMPRESSION_SHARE_DAYS = 30;

interface Tally {
  adamId: number;
  period: string;
  country: string;
  term: string;
  won: number;
  served: number;
}

export function impressionShare(store: SandboxStore, adAccountId: number, body: unknown) {
  const input = refuseInvalid(impressionShareRequestSchema, body);
  const details: ErrorDetail[] = [];
  const account = store.accountOf(adAccountId);
  const today = localDayOf(account.timezone, store.now());
  const range = insightRange(input.timeRange);
  const page = {
    offset: input.pagination?.offset ?? 0,
    pageSize: input.pagination?.pageSize ?? 100,
  };
  const sorting = input.sorting ?? [];
  const filters = input.filters;
  const adamIds = promotedApps(store, adAccountId, filters, details);
  details.push(...windowProblems(range.startDay, range.endDay, today));
  throwIfInvalid(details);
  const weekly = range.granularity === 'WEEKLY_SUN_SAT';
  const rows = answerRows(store, adAccountId, adamIds, range, weekly, filters);
  const defaultSorting = [
    { field: weekly ? 'week' : 'day', order: 'ASC' as const },
    { field: 'searchTerm', order: 'ASC' as const },
  ];
  return insightPage(rows, sorting.length > 0 ? sorting : defaultSorting, page);
}

/**
 * The last answer's rows until the next write: a client reads a large account's share page after
 * page, and each page would otherwise recompute every keyword's auction. insightPage sorts the
 * rows in place, so later pages find them sorted already.
 */
const lastAnswers = new WeakMap<SandboxStore, { key: string; rows: ImpressionShareRow[] }>();

function answerRows(
  store: SandboxStore,
  adAccountId: number,
  adamIds: number[],
  range: { startDay: number; endDay: number },
  weekly: boolean,
  filters: Filter[],
): ImpressionShareRow[] {
  const key = JSON.stringify([store.revision, adAccountId, adamIds, range, weekly, filters]);
  const last = lastAnswers.get(store);
  if (last?.key === key) return last.rows;
  const tallies = tallyShares(store, adAccountId, adamIds, range.startDay, range.endDay, (day) =>
    isoDateOfDay(weekly ? weekStartSunday(day) : day),
  );
  const rows: ImpressionShareRow[] = [];
  for (const tally of tallies.values()) {
    if (tally.won < MIN_IMPRESSIONS) continue;
    const row = shareRow(store, tally, weekly);
    if (
      filters.every((filter) => filter.field === 'promotedObjectId' || matchesFilter(row, filter))
    )
      rows.push(row);
  }
  lastAnswers.set(store, { key, rows });
  return rows;
}

function promotedApps(
  store: SandboxStore,
  adAccountId: number,
  filters: Filter[],
  details: ErrorDetail[],
): number[] {
  const values = filterValues(filters, 'promotedObjectId') ?? [];
  const owned = store.accountApps.get(adAccountId) ?? [];
  const adamIds = values.map(Number);
  if (adamIds.some((adamId) => !owned.includes(adamId)))
    details.push(
      detail('INVALID_VALUE', 'promotedObjectId must be an app of this ad account', 'filters'),
    );
  return adamIds;
}

/** The rules relative to today; the schema checked the spans. */
function windowProblems(startDay: number, endDay: number, today: number): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (endDay >= today)
    problems.push(detail('INVALID_VALUE', 'end must be a complete day before today', 'timeRange'));
  if (startDay < today - IMPRESSION_SHARE_DAYS)
    problems.push(
      detail(
        'INVALID_VALUE',
        `impression share is available for the last ${IMPRESSION_SHARE_DAYS} days`,
        'timeRange.start',
      ),
    );
  return problems;
}

/**
 * Won and served impressions per (app, period, storefront, term) over the account's local days.
 * Days are the account's local days: the sandbox's auctions run per local day.
 */
export function tallyShares(
  store: SandboxStore,
  adAccountId: number,
  adamIds: number[],
  startDay: number,
  endDay: number,
  periodOf: (day: number) => string,
): Map<string, Tally> {
  const memo = new DeliveryMemo(store);
  const tallies = new Map<string, Tally>();
  for (const campaign of store.campaigns.values()) {
    const adamId = Number(campaign.promotedObjectId);
    if (campaign.adAccountId !== adAccountId || !adamIds.includes(adamId)) continue;
    const countries = campaign.targeting.countryOrRegion.include ?? ['US'];
    const countrySplit = cumulativeOf(countries.map(() => 1));
    for (let day = startDay; day <= endDay; day++) {
      for (const [keywordId, record] of memo.campaignDay(campaign.id, day)) {
        const keyword = store.keywords.get(keywordId) as Keyword;
        const adGroup = store.adGroups.get(keyword.adGroupId) as AdGroup;
        const terms = searchTermsOf(store.seed, adGroup, keyword);
        const weightTotal = terms.reduce((sum, term) => sum + term.weight, 0);
        const parts = chainSplit(record, cumulativeOf(terms.map((term) => term.weight)));
        const searches = memo.eligibleSearches(keywordId, day, countries);
        terms.forEach((term, index) => {
          const won = chainSplit(parts[index] as MetricRecord, countrySplit);
          const served = (searches * SERVED_SHARE * term.weight) / weightTotal / countries.length;
          countries.forEach((country, countryIndex) => {
            const key = `${adamId}|${periodOf(day)}|${country}|${term.text}`;
            let tally = tallies.get(key);
            if (!tally) {
              tally = {
                adamId,
                period: periodOf(day),
                country,
                term: term.text,
                won: 0,
                served: 0,
              };
              tallies.set(key, tally);
            }
            tally.won += (won[countryIndex] as MetricRecord)[IMPRESSIONS] ?? 0;
            tally.served += served;
          });
        });
      }
    }
  }
  return tallies;
}

function shareRow(store: SandboxStore, tally: Tally, weekly: boolean): ImpressionShareRow {
  const share = Math.min(1, tally.served === 0 ? 0 : tally.won / tally.served);
  const app = store.appsByAdamId.get(tally.adamId);
  // Apple reports exact shares up to 90 % and the band 91-100 % above.
  const [low, high] = share > 0.9 ? [0.91, 1] : [round2(share), round2(share)];
  return {
    ...(weekly ? { week: tally.period } : { day: tally.period }),
    appName: app?.name ?? '',
    promotedObjectId: String(tally.adamId),
    countryOrRegion: tally.country,
    searchTerm: tally.term,
    lowImpressionShare: low,
    highImpressionShare: high,
    rank: rankAmongRivals(store.seed, tally.term, tally.adamId, share),
    searchPopularity1to5: popularity1to5(termPopularity(tally.term, tally.country)),
  };
}

/**
 * The app's position among the apps bidding on the term: rivals share what the app did not win,
 * in proportions fixed per (seed, term), so a higher share never gives a worse rank.
 */
export function rankAmongRivals(seed: number, term: string, adamId: number, share: number): number {
  const termHash = hashString(term);
  const rivals = 2 + (hash(seed, termHash, adamId) % 6);
  const weights = Array.from(
    { length: rivals },
    (_, index) => 0.2 + unit(seed, termHash, index, 97),
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return 1 + weights.filter((weight) => ((1 - share) * weight) / total > share).length;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
