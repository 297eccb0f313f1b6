// Turns computed report rows into Apple's envelope: metadata per level, Money metrics, optional
// granularMetrics and grandTotal, metric filters, sorting and pagination.
import { centsToAmount } from '../model/money.js';
import {
  IMPRESSIONS,
  METRIC_COUNT,
  SPEND_CENTS,
  TAPS,
  TAP_INSTALLS,
  TAP_NEW_DOWNLOADS,
  TAP_PRE_ORDERS,
  VIEW_INSTALLS,
  VIEW_NEW_DOWNLOADS,
  VIEW_PRE_ORDERS,
} from '../model/metric-record.js';
import type { SandboxStore } from '../model/store.js';
import { presentAd, presentAdGroup, presentCampaign, presentKeyword } from '../model/presenters.js';
import { fieldValue, matchesFilter, sortEntities } from '../server/entity-query.js';
import { METRIC_FIELDS, type ReportResult, type ReportRow } from './report-engine.js';
import type { ReportRequest } from './report-request.js';

type Metrics = Record<string, unknown>;

export function metricsOf(
  values: ArrayLike<number>,
  offset: number,
  currency: string,
  omitZero: boolean,
): Metrics {
  const get = (index: number) => values[offset + index] ?? 0;
  const impressions = get(IMPRESSIONS);
  const taps = get(TAPS);
  const tapInstalls = get(TAP_INSTALLS);
  const viewInstalls = get(VIEW_INSTALLS);
  const spend = get(SPEND_CENTS);
  const totalInstalls = tapInstalls + viewInstalls;
  const money = (cents: number) => ({ amount: centsToAmount(Math.round(cents)), currency });
  const all: Metrics = {
    impressions,
    taps,
    ttr: impressions === 0 ? 0 : round4(taps / impressions),
    localSpend: money(spend),
    cpt: money(taps === 0 ? 0 : spend / taps),
    cpm: money(impressions === 0 ? 0 : (spend * 1000) / impressions),
    tapInstalls,
    viewInstalls,
    totalInstalls,
    tapNewDownloads: get(TAP_NEW_DOWNLOADS),
    tapRedownloads: tapInstalls - get(TAP_NEW_DOWNLOADS),
    viewNewDownloads: get(VIEW_NEW_DOWNLOADS),
    viewRedownloads: viewInstalls - get(VIEW_NEW_DOWNLOADS),
    totalNewDownloads: get(TAP_NEW_DOWNLOADS) + get(VIEW_NEW_DOWNLOADS),
    totalRedownloads: totalInstalls - get(TAP_NEW_DOWNLOADS) - get(VIEW_NEW_DOWNLOADS),
    tapInstallCPI: money(tapInstalls === 0 ? 0 : spend / tapInstalls),
    totalAvgCPI: money(totalInstalls === 0 ? 0 : spend / totalInstalls),
    tapInstallRate: taps === 0 ? 0 : round4(tapInstalls / taps),
    totalInstallRate: taps === 0 ? 0 : round4(totalInstalls / taps),
    tapPreOrdersPlaced: get(TAP_PRE_ORDERS),
    viewPreOrdersPlaced: get(VIEW_PRE_ORDERS),
    totalPreOrdersPlaced: get(TAP_PRE_ORDERS) + get(VIEW_PRE_ORDERS),
  };
  if (!omitZero) return all;
  // Granular entries omit zero metrics, as Apple's examples do, to keep long reports small.
  const compact: Metrics = {};
  for (const [name, value] of Object.entries(all)) {
    if (value === 0) continue;
    if (typeof value === 'object' && (value as { amount: string }).amount === '0.00') continue;
    compact[name] = value;
  }
  return compact;
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function project(metrics: Metrics, fields: string[] | null): Metrics {
  if (!fields) return metrics;
  const projected: Metrics = {};
  for (const field of fields) if (field in metrics) projected[field] = metrics[field];
  return projected;
}

function metadataOf(
  store: SandboxStore,
  request: ReportRequest,
  row: ReportRow,
): Record<string, unknown> {
  let metadata: Record<string, unknown>;
  switch (request.level) {
    case 'campaigns': {
      const campaign = presentCampaign(store, row.entityId);
      const app = store.appsByAdamId.get(Number(campaign.promotedObjectId));
      metadata = {
        ...campaign,
        promotedObject: { name: app?.name ?? null },
        adChannelType: 'SEARCH',
      };
      break;
    }
    case 'adgroups':
      metadata = { ...presentAdGroup(store, row.entityId) };
      break;
    case 'keywords': {
      const keyword = presentKeyword(store, row.entityId);
      const adGroup = store.adGroups.get(keyword.adGroupId);
      metadata = {
        ...keyword,
        adGroup: { name: adGroup?.name ?? null, deleted: adGroup?.deleted ?? false },
      };
      break;
    }
    case 'searchterms': {
      const keyword = presentKeyword(store, row.keywordId ?? row.entityId);
      const adGroup = store.adGroups.get(keyword.adGroupId);
      metadata = {
        campaignId: keyword.campaignId,
        adAccountId: keyword.adAccountId,
        adGroupId: keyword.adGroupId,
        adGroup: { name: adGroup?.name ?? null, deleted: adGroup?.deleted ?? false },
        keywordId: keyword.id,
        keyword: {
          id: keyword.id,
          text: keyword.text,
          matchType: keyword.matchType,
          status: keyword.status,
          deleted: keyword.deleted,
        },
        searchTermText: row.searchTerm?.text ?? null,
        searchTermSource: row.searchTerm?.source ?? 'TARGETED',
      };
      break;
    }
    case 'ads':
      metadata = { ...presentAd(store, row.entityId) };
      break;
  }
  return { ...metadata, ...row.groups };
}

export interface ReportPage {
  chunks: Iterable<string>;
}

/** Serialises page by page so a 5000-row DAILY page never becomes one giant object tree. */
export function* reportResponseChunks(
  store: SandboxStore,
  request: ReportRequest,
  result: ReportResult,
): Generator<string> {
  const metricFilters = request.filters.filter((filter) => METRIC_FIELDS.has(filter.field));
  let rows = result.rows.filter(
    (row) => row.total.some((value) => value !== 0) || request.emptyMetrics,
  );
  const totals = (row: ReportRow) => metricsOf(row.total, 0, result.currency, false);
  if (metricFilters.length > 0)
    rows = rows.filter((row) =>
      metricFilters.every((filter) => matchesFilter(totals(row), filter)),
    );
  const sortValue = (row: ReportRow, field: string): unknown => {
    if (METRIC_FIELDS.has(field)) return fieldValue(totals(row), field);
    if (field === 'id') return request.level === 'searchterms' ? row.key : row.entityId;
    if (field === 'searchTermText') return row.searchTerm?.text;
    if (field in row.groups) return row.groups[field];
    return fieldValue(entityOf(store, request, row), field);
  };
  const sorted = sortEntities(rows, request.sorting, sortValue);
  if (request.sorting.length === 0 && request.level === 'searchterms')
    sorted.sort(
      (a, b) =>
        a.entityId - b.entityId ||
        ((a.searchTerm?.text ?? '') < (b.searchTerm?.text ?? '') ? -1 : 1),
    );
  const page = sorted.slice(request.offset, request.offset + request.pageSize);
  yield '{"result":{"rows":[';
  let first = true;
  for (const row of page) {
    const parts: string[] = [
      `{"metadata":${JSON.stringify(metadataOf(store, request, row))}`,
      `"totalMetrics":${JSON.stringify(project(totals(row), request.fields))}`,
    ];
    if (row.buckets) {
      const granular: string[] = [];
      for (let bucket = 0; bucket < result.bucketLabels.length; bucket++) {
        const base = bucket * METRIC_COUNT;
        if ((row.buckets[base] ?? 0) === 0 && !request.emptyMetrics) continue;
        granular.push(
          request.fields
            ? JSON.stringify({
                date: result.bucketLabels[bucket],
                ...project(metricsOf(row.buckets, base, result.currency, true), request.fields),
              })
            : granularJson(
                result.bucketLabels[bucket] as string,
                row.buckets,
                base,
                result.currency,
              ),
        );
      }
      parts.push(`"granularMetrics":[${granular.join(',')}]`);
    }
    if (request.level === 'keywords')
      parts.push(`"insights":${JSON.stringify({ bidRecommendation: bidRecommendation(row) })}`);
    yield `${first ? '' : ','}${parts.join(',')}}`;
    first = false;
  }
  yield ']';
  if (request.grandTotal) {
    const grand = new Float64Array(METRIC_COUNT);
    for (const row of rows)
      for (let m = 0; m < METRIC_COUNT; m++) grand[m] = (grand[m] ?? 0) + (row.total[m] ?? 0);
    yield `,"summary":{"grandTotal":${JSON.stringify(project(metricsOf(grand, 0, result.currency, false), request.fields))}}`;
  }
  yield `},"pagination":${JSON.stringify({ offset: request.offset, pageSize: page.length, totalCount: rows.length })}}`;
}

function entityOf(store: SandboxStore, request: ReportRequest, row: ReportRow): unknown {
  switch (request.level) {
    case 'campaigns':
      return store.campaigns.get(row.entityId);
    case 'adgroups':
      return store.adGroups.get(row.entityId);
    case 'ads':
      return store.ads.get(row.entityId);
    default:
      return store.keywords.get(row.keywordId ?? row.entityId);
  }
}

/** Suggested bid: what would have won most auctions, from the keyword's average cost per tap. */
function bidRecommendation(row: ReportRow): { suggestedBidAmount: number } | null {
  const taps = row.total[TAPS] ?? 0;
  if (taps === 0) return null;
  const averageCents = (row.total[SPEND_CENTS] ?? 0) / taps;
  return { suggestedBidAmount: Math.round(averageCents * 1.25) / 100 };
}

/**
 * The same compact metrics as metricsOf(..., omitZero) written straight to JSON: a 90-day,
 * 20,000-keyword report has 1.8 million of these, and intermediate objects dominate its cost.
 */
function granularJson(date: string, values: Float64Array, base: number, currency: string): string {
  const impressions = values[base + IMPRESSIONS] ?? 0;
  const taps = values[base + TAPS] ?? 0;
  const tapInstalls = values[base + TAP_INSTALLS] ?? 0;
  const viewInstalls = values[base + VIEW_INSTALLS] ?? 0;
  const spend = values[base + SPEND_CENTS] ?? 0;
  const tapNew = values[base + TAP_NEW_DOWNLOADS] ?? 0;
  const viewNew = values[base + VIEW_NEW_DOWNLOADS] ?? 0;
  const tapPre = values[base + TAP_PRE_ORDERS] ?? 0;
  const viewPre = values[base + VIEW_PRE_ORDERS] ?? 0;
  const totalInstalls = tapInstalls + viewInstalls;
  let out = `{"date":"${date}"`;
  const count = (name: string, value: number) => {
    if (value !== 0) out += `,"${name}":${value}`;
  };
  const money = (name: string, cents: number) => {
    const rounded = Math.round(cents);
    if (rounded !== 0)
      out += `,"${name}":{"amount":"${centsToAmount(rounded)}","currency":"${currency}"}`;
  };
  count('impressions', impressions);
  count('taps', taps);
  if (impressions !== 0 && taps !== 0) out += `,"ttr":${round4(taps / impressions)}`;
  money('localSpend', spend);
  if (taps !== 0) money('cpt', spend / taps);
  if (impressions !== 0) money('cpm', (spend * 1000) / impressions);
  count('tapInstalls', tapInstalls);
  count('viewInstalls', viewInstalls);
  count('totalInstalls', totalInstalls);
  count('tapNewDownloads', tapNew);
  count('tapRedownloads', tapInstalls - tapNew);
  count('viewNewDownloads', viewNew);
  count('viewRedownloads', viewInstalls - viewNew);
  count('totalNewDownloads', tapNew + viewNew);
  count('totalRedownloads', totalInstalls - tapNew - viewNew);
  if (tapInstalls !== 0) money('tapInstallCPI', spend / tapInstalls);
  if (totalInstalls !== 0) money('totalAvgCPI', spend / totalInstalls);
  if (taps !== 0 && tapInstalls !== 0) out += `,"tapInstallRate":${round4(tapInstalls / taps)}`;
  if (taps !== 0 && totalInstalls !== 0)
    out += `,"totalInstallRate":${round4(totalInstalls / taps)}`;
  count('tapPreOrdersPlaced', tapPre);
  count('viewPreOrdersPlaced', viewPre);
  count('totalPreOrdersPlaced', tapPre + viewPre);
  return `${out}}`;
}
