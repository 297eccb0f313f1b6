// Turns computed report rows into Apple's envelope: metadata per level, Money metrics, optional
// granularMetrics and grandTotal, metric filters, sorting and pagination.
import { placementOf, takesKeywords } from '@tapwise/apple-ads-schemas';
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
import { REPORT_METRIC_FIELDS } from '@tapwise/apple-ads-schemas';
import { type ReportResult, type ReportRow } from './report-engine.js';
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
      // AppsReportingCampaign (appsreportingcampaign.md) has none of the campaign's payment,
      // shared-budget, invoice or regulation fields.
      const {
        paymentModel: _paymentModel,
        sharedBudgets: _sharedBudgets,
        invoiceDetail: _invoiceDetail,
        regulationResponses: _regulationResponses,
        ...campaign
      } = presentCampaign(store, row.entityId);
      const app = store.appsByAdamId.get(Number(campaign.promotedObjectId));
      metadata = {
        ...campaign,
        promotedObject: { name: app?.name ?? null },
        // reportingadchanneltype.md: SEARCH results, DISPLAY for the other placements.
        adChannelType: takesKeywords(placementOf(campaign.targeting)) ? 'SEARCH' : 'DISPLAY',
      };
      break;
    }
    case 'adgroups': {
      // AppsReportingAdGroup (appsreportingadgroup.md): no targeting; `campaign` is a
      // ReportingCampaignMin, which carries no fields yet (reportingcampaignmin.md).
      const { targeting: _targeting, ...adGroup } = presentAdGroup(store, row.entityId);
      metadata = { ...adGroup, campaign: {} };
      break;
    }
    case 'keywords':
      metadata = reportingKeyword(store, row.entityId);
      break;
    case 'searchterms': {
      // ReportingSearchTerm (reportingsearchterm.md): the keyword as a whole ReportingKeyword,
      // no keywordId of its own.
      const keyword = reportingKeyword(store, row.keywordId ?? row.entityId);
      metadata = {
        campaignId: keyword.campaignId,
        adAccountId: keyword.adAccountId,
        adGroupId: keyword.adGroupId,
        adGroup: keyword.adGroup,
        keyword,
        searchTermText: row.searchTerm?.text ?? null,
        searchTermSource: row.searchTerm?.source ?? 'TARGETED',
      };
      break;
    }
    case 'ads': {
      // AppsReportingAd (appsreportingad.md): the creative as {id, creativeType, systemStatus}.
      const { creativeId, ...ad } = presentAd(store, row.entityId);
      const creative = store.creatives.get(creativeId);
      metadata = {
        ...ad,
        creative: {
          id: creativeId,
          creativeType: creative?.creativeType ?? null,
          systemStatus: creative?.systemStatus ?? null,
        },
      };
      break;
    }
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
  const metricFilters = request.filters.filter((filter) => REPORT_METRIC_FIELDS.has(filter.field));
  let rows = result.rows.filter(
    (row) => row.total.some((value) => value !== 0) || request.emptyMetrics,
  );
  const totals = (row: ReportRow) => metricsOf(row.total, 0, result.currency, false);
  if (metricFilters.length > 0)
    rows = rows.filter((row) =>
      metricFilters.every((filter) => matchesFilter(totals(row), filter)),
    );
  const sortValue = (row: ReportRow, field: string): unknown => {
    if (REPORT_METRIC_FIELDS.has(field)) return fieldValue(totals(row), field);
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
  const writers = granularWriters(request.fields);
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
          granularJson(
            result.bucketLabels[bucket] as string,
            row.buckets,
            base,
            result.currency,
            writers,
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

/** Writes one compact granular metric: `,"name":value`, or nothing when it is zero. */
type GranularWriter = (values: Float64Array, base: number, currency: string) => string;

const count =
  (name: string, value: (values: Float64Array, base: number) => number): GranularWriter =>
  (values, base) => {
    const number = value(values, base);
    return number === 0 ? '' : `,"${name}":${number}`;
  };
const rate =
  (name: string, part: number[], whole: number[]): GranularWriter =>
  (values, base) => {
    const denominator = sum(values, base, whole);
    const ratio = denominator === 0 ? 0 : round4(sum(values, base, part) / denominator);
    return ratio === 0 ? '' : `,"${name}":${ratio}`;
  };
const moneyPer =
  (name: string, per: number[], factor = 1): GranularWriter =>
  (values, base, currency) => {
    const denominator = per.length === 0 ? 1 : sum(values, base, per);
    const cents =
      denominator === 0 ? 0 : ((values[base + SPEND_CENTS] ?? 0) * factor) / denominator;
    const amount = centsToAmount(Math.round(cents));
    return amount === '0.00' ? '' : `,"${name}":{"amount":"${amount}","currency":"${currency}"}`;
  };
const sum = (values: Float64Array, base: number, metrics: number[]) => {
  let total = 0;
  for (const metric of metrics) total += values[base + metric] ?? 0;
  return total;
};
const at = (metric: number) => (values: Float64Array, base: number) => values[base + metric] ?? 0;
const minus = (metrics: number[], less: number[]) => (values: Float64Array, base: number) =>
  sum(values, base, metrics) - sum(values, base, less);
const INSTALLS = [TAP_INSTALLS, VIEW_INSTALLS];
const NEW_DOWNLOADS = [TAP_NEW_DOWNLOADS, VIEW_NEW_DOWNLOADS];

/**
 * The compact metrics of metricsOf(..., omitZero), in its order, each written straight to JSON:
 * a 90-day, 20,000-keyword report has 1.8 million granular entries, and intermediate objects
 * would dominate its cost.
 */
const GRANULAR_WRITERS = new Map<string, GranularWriter>([
  ['impressions', count('impressions', at(IMPRESSIONS))],
  ['taps', count('taps', at(TAPS))],
  ['ttr', rate('ttr', [TAPS], [IMPRESSIONS])],
  ['localSpend', moneyPer('localSpend', [])],
  ['cpt', moneyPer('cpt', [TAPS])],
  ['cpm', moneyPer('cpm', [IMPRESSIONS], 1000)],
  ['tapInstalls', count('tapInstalls', at(TAP_INSTALLS))],
  ['viewInstalls', count('viewInstalls', at(VIEW_INSTALLS))],
  ['totalInstalls', count('totalInstalls', minus(INSTALLS, []))],
  ['tapNewDownloads', count('tapNewDownloads', at(TAP_NEW_DOWNLOADS))],
  ['tapRedownloads', count('tapRedownloads', minus([TAP_INSTALLS], [TAP_NEW_DOWNLOADS]))],
  ['viewNewDownloads', count('viewNewDownloads', at(VIEW_NEW_DOWNLOADS))],
  ['viewRedownloads', count('viewRedownloads', minus([VIEW_INSTALLS], [VIEW_NEW_DOWNLOADS]))],
  ['totalNewDownloads', count('totalNewDownloads', minus(NEW_DOWNLOADS, []))],
  ['totalRedownloads', count('totalRedownloads', minus(INSTALLS, NEW_DOWNLOADS))],
  ['tapInstallCPI', moneyPer('tapInstallCPI', [TAP_INSTALLS])],
  ['totalAvgCPI', moneyPer('totalAvgCPI', INSTALLS)],
  ['tapInstallRate', rate('tapInstallRate', [TAP_INSTALLS], [TAPS])],
  ['totalInstallRate', rate('totalInstallRate', INSTALLS, [TAPS])],
  ['tapPreOrdersPlaced', count('tapPreOrdersPlaced', at(TAP_PRE_ORDERS))],
  ['viewPreOrdersPlaced', count('viewPreOrdersPlaced', at(VIEW_PRE_ORDERS))],
  [
    'totalPreOrdersPlaced',
    count('totalPreOrdersPlaced', minus([TAP_PRE_ORDERS, VIEW_PRE_ORDERS], [])),
  ],
]);

/** ReportingKeyword (reportingkeyword.md): the keyword with its ad group's name. */
function reportingKeyword(store: SandboxStore, keywordId: number) {
  const keyword = presentKeyword(store, keywordId);
  const adGroup = store.adGroups.get(keyword.adGroupId);
  return {
    ...keyword,
    adGroup: { name: adGroup?.name ?? null, deleted: adGroup?.deleted ?? false },
  };
}

/** The writers of a request's `fields` projection, in its order (project()), or of them all. */
function granularWriters(fields: string[] | null): GranularWriter[] {
  if (!fields) return [...GRANULAR_WRITERS.values()];
  return [...new Set(fields)].flatMap((field) => GRANULAR_WRITERS.get(field) ?? []);
}

function granularJson(
  date: string,
  values: Float64Array,
  base: number,
  currency: string,
  writers: readonly GranularWriter[],
): string {
  let out = `{"date":"${date}"`;
  for (const write of writers) out += write(values, base, currency);
  return `${out}}`;
}
