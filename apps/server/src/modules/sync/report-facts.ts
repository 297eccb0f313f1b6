// Turns Apple report rows into fact rows: one per entity (and breakdown value) per period of
// the row's granular metrics, with integer counts and money in micros.
import { amountToMicros, METRICS_READ, toMetrics, type ReportRow } from '@tapwise/apple-ads';
import type { FactKind, FactRow } from '../ads-data/ads-data.repository';
import type { SyncGrain } from '../ads-data/report-facts.tables';

export const BREAKDOWN_DIMENSIONS = [
  'deviceClass',
  'gender',
  'ageRange',
  'countryOrRegion',
] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

/**
 * What the sync asks of every report (`fields`): the metrics it stores, so Apple leaves out the
 * rates and averages, most of a report's bytes. The metadata it reads is named too, in case a
 * projection also trims metadata (WIRE.md leaves that open); unknown to a level, a name is moot.
 */
export const REPORT_FIELDS: readonly string[] = [
  ...METRICS_READ,
  'id',
  'campaignId',
  'adGroupId',
  'keyword',
  'adId',
  'searchTermText',
  'searchTermSource',
  ...BREAKDOWN_DIMENSIONS,
];

export interface FactContext {
  adAccountId: number;
  grain: SyncGrain;
  /** The app each campaign promotes. */
  adamIdOf: ReadonlyMap<number, number>;
  dimension?: BreakdownDimension;
}

type Metadata = Record<string, unknown>;
type AnyFactRow = Omit<FactRow<FactKind>, 'teamId'>;

const num = (value: unknown): number => Number(value ?? 0);

/** The entity columns of a row at each level (campaign reports name the campaign `id`). */
function entityColumns(kind: FactKind, metadata: Metadata, dimension?: BreakdownDimension) {
  const campaignId = num(metadata.campaignId ?? metadata.id);
  switch (kind) {
    case 'campaigns':
    case 'campaignHours':
      return { campaignId };
    case 'campaignBreakdowns':
      return {
        campaignId,
        dimension: dimension!,
        value: String(metadata[dimension!] ?? 'UNKNOWN'),
      };
    case 'adgroups':
    case 'adgroupHours':
      return { campaignId, adGroupId: num(metadata.adGroupId ?? metadata.id) };
    case 'keywords':
      return {
        campaignId,
        adGroupId: num(metadata.adGroupId),
        keywordId: num(metadata.keywordId ?? metadata.id),
      };
    case 'searchterms':
      return {
        campaignId,
        adGroupId: num(metadata.adGroupId),
        keywordId: num((metadata.keyword as Metadata | undefined)?.id),
        searchTermText: typeof metadata.searchTermText === 'string' ? metadata.searchTermText : '',
        searchTermSource: String(metadata.searchTermSource ?? 'TARGETED'),
      };
    case 'ads':
      return {
        campaignId,
        adGroupId: num(metadata.adGroupId),
        adId: num(metadata.adId ?? metadata.id),
      };
  }
}

/** HOURLY rows are dated 'YYYY-MM-DD HH' and go to the hourly tables, which have no grain. */
function periodColumns(grain: SyncGrain, date: string) {
  return grain === 'HOURLY'
    ? { date: date.slice(0, 10), hour: Number(date.slice(11, 13)) }
    : { grain, date: date.slice(0, 10) };
}

export function factRowsOf(
  kind: FactKind,
  rows: readonly ReportRow<Metadata>[],
  context: FactContext,
): AnyFactRow[] {
  const facts: AnyFactRow[] = [];
  for (const row of rows) {
    const entity = entityColumns(kind, row.metadata, context.dimension);
    const columns = {
      adAccountId: context.adAccountId,
      adamId: context.adamIdOf.get(entity.campaignId) ?? 0,
      ...entity,
    };
    for (const period of row.granularMetrics ?? []) {
      if (!period.date) continue;
      // The metrics become the fact: there are millions, so no intermediate copies.
      facts.push(
        Object.assign(toMetrics(period), columns, periodColumns(context.grain, period.date)),
      );
    }
  }
  return facts;
}

/**
 * Apple's suggested bid of a keyword report row (`insights.bidRecommendation.suggestedBidAmount`,
 * a plain number in the campaign's currency) in micros, with its keyword; null when Apple gives none.
 */
export function appleSuggestedBidOf(
  row: ReportRow<Metadata>,
): { keywordId: number; micros: number } | null {
  const amount = row.insights?.bidRecommendation?.suggestedBidAmount;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return null;
  const { keywordId } = entityColumns('keywords', row.metadata) as { keywordId: number };
  return { keywordId, micros: amountToMicros(amount.toFixed(6)) };
}
