// The market model: what each keyword delivers on a local day, from the seed and the entity
// versions in effect. A second-price auction sets the cost per tap (never above the bid) and the
// campaign's daily budget caps the day; ad groups and campaigns are sums of their keywords.
// Campaigns on a placement without keywords (search tab, today tab, product pages) deliver per
// ad group instead, from the placement's browsing audience.
import { placementOf, takesKeywords } from '@tapwise/apple-ads-schemas';
import { countryVolume, termPopularity } from './catalogue.js';
import { DAY_MS, HOUR_MS, localDayStartMs } from './calendar.js';
import { hash, hashString, sequence } from './hash.js';
import {
  IMPRESSIONS,
  METRIC_COUNT,
  SPEND_CENTS,
  TAPS,
  TAP_INSTALLS,
  TAP_NEW_DOWNLOADS,
  VIEW_INSTALLS,
  VIEW_NEW_DOWNLOADS,
  addInto,
  chainSplit,
  cumulativeOf,
  emptyRecord,
  type MetricRecord,
} from './metric-record.js';
import type { Keyword } from './entities.js';
import {
  versionAt,
  type AdGroupVersion,
  type CampaignVersion,
  type KeywordVersion,
  type SandboxStore,
} from './store.js';

/** Share of a day's searches per local hour: quiet nights, evening peak. */
export const HOUR_WEIGHTS: readonly number[] = [
  1.2, 0.8, 0.6, 0.5, 0.5, 0.7, 1.4, 2.6, 3.6, 4.2, 4.6, 4.9, 5.2, 5.1, 5.0, 5.1, 5.4, 5.9, 6.4,
  6.9, 7.1, 6.3, 4.4, 2.5,
];
export const HOUR_CUMULATIVE = cumulativeOf(HOUR_WEIGHTS);

const WEEKDAY_FACTOR = [1.08, 0.95, 0.97, 0.98, 1.0, 1.03, 1.12]; // Sunday first

interface KeywordTraits {
  volume: number;
  competitorCents: number;
  relevance: number;
  broad: boolean;
  textHash: number;
}

interface CampaignDay {
  delivery: Map<number, MetricRecord>;
  /** Delivery of the ad groups of a placement without keywords, by ad group. */
  placementDelivery: Map<number, MetricRecord>;
  demandCents: number;
  /** The delivery summed per ad group, worked out when a report first asks for it. */
  adGroupTotals?: Map<number, MetricRecord>;
}

/**
 * Campaign-days that are over, shared by every request until the next write: a sync asks for
 * the same window at several levels in turn, and each would otherwise recompute the auction.
 * Bounded, oldest first out; records in it are never mutated by readers.
 */
class FinishedDayCache {
  private static readonly CAPACITY = 4000;
  private revision = -1;
  private readonly days = new Map<string, CampaignDay>();

  get(store: SandboxStore, key: string): CampaignDay | undefined {
    if (store.revision !== this.revision) {
      this.days.clear();
      this.revision = store.revision;
    }
    return this.days.get(key);
  }

  set(key: string, day: CampaignDay): void {
    if (this.days.size >= FinishedDayCache.CAPACITY)
      this.days.delete(this.days.keys().next().value as string);
    this.days.set(key, day);
  }
}
const finishedDays = new WeakMap<SandboxStore, FinishedDayCache>();

/** Per-request memo of keyword traits and campaign-days; a report touches each many times. */
export class DeliveryMemo {
  private readonly traits = new Map<number, KeywordTraits>();
  private readonly days = new Map<string, CampaignDay>();
  private readonly finished: FinishedDayCache;
  constructor(readonly store: SandboxStore) {
    let cache = finishedDays.get(store);
    if (!cache) finishedDays.set(store, (cache = new FinishedDayCache()));
    this.finished = cache;
  }

  campaignDay(campaignId: number, day: number): Map<number, MetricRecord> {
    return this.dayOf(campaignId, day).delivery;
  }

  private dayOf(campaignId: number, day: number): CampaignDay {
    const key = `${campaignId}:${day}`;
    let result = this.days.get(key) ?? this.finished.get(this.store, key);
    if (!result) {
      const computed = computeCampaignDay(this.store, this, campaignId, day);
      result = {
        delivery: computed.delivery,
        placementDelivery: computed.placementDelivery,
        demandCents: computed.demandCents,
      };
      if (computed.finished) this.finished.set(key, result);
    }
    this.days.set(key, result);
    return result;
  }

  /**
   * The day's delivery summed per ad group, in the order the ad groups first deliver: campaign,
   * ad group and ad reports add these up rather than every keyword again. Sums of integers, so
   * exactly the keyword records' sum in any order.
   */
  adGroupDay(campaignId: number, day: number): ReadonlyMap<number, MetricRecord> {
    const campaignDay = this.dayOf(campaignId, day);
    if (campaignDay.placementDelivery.size > 0) return campaignDay.placementDelivery;
    if (!campaignDay.adGroupTotals) {
      const totals = new Map<number, MetricRecord>();
      for (const [keywordId, record] of campaignDay.delivery) {
        const adGroupId = (this.store.keywords.get(keywordId) as Keyword).adGroupId;
        const total = totals.get(adGroupId);
        if (total) addInto(total, record);
        else totals.set(adGroupId, [...record]);
      }
      campaignDay.adGroupTotals = totals;
    }
    return campaignDay.adGroupTotals;
  }

  /** The day's delivery of a placement without keywords, by ad group (empty for search results). */
  placementDay(campaignId: number, day: number): ReadonlyMap<number, MetricRecord> {
    return this.dayOf(campaignId, day).placementDelivery;
  }

  /** What the campaign would have spent that day without its daily budget (recommendations). */
  campaignDemandCents(campaignId: number, day: number): number {
    return this.dayOf(campaignId, day).demandCents;
  }

  /**
   * Searches a keyword was eligible for on a local day: the same draw its delivery starts from,
   * so impression share divides delivered impressions by the volume the auction saw.
   */
  eligibleSearches(keywordId: number, day: number, countries: readonly string[]): number {
    const traits = this.keywordTraits(keywordId, countries);
    return searchesOn(traits, day, sequence(hash(this.store.seed, keywordId, day)));
  }

  keywordTraits(keywordId: number, countries: readonly string[]): KeywordTraits {
    let traits = this.traits.get(keywordId);
    if (!traits) {
      const keyword = this.store.keywords.get(keywordId);
      if (!keyword) throw new Error(`unknown keyword ${keywordId}`);
      const primary = countries[0] ?? 'US';
      let volume = 0;
      for (const country of countries)
        volume += countryVolume(country) * searchesPerDay(termPopularity(keyword.text, country));
      const popularity = termPopularity(keyword.text, primary);
      traits = {
        volume,
        competitorCents: competitorPriceCents(popularity),
        relevance: this.store.keywordRelevance.get(keywordId) ?? 0.5,
        broad: keyword.matchType === 'BROAD',
        textHash: hashString(keyword.text),
      };
      this.traits.set(keywordId, traits);
    }
    return traits;
  }
}

/** Daily US searches for a popularity score: exponential, as popularity is a log-like scale. */
export function searchesPerDay(popularity: number): number {
  return 2 * Math.exp(popularity * POPULARITY_SLOPE);
}

const POPULARITY_SLOPE = 0.075;

/** What rival advertisers bid on a term of this popularity, in cents: popular terms cost more. */
export function competitorPriceCents(popularity: number): number {
  return 40 + 330 * (popularity / 100) ** 1.4;
}

/** The inverse of searchesPerDay, clamped to Apple's 1-100 scale. */
export function popularityForSearches(searches: number): number {
  const popularity = Math.round(Math.log(Math.max(searches, 1e-9) / 2) / POPULARITY_SLOPE);
  return Math.max(1, Math.min(100, popularity));
}

interface Portion {
  /** The keyword, or the ad group on a placement without keywords. */
  entityId: number;
  record: MetricRecord;
  cptCents: number;
}

function computeCampaignDay(
  store: SandboxStore,
  memo: DeliveryMemo,
  campaignId: number,
  day: number,
): CampaignDay & { finished: boolean } {
  const result = new Map<number, MetricRecord>();
  const placementDelivery = new Map<number, MetricRecord>();
  const campaign = store.campaigns.get(campaignId);
  const none = { delivery: result, placementDelivery, demandCents: 0 };
  if (!campaign) return { ...none, finished: false };
  const timeZone = store.accountOf(campaign.adAccountId).timezone;
  const dayStart = localDayStartMs(timeZone, day);
  const finished = dayStart + DAY_MS <= store.now();
  const dayEnd = Math.min(dayStart + DAY_MS, store.now());
  if (dayEnd <= dayStart) return { ...none, finished };
  const campaignVersions = store.campaignVersions.get(campaignId);
  const placement = placementOf(campaign.targeting);
  const campaignSchedule = scheduleCuts(campaignVersions);
  const portions: Portion[] = [];
  for (const adGroupId of store.adGroupIdsByCampaign.get(campaignId) ?? []) {
    const adGroupVersions = store.adGroupVersions.get(adGroupId);
    const adGroupSchedule = scheduleCuts(adGroupVersions);
    if (!takesKeywords(placement)) {
      // ads-endpoints.md: "The ad is the serving unit"; without a keyword, only an ad serves.
      const adVersions = (store.adIdsByAdGroup.get(adGroupId) ?? []).map((id) =>
        store.adVersions.get(id),
      );
      for (const [from, to] of segments(
        dayStart,
        dayEnd,
        campaignVersions,
        adGroupVersions,
        campaignSchedule,
        adGroupSchedule,
        ...adVersions,
      )) {
        const campaignState = versionAt(campaignVersions, from);
        const adGroupState = versionAt(adGroupVersions, from);
        if (!isDelivering(from, campaignState, adGroupState, 'none')) continue;
        if (!adVersions.some((versions) => versionAt(versions, from)?.active)) continue;
        const potential = placementPotential(
          store.seed,
          placement,
          adGroupId,
          day,
          campaignState as CampaignVersion,
          adGroupState as AdGroupVersion,
        );
        const record = fractionOfDay(
          potential.record,
          (from - dayStart) / HOUR_MS,
          (to - dayStart) / HOUR_MS,
        );
        portions.push({ entityId: adGroupId, record, cptCents: potential.cptCents });
      }
      continue;
    }
    for (const keywordId of store.keywordIdsByAdGroup.get(adGroupId) ?? []) {
      const keywordVersions = store.keywordVersions.get(keywordId);
      for (const [from, to] of segments(
        dayStart,
        dayEnd,
        campaignVersions,
        adGroupVersions,
        keywordVersions,
        campaignSchedule,
        adGroupSchedule,
      )) {
        const campaignState = versionAt(campaignVersions, from);
        const adGroupState = versionAt(adGroupVersions, from);
        const keywordState = versionAt(keywordVersions, from);
        if (!isDelivering(from, campaignState, adGroupState, keywordState)) continue;
        const potential = keywordPotential(
          store.seed,
          memo,
          keywordId,
          day,
          campaignState as CampaignVersion,
          adGroupState as AdGroupVersion,
          keywordState as KeywordVersion,
        );
        const record = fractionOfDay(
          potential.record,
          (from - dayStart) / HOUR_MS,
          (to - dayStart) / HOUR_MS,
        );
        portions.push({ entityId: keywordId, record, cptCents: potential.cptCents });
      }
    }
  }
  const budgetCents = versionAt(campaignVersions, dayEnd - 1)?.budgetCents ?? 0;
  const demandCents = applyDailyBudget(portions, budgetCents);
  const target = takesKeywords(placement) ? result : placementDelivery;
  for (const portion of portions) {
    const existing = target.get(portion.entityId);
    if (existing) addInto(existing, portion.record);
    else target.set(portion.entityId, portion.record);
  }
  return { delivery: result, placementDelivery, demandCents, finished };
}

/**
 * The instants a campaign's or ad group's schedule starts or ends: delivery begins at a start
 * time inside a day, not at the next change.
 */
function scheduleCuts(versions: readonly { startMs: number; endMs: number }[] | undefined) {
  return (versions ?? []).flatMap((version) => [{ at: version.startMs }, { at: version.endMs }]);
}

/** Sub-intervals of the day between version changes of the campaign, ad group or keyword. */
function segments(
  from: number,
  to: number,
  ...versionLists: (readonly { at: number }[] | undefined)[]
): [number, number][] {
  const cuts: number[] = [];
  for (const versions of versionLists) {
    for (const version of versions ?? [])
      if (version.at > from && version.at < to) cuts.push(version.at);
  }
  if (cuts.length === 0) return [[from, to]];
  cuts.sort((a, b) => a - b);
  const result: [number, number][] = [];
  let start = from;
  for (const cut of cuts) {
    if (cut > start) result.push([start, cut]);
    start = cut;
  }
  result.push([start, to]);
  return result;
}

/** Whether the campaign, ad group and (on search results) keyword serve at that instant. */
function isDelivering(
  at: number,
  campaign?: CampaignVersion,
  adGroup?: AdGroupVersion,
  keyword?: KeywordVersion | 'none',
): boolean {
  if (!campaign || !adGroup || !keyword) return false;
  if (!campaign.active || !adGroup.active || (keyword !== 'none' && !keyword.active)) return false;
  if (at < campaign.startMs || at >= campaign.endMs || at < adGroup.startMs || at >= adGroup.endMs)
    return false;
  return campaign.budgetCents > 0;
}

function keywordPotential(
  seed: number,
  memo: DeliveryMemo,
  keywordId: number,
  day: number,
  campaign: CampaignVersion,
  adGroup: AdGroupVersion,
  keyword: KeywordVersion,
): { record: MetricRecord; cptCents: number } {
  const traits = memo.keywordTraits(keywordId, campaign.countries);
  const random = sequence(hash(seed, keywordId, day));
  const bidCents = (adGroup.keywordBids ? keyword.bidCents : null) ?? adGroup.defaultBidCents;
  const relevance = traits.broad ? traits.relevance * 0.8 : traits.relevance;
  const searches = searchesOn(traits, day, random);
  return auctionDay(random, {
    audience: searches,
    coverage: adGroup.coverage,
    bidCents,
    rankCents: bidCents * (0.6 + 0.6 * relevance),
    competitorCents: traits.competitorCents * (0.85 + 0.3 * random()),
    tapRate: 0.02 + 0.11 * relevance,
    tapInstallRate: 0.3 + 0.4 * relevance,
    viewInstallRate: 0.0012,
  });
}

/**
 * One entrant's day at auction (a keyword, or an ad group on a placement without keywords): the
 * share of its audience it wins against rivals, the taps, a second price and the installs.
 */
function auctionDay(
  random: () => number,
  entrant: {
    audience: number;
    /** Share of the audience the ad group's targeting reaches. */
    coverage: number;
    bidCents: number;
    /** The bid as the auction ranks it (relevance weighs a keyword's). */
    rankCents: number;
    competitorCents: number;
    tapRate: number;
    tapInstallRate: number;
    viewInstallRate: number;
  },
): { record: MetricRecord; cptCents: number } {
  const { bidCents, competitorCents } = entrant;
  const strength = (entrant.rankCents - competitorCents) / (0.35 * competitorCents);
  const winShare = 0.95 / (1 + Math.exp(-strength));
  const record = emptyRecord();
  const impressions = Math.floor(entrant.audience * winShare * entrant.coverage + random());
  const tapThrough = entrant.tapRate * (0.85 + 0.3 * random());
  const taps = Math.min(impressions, Math.floor(impressions * tapThrough + random()));
  // Second price: the next bidder's price plus a step, capped by our own bid.
  const cptCents = Math.max(
    1,
    Math.min(bidCents, Math.floor(competitorCents * (0.5 + 0.45 * winShare))),
  );
  const tapInstalls = Math.min(taps, Math.floor(taps * entrant.tapInstallRate + random()));
  const viewInstalls = Math.min(
    impressions,
    Math.floor(impressions * entrant.viewInstallRate + random()),
  );
  record[IMPRESSIONS] = impressions;
  record[TAPS] = taps;
  record[TAP_INSTALLS] = tapInstalls;
  record[TAP_NEW_DOWNLOADS] = Math.min(tapInstalls, Math.floor(tapInstalls * 0.82 + random()));
  record[VIEW_INSTALLS] = viewInstalls;
  record[VIEW_NEW_DOWNLOADS] = Math.min(viewInstalls, Math.floor(viewInstalls * 0.7 + random()));
  record[SPEND_CENTS] = taps * cptCents;
  return { record, cptCents };
}

/**
 * Placements without keywords: the App Store visits a US-sized storefront gives the slot a day,
 * rivals' price per tap in cents, and the share of impressions tapped. Choice: Apple publishes no
 * such numbers; the today tab is the largest audience and the least tapped, the search tab the
 * most tapped.
 */
const PLACEMENT_MARKET: Record<string, { visits: number; rivalCents: number; tapRate: number }> = {
  APPSTORE_SEARCH_TAB: { visits: 40_000, rivalCents: 120, tapRate: 0.03 },
  APPSTORE_TODAY_TAB: { visits: 150_000, rivalCents: 260, tapRate: 0.007 },
  APPSTORE_PRODUCT_PAGES: { visits: 60_000, rivalCents: 100, tapRate: 0.015 },
};

/** An ad group's full day on a placement without keywords, at the same auction as keywords. */
function placementPotential(
  seed: number,
  placement: string,
  adGroupId: number,
  day: number,
  campaign: CampaignVersion,
  adGroup: AdGroupVersion,
): { record: MetricRecord; cptCents: number } {
  const market = PLACEMENT_MARKET[placement] ?? { visits: 0, rivalCents: 1, tapRate: 0 };
  const random = sequence(hash(seed, adGroupId, day));
  let visits = 0;
  for (const country of campaign.countries) visits += countryVolume(country) * market.visits;
  visits *= (WEEKDAY_FACTOR[(day + 4) % 7] ?? 1) * (0.8 + 0.4 * random());
  return auctionDay(random, {
    audience: visits,
    coverage: adGroup.coverage,
    bidCents: adGroup.defaultBidCents,
    rankCents: adGroup.defaultBidCents,
    competitorCents: market.rivalCents * (0.85 + 0.3 * random()),
    tapRate: market.tapRate,
    tapInstallRate: 0.4,
    viewInstallRate: 0.0008,
  });
}

/** A keyword's searches on a day; consumes the first draw of its day sequence. */
function searchesOn(traits: KeywordTraits, day: number, random: () => number): number {
  const weekday = WEEKDAY_FACTOR[(day + 4) % 7] ?? 1;
  return (
    traits.volume *
    (traits.broad ? 1.8 : 1) *
    weekday *
    seasonOf(traits.textHash, day) *
    (0.7 + 0.6 * random())
  );
}

/** Yearly seasonality of a term's searches; insights derive popularity changes from it too. */
export function seasonOf(textHash: number, day: number): number {
  return 1 + 0.12 * Math.sin((2 * Math.PI * day) / 365.25 + (textHash % 7));
}

/** The part of a full-day record delivered between two fractional local hours. */
export function fractionOfDay(
  record: MetricRecord,
  fromHour: number,
  toHour: number,
): MetricRecord {
  if (fromHour <= 0 && toHour >= 24) return record;
  const parts = chainSplit(record, [0, cumulativeAtHour(fromHour), cumulativeAtHour(toHour), 1]);
  return parts[1] as MetricRecord;
}

export function cumulativeAtHour(hour: number): number {
  if (hour <= 0) return 0;
  if (hour >= 24) return 1;
  const whole = Math.floor(hour);
  const low = HOUR_CUMULATIVE[whole] ?? 0;
  const high = HOUR_CUMULATIVE[whole + 1] ?? 1;
  return low + (hour - whole) * (high - low);
}

/**
 * Caps the campaign's day at its daily budget by scaling every keyword's delivery down; spend
 * is recomputed from the scaled taps so it stays at most bid x taps. Returns the uncapped spend.
 */
function applyDailyBudget(portions: Portion[], budgetCents: number): number {
  let spend = 0;
  for (const portion of portions) spend += portion.record[SPEND_CENTS] ?? 0;
  if (spend <= budgetCents) return spend;
  const factor = budgetCents / spend;
  for (const portion of portions) {
    const record = portion.record;
    const scaled = emptyRecord();
    for (let metric = 0; metric < METRIC_COUNT; metric++)
      scaled[metric] = Math.floor((record[metric] ?? 0) * factor);
    scaled[SPEND_CENTS] = (scaled[TAPS] ?? 0) * portion.cptCents;
    portion.record = scaled;
  }
  return spend;
}
