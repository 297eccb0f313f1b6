// Builds report rows from keyword-day delivery (ad group-day on placements without keywords).
// Every level aggregates the same keyword records, so campaign = sum of ad groups = sum of
// keywords = sum of search terms, exactly, for any window.
import {
  DAY_MS,
  HOUR_MS,
  isoDateOfDay,
  localDayStartMs,
  monthStart,
  weekStartSunday,
} from '../model/calendar.js';
import { DeliveryMemo } from '../model/delivery.js';
import { hash, unit } from '../model/hash.js';
import {
  METRIC_COUNT,
  chainSplitInto,
  cumulativeOf,
  emptyRecord,
  type MetricRecord,
} from '../model/metric-record.js';
import type { SandboxStore } from '../model/store.js';
import { HOUR_CUMULATIVE } from '../model/delivery.js';
import type { AdGroup, Campaign, Keyword } from '../model/entities.js';
import { REPORT_METRIC_FIELDS } from '@tapwise/apple-ads-schemas';
import { matchesFilter } from '../server/entity-query.js';
import type { ReportRequest } from './report-request.js';

export interface ReportRow {
  key: string;
  entityId: number;
  keywordId?: number;
  searchTerm?: { text: string; source: 'AUTO' | 'TARGETED' };
  groups: Record<string, string>;
  total: Float64Array;
  buckets: Float64Array | null;
}

export interface ReportResult {
  rows: ReportRow[];
  bucketLabels: string[];
  currency: string;
}

const NO_GROUPS: Record<string, string> = {};

/** Buckets a local (day, hour) falls in; -1 when outside the requested window. */
interface Bucketing {
  labels: string[];
  /** Whether each local day must be split into hours (HOURLY or UTC windows). */
  hourly: boolean;
  localDays: number[];
  bucketOfDay(day: number): number;
  bucketOfHour(day: number, hour: number): number;
}

function buildBucketing(request: ReportRequest, timeZone: string): Bucketing {
  const { startDay, endDay, granularity } = request;
  const utc = request.timeZone === 'UTC';
  const labels: string[] = [];
  const labelIndex = new Map<string, number>();
  const labelFor = (day: number, hour: number): string => {
    switch (granularity) {
      case 'HOURLY':
        return `${isoDateOfDay(day)} ${String(hour).padStart(2, '0')}`;
      case 'DAILY':
        return isoDateOfDay(day);
      case 'WEEKLY':
        return isoDateOfDay(Math.max(startDay, weekStartSunday(day)));
      case 'MONTHLY':
        return isoDateOfDay(Math.max(startDay, monthStart(day)));
      default:
        return 'total';
    }
  };
  const indexOf = (label: string): number => {
    let index = labelIndex.get(label);
    if (index === undefined) {
      index = labels.length;
      labels.push(label);
      labelIndex.set(label, index);
    }
    return index;
  };
  // Pre-register labels in chronological order.
  for (let day = startDay; day <= endDay; day++) {
    if (granularity === 'HOURLY')
      for (let hour = 0; hour < 24; hour++) indexOf(labelFor(day, hour));
    else indexOf(labelFor(day, 0));
  }
  const localDays: number[] = [];
  for (let day = startDay - (utc ? 1 : 0); day <= endDay + (utc ? 1 : 0); day++)
    localDays.push(day);
  // Each day's bucket once, not once per keyword of the day.
  const dayBuckets = new Int32Array(endDay - startDay + 1);
  for (let day = startDay; day <= endDay; day++)
    dayBuckets[day - startDay] = indexOf(labelFor(day, 0));
  const hourly = utc || granularity === 'HOURLY';
  // Likewise each local hour's bucket, once.
  const firstDay = localDays[0] ?? startDay;
  const hourBuckets = new Int32Array(hourly ? localDays.length * 24 : 0);
  if (hourly)
    for (const day of localDays)
      for (let hour = 0; hour < 24; hour++) {
        let targetDay = day;
        let targetHour = hour;
        if (utc) {
          const instant = localDayStartMs(timeZone, day) + hour * HOUR_MS;
          targetDay = Math.floor(instant / DAY_MS);
          targetHour = Math.floor((instant - targetDay * DAY_MS) / HOUR_MS);
        }
        hourBuckets[(day - firstDay) * 24 + hour] =
          targetDay < startDay || targetDay > endDay
            ? -1
            : indexOf(labelFor(targetDay, targetHour));
      }
  return {
    labels,
    hourly,
    localDays,
    bucketOfDay: (day) =>
      day < startDay || day > endDay ? -1 : (dayBuckets[day - startDay] as number),
    bucketOfHour: (day, hour) => hourBuckets[(day - firstDay) * 24 + hour] as number,
  };
}

function addToRow(row: ReportRow, record: MetricRecord, bucket: number): void {
  const { total, buckets } = row;
  for (let m = 0; m < METRIC_COUNT; m++) total[m] = (total[m] as number) + (record[m] as number);
  if (buckets && bucket >= 0) {
    const base = bucket * METRIC_COUNT;
    for (let m = 0; m < METRIC_COUNT; m++)
      buckets[base + m] = (buckets[base + m] as number) + (record[m] as number);
  }
}

interface Contribution {
  key: string;
  entityId: number;
  keywordId?: number;
  searchTerm?: { text: string; source: 'AUTO' | 'TARGETED' };
  record: MetricRecord;
  /** The row it adds to when there is no groupBy, kept once found (contributions are reused). */
  row?: ReportRow;
}

export function runReport(
  store: SandboxStore,
  adAccountId: number,
  request: ReportRequest,
): ReportResult {
  const account = store.accountOf(adAccountId);
  const bucketing = buildBucketing(request, account.timezone);
  const bucketCount = request.granularity ? bucketing.labels.length : 0;
  const rows = new Map<string, ReportRow>();
  const memo = new DeliveryMemo(store);
  const termPlans = new SearchTermPlans(store.seed);
  const singles = new SingleContributions();
  const groupPlans = new GroupPlans(store.seed, request.groupBy);
  const metadataFilters = request.filters.filter(
    (filter) => !REPORT_METRIC_FIELDS.has(filter.field),
  );
  const campaigns = request.campaignIds
    .map((id) => store.campaigns.get(id))
    .filter(
      (campaign): campaign is Campaign =>
        campaign !== undefined && campaign.adAccountId === adAccountId,
    );
  const keywordInScope = (keyword: Keyword) =>
    request.level !== 'keywords' ||
    metadataFilters.every((filter) => matchesFilter(keyword, filter));
  const adGroupInScope = (adGroup: AdGroup) =>
    (request.level !== 'adgroups' &&
      request.level !== 'keywords' &&
      request.level !== 'searchterms') ||
    metadataFilters
      .filter((filter) => filter.field === 'adGroupId')
      .every((filter) => matchesFilter({ adGroupId: adGroup.id }, filter));
  // Scope is decided once per keyword, not on each of its days.
  const scope = new Map<number, { keyword: Keyword; adGroup: AdGroup } | null>();
  const inScope = (keywordId: number) => {
    let entry = scope.get(keywordId);
    if (entry === undefined) {
      const keyword = store.keywords.get(keywordId) as Keyword;
      const adGroup = store.adGroups.get(keyword.adGroupId) as AdGroup;
      entry = keywordInScope(keyword) && adGroupInScope(adGroup) ? { keyword, adGroup } : null;
      scope.set(keywordId, entry);
    }
    return entry;
  };

  // Rows by contribution key, then by group object: group objects are canonical (one per value
  // tuple), so the hot path builds no key strings.
  const rowIndex = new Map<string, Map<Record<string, string>, ReportRow>>();
  const rowFor = (contribution: Contribution, groups: Record<string, string>): ReportRow => {
    let byGroups = rowIndex.get(contribution.key);
    if (!byGroups) rowIndex.set(contribution.key, (byGroups = new Map()));
    let row = byGroups.get(groups);
    if (!row) {
      const key =
        request.groupBy.length === 0
          ? contribution.key
          : `${contribution.key}|${request.groupBy.map((dimension) => groups[dimension]).join('|')}`;
      row = {
        key,
        entityId: contribution.entityId,
        groups,
        total: new Float64Array(METRIC_COUNT),
        buckets: bucketCount > 0 ? new Float64Array(bucketCount * METRIC_COUNT) : null,
      };
      if (contribution.keywordId !== undefined) row.keywordId = contribution.keywordId;
      if (contribution.searchTerm) row.searchTerm = contribution.searchTerm;
      rows.set(key, row);
      byGroups.set(groups, row);
    }
    return row;
  };
  const accumulate = (
    contribution: Contribution,
    bucket: number,
    campaign: Campaign,
    adGroup: AdGroup,
  ) => {
    // Without groupBy there is nothing to split; skip the allocation-heavy path.
    if (request.groupBy.length === 0) {
      addToRow((contribution.row ??= rowFor(contribution, NO_GROUPS)), contribution.record, bucket);
      return;
    }
    const { groups, cumulatives, scratch } = groupPlans.of(campaign, adGroup);
    const parts = splitAll(contribution.record, cumulatives, scratch);
    for (let index = 0; index < parts.length; index++)
      addToRow(rowFor(contribution, groups[index]!), parts[index]!, bucket);
  };
  const hours = Array.from({ length: 24 }, emptyRecord);
  /** Splits a contribution of a local day into its hours, each into its bucket. */
  const accumulateHours = (
    contribution: Contribution,
    day: number,
    campaign: Campaign,
    adGroup: AdGroup,
  ) => {
    chainSplitInto(contribution.record, HOUR_CUMULATIVE, hours, 0);
    const piece = { ...contribution };
    for (let hour = 0; hour < 24; hour++) {
      const bucket = bucketing.bucketOfHour(day, hour);
      if (bucket < 0) continue;
      piece.record = hours[hour] as MetricRecord;
      accumulate(piece, request.granularity ? bucket : -1, campaign, adGroup);
    }
  };

  /** A contribution of a local day, into its day's bucket or split into its hours. */
  const accumulateDay = (
    contribution: Contribution,
    day: number,
    campaign: Campaign,
    adGroup: AdGroup,
  ) => {
    if (bucketing.hourly) {
      accumulateHours(contribution, day, campaign, adGroup);
      return;
    }
    const bucket = bucketing.bucketOfDay(day);
    if (bucket >= 0 || !request.granularity) {
      if (request.granularity || (day >= request.startDay && day <= request.endDay))
        accumulate(contribution, bucket, campaign, adGroup);
    }
  };
  // Ads split their ad group's day; campaign and ad group rows are sums of ad group days, unless
  // hours or groupBy split each keyword's record (splits of a sum differ from sums of splits).
  const byAdGroup =
    request.level === 'ads' ||
    (request.groupBy.length === 0 &&
      !bucketing.hourly &&
      (request.level === 'campaigns' || request.level === 'adgroups'));
  const adPlans = new AdPlans(store);

  for (const campaign of campaigns) {
    for (const day of bucketing.localDays) {
      if (byAdGroup) {
        for (const [adGroupId, record] of memo.adGroupDay(campaign.id, day)) {
          const adGroup = store.adGroups.get(adGroupId) as AdGroup;
          if (request.level === 'adgroups' && !adGroupInScope(adGroup)) continue;
          const contributions =
            request.level === 'ads'
              ? adPlans.contributions(adGroup, record)
              : singles.of(request.level === 'campaigns' ? campaign.id : adGroupId, record);
          for (const contribution of contributions)
            accumulateDay(contribution, day, campaign, adGroup);
        }
        continue;
      }
      for (const [keywordId, record] of memo.campaignDay(campaign.id, day)) {
        const entry = inScope(keywordId);
        if (!entry) continue;
        const { keyword, adGroup } = entry;
        const contributions = contributionsOf(
          request,
          campaign,
          adGroup,
          keyword,
          record,
          termPlans,
          singles,
        );
        for (const contribution of contributions)
          accumulateDay(contribution, day, campaign, adGroup);
      }
      // Placements without keywords add to campaign and ad group rows only.
      if (request.level !== 'campaigns' && request.level !== 'adgroups') continue;
      for (const [adGroupId, record] of memo.placementDay(campaign.id, day)) {
        const adGroup = store.adGroups.get(adGroupId) as AdGroup;
        if (!adGroupInScope(adGroup)) continue;
        const entityId = request.level === 'campaigns' ? campaign.id : adGroupId;
        for (const contribution of singles.of(entityId, record))
          accumulateDay(contribution, day, campaign, adGroup);
      }
    }
  }
  if (request.emptyMetrics)
    addEmptyRows(store, request, campaigns, rows, bucketCount, metadataFilters);
  return { rows: [...rows.values()], bucketLabels: bucketing.labels, currency: account.currency };
}

/** The contributions of a keyword's day at the keyword-wise levels. */
function contributionsOf(
  request: ReportRequest,
  campaign: Campaign,
  adGroup: AdGroup,
  keyword: Keyword,
  record: MetricRecord,
  termPlans: SearchTermPlans,
  singles: SingleContributions,
): Contribution[] {
  switch (request.level) {
    case 'campaigns':
      return singles.of(campaign.id, record);
    case 'adgroups':
      return singles.of(adGroup.id, record);
    case 'keywords':
      return singles.of(keyword.id, record);
    case 'searchterms': {
      const { contributions, records, cumulative } = termPlans.of(adGroup, keyword);
      chainSplitInto(record, cumulative, records, 0);
      return contributions;
    }
    case 'ads':
      throw new Error('ads split ad group days, not keywords');
  }
}

/**
 * Contribution objects are reused from day to day with the day's record put in: a report reads
 * each at once (rows keep only its key, ids and search term), so none outlives its day.
 */
class SingleContributions {
  private readonly lists = new Map<number, [Contribution]>();

  of(entityId: number, record: MetricRecord): Contribution[] {
    let list = this.lists.get(entityId);
    if (!list) this.lists.set(entityId, (list = [{ key: String(entityId), entityId, record }]));
    list[0].record = record;
    return list;
  }
}

/**
 * Each keyword's search terms and their split, worked out once per report, not once per day; each
 * day's split is written into the contributions' own records.
 */
class SearchTermPlans {
  private readonly plans = new Map<
    number,
    { contributions: Contribution[]; records: MetricRecord[]; cumulative: number[] }
  >();
  constructor(private readonly seed: number) {}

  of(adGroup: AdGroup, keyword: Keyword) {
    let plan = this.plans.get(keyword.id);
    if (!plan) {
      const terms = searchTermsOf(this.seed, adGroup, keyword);
      const contributions = terms.map(({ text, source }) => ({
        key: `${keyword.id}|${text}`,
        entityId: keyword.id,
        keywordId: keyword.id,
        searchTerm: { text, source },
        record: emptyRecord(),
      }));
      plan = {
        contributions,
        records: contributions.map((contribution) => contribution.record),
        cumulative: cumulativeOf(terms.map((term) => term.weight)),
      };
      this.plans.set(keyword.id, plan);
    }
    return plan;
  }
}

/** Search terms behind a keyword: the keyword itself for exact match, close variants for broad. */
export function searchTermsOf(
  seed: number,
  adGroup: AdGroup,
  keyword: Keyword,
): { text: string; source: 'AUTO' | 'TARGETED'; weight: number }[] {
  if (keyword.matchType === 'EXACT') return [{ text: keyword.text, source: 'TARGETED', weight: 1 }];
  const variants = [
    `${keyword.text} app`,
    `best ${keyword.text}`,
    `${keyword.text} free`,
    `${keyword.text} for iphone`,
  ];
  const terms: { text: string; source: 'AUTO' | 'TARGETED'; weight: number }[] = [
    { text: keyword.text, source: 'TARGETED', weight: 3 },
  ];
  variants.forEach((text, index) => {
    const weight = unit(seed, keyword.id, 91, index);
    // In Search Match ad groups the last variant is one Apple matched automatically.
    const source =
      adGroup.automatedKeywordsOptIn && index === variants.length - 1 ? 'AUTO' : 'TARGETED';
    if (weight > 0.3) terms.push({ text, source, weight });
  });
  return terms;
}

/**
 * Each ad group's live ads and their split, worked out once per report, not once per day; each
 * day's split is written into the contributions' own records.
 */
class AdPlans {
  private readonly plans = new Map<
    number,
    { contributions: Contribution[]; records: MetricRecord[]; cumulative: number[] } | null
  >();
  constructor(private readonly store: SandboxStore) {}

  contributions(adGroup: AdGroup, record: MetricRecord): Contribution[] {
    let plan = this.plans.get(adGroup.id);
    if (plan === undefined) {
      const ads = (this.store.adIdsByAdGroup.get(adGroup.id) ?? [])
        .map((id) => this.store.ads.get(id))
        .filter((ad) => ad && ad.status === 'ENABLED' && !ad.deleted);
      const weights = ads.map((ad) => 0.5 + unit(this.store.seed, ad?.id ?? 0, 93));
      const contributions = ads.map((ad) => ({
        key: String(ad?.id),
        entityId: ad?.id ?? 0,
        record: emptyRecord(),
      }));
      plan =
        ads.length === 0
          ? null
          : {
              contributions,
              records: contributions.map((contribution) => contribution.record),
              cumulative: cumulativeOf(weights),
            };
      this.plans.set(adGroup.id, plan);
    }
    if (!plan) return [];
    chainSplitInto(record, plan.cumulative, plan.records, 0);
    return plan.contributions;
  }
}

const AGE_RANGES = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'];

/**
 * How an ad group's records split across the groupBy dimensions (the values depend on the ad group,
 * so all levels agree): one cumulative weight list per dimension, and the group object of each
 * resulting part, in order. Group objects are canonical across the report, one per value tuple.
 */
class GroupPlans {
  private readonly plans = new Map<
    number,
    { groups: Record<string, string>[]; cumulatives: number[][]; scratch: MetricRecord[][] }
  >();
  private readonly canonical = new Map<string, Record<string, string>>();
  constructor(
    private readonly seed: number,
    private readonly groupBy: readonly string[],
  ) {}

  of(campaign: Campaign, adGroup: AdGroup) {
    let plan = this.plans.get(adGroup.id);
    if (!plan) {
      let tuples: string[][] = [[]];
      const cumulatives: number[][] = [];
      for (const dimension of this.groupBy) {
        const { values, weights } = dimensionWeights(this.seed, dimension, campaign, adGroup);
        cumulatives.push(cumulativeOf(weights));
        tuples = tuples.flatMap((tuple) => values.map((value) => [...tuple, value]));
      }
      const groups = tuples.map((tuple) => {
        const key = tuple.join('|');
        let group = this.canonical.get(key);
        if (!group) {
          group = Object.fromEntries(this.groupBy.map((dimension, i) => [dimension, tuple[i]!]));
          this.canonical.set(key, group);
        }
        return group;
      });
      // The records each level of the split is written into, one per part so far.
      let partCount = 1;
      const scratch = cumulatives.map((cumulative) => {
        partCount *= cumulative.length - 1;
        return Array.from({ length: partCount }, emptyRecord);
      });
      plan = { groups, cumulatives, scratch };
      this.plans.set(adGroup.id, plan);
    }
    return plan;
  }
}

/**
 * Splits a record by each cumulative weight list in turn, into the plan's scratch records; parts
 * in the order of GroupPlans.
 */
function splitAll(
  record: MetricRecord,
  cumulatives: readonly number[][],
  scratch: readonly MetricRecord[][],
): readonly MetricRecord[] {
  let parts: readonly MetricRecord[] = [record];
  cumulatives.forEach((cumulative, level) => {
    const next = scratch[level] as MetricRecord[];
    const size = cumulative.length - 1;
    for (let index = 0; index < parts.length; index++)
      chainSplitInto(parts[index] as MetricRecord, cumulative, next, index * size);
    parts = next;
  });
  return parts;
}

function dimensionWeights(
  seed: number,
  dimension: string,
  campaign: Campaign,
  adGroup: AdGroup,
): { values: string[]; weights: number[] } {
  switch (dimension) {
    case 'deviceClass': {
      const include = adGroup.targeting.deviceClass?.include ?? ['IPHONE', 'IPAD'];
      const values = include.length > 0 ? include : ['IPHONE', 'IPAD'];
      return {
        values,
        weights: values.map(
          (value) =>
            (value === 'IPHONE' ? 0.8 : 0.2) *
            (0.9 + 0.2 * unit(seed, adGroup.id, hash(value.length))),
        ),
      };
    }
    case 'gender':
      return { values: ['M', 'F'], weights: [0.5 + 0.2 * (unit(seed, adGroup.id, 5) - 0.5), 0.5] };
    case 'ageRange':
      return {
        values: AGE_RANGES,
        weights: AGE_RANGES.map((_, index) => [0.18, 0.3, 0.22, 0.14, 0.1, 0.06][index] as number),
      };
    case 'countryOrRegion':
    case 'countryCode': {
      const values = campaign.targeting.countryOrRegion.include ?? ['US'];
      return { values, weights: values.map(() => 1) };
    }
    default:
      // adminArea and locality: the sandbox does not model regions and reports one bucket.
      return { values: ['UNKNOWN'], weights: [1] };
  }
}

function addEmptyRows(
  store: SandboxStore,
  request: ReportRequest,
  campaigns: Campaign[],
  rows: Map<string, ReportRow>,
  bucketCount: number,
  filters: ReportRequest['filters'],
): void {
  const ensure = (id: number) => {
    if (!rows.has(String(id)))
      rows.set(String(id), {
        key: String(id),
        entityId: id,
        groups: {},
        total: new Float64Array(METRIC_COUNT),
        buckets: bucketCount > 0 ? new Float64Array(bucketCount * METRIC_COUNT) : null,
      });
  };
  for (const campaign of campaigns) {
    if (request.level === 'campaigns') ensure(campaign.id);
    for (const adGroupId of store.adGroupIdsByCampaign.get(campaign.id) ?? []) {
      if (request.level === 'adgroups') ensure(adGroupId);
      if (request.level === 'keywords') {
        for (const keywordId of store.keywordIdsByAdGroup.get(adGroupId) ?? []) {
          const keyword = store.keywords.get(keywordId);
          if (keyword && filters.every((filter) => matchesFilter(keyword, filter)))
            ensure(keywordId);
        }
      }
      if (request.level === 'ads')
        for (const adId of store.adIdsByAdGroup.get(adGroupId) ?? []) ensure(adId);
    }
  }
}
