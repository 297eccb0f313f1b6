// Insights (v1-insights.md, WIRE.md section 8): search-term popularity per storefront and genre,
// and impression share of a promoted app. Both are UTC-only and page with offset/pageSize.
import {
  impressionShareRequestSchema,
  POPULARITY_FIELDS,
  requireValid,
  searchTermPopularityRequestSchema,
  type RequestSchema,
} from '@tapwise/apple-ads-schemas';
import type { AccountCall } from './account-call.js';
import type { Pagination, QueryFilter, QuerySort } from './types.js';

export interface InsightRequest<G extends string> {
  timeRange: { start: string; end: string; granularity: G; timeZone?: 'UTC' };
  filters?: QueryFilter[];
  /** At most two fields. */
  sorting?: QuerySort[];
  pagination?: { offset?: number; pageSize?: number };
}

export interface SearchTermPopularityRequest extends InsightRequest<'WEEKLY_SUN_SAT' | 'MONTHLY'> {
  /** The metrics to include; Apple leaves out those not asked for. Default: all four. */
  fields?: (typeof POPULARITY_FIELDS)[number][];
}

export interface ImpressionShareRequest extends InsightRequest<'DAILY' | 'WEEKLY_SUN_SAT'> {
  /** Must include a promotedObjectId filter (EQUALS or IN). */
  filters: QueryFilter[];
  options?: { impressionShareReportType?: 'FIRST_SLOT' | 'ALL_SLOTS' };
}

export interface SearchTermPopularityRow {
  /** The Sunday after the completed Sunday-Saturday week (WEEKLY_SUN_SAT). */
  week?: string;
  /** YYYY-MM (MONTHLY). */
  month?: string;
  countryOrRegion: string;
  genre: string;
  searchTerm: string;
  /** The four metrics are present when the request's `fields` asks for them (the default). */
  rankInGenre: number;
  searchPopularityInGenre: number;
  searchPopularity1to100: number;
  searchPopularity1to5: number;
}

export interface ImpressionShareRow {
  day?: string;
  week?: string;
  appName: string;
  /** A string in the docs, a number from live Apple: read it with adamIdOf. */
  promotedObjectId: string | number;
  countryOrRegion: string;
  searchTerm: string;
  /** 0-1; equal up to 0.9, then the band 0.91-1.0. */
  lowImpressionShare: number;
  highImpressionShare: number;
  rank: number;
  searchPopularity1to5: number;
}

export interface InsightPage<R> {
  rows: R[];
  pagination: Pagination;
}

export interface InsightOperations {
  searchTermPopularity(
    request: SearchTermPopularityRequest,
  ): Promise<InsightPage<SearchTermPopularityRow>>;
  impressionShare(request: ImpressionShareRequest): Promise<InsightPage<ImpressionShareRow>>;
  /** Every page of an insight (pageSize defaults to 5000). */
  searchTermPopularityPages(
    request: SearchTermPopularityRequest,
  ): AsyncGenerator<InsightPage<SearchTermPopularityRow>>;
  impressionSharePages(
    request: ImpressionShareRequest,
  ): AsyncGenerator<InsightPage<ImpressionShareRow>>;
}

type InsightPath = 'search-term-popularity' | 'impression-share';

export function insightOperations(call: AccountCall): InsightOperations {
  const SCHEMAS: Record<InsightPath, RequestSchema> = {
    'search-term-popularity': searchTermPopularityRequestSchema,
    'impression-share': impressionShareRequestSchema,
  };
  const query = async <R>(path: InsightPath, request: object): Promise<InsightPage<R>> => {
    const endpoint = `/insights/apps/${path}/query`;
    const response = await call<{ result?: { rows?: R[] }; pagination: Pagination }>(
      'POST',
      endpoint,
      requireValid(`POST ${endpoint}`, SCHEMAS[path], request),
    );
    return { rows: response.result?.rows ?? [], pagination: response.pagination };
  };
  async function* pages<R>(
    path: InsightPath,
    request: InsightRequest<string>,
  ): AsyncGenerator<InsightPage<R>> {
    const pageSize = request.pagination?.pageSize ?? 5000;
    let offset = request.pagination?.offset ?? 0;
    for (;;) {
      const page = await query<R>(path, { ...request, pagination: { offset, pageSize } });
      yield page;
      offset += page.rows.length;
      if (
        page.rows.length < pageSize ||
        (page.pagination.totalCount !== undefined && offset >= page.pagination.totalCount)
      )
        return;
    }
  }
  return {
    searchTermPopularity: (request) =>
      query('search-term-popularity', { fields: [...POPULARITY_FIELDS], ...request }),
    impressionShare: (request) => query('impression-share', request),
    searchTermPopularityPages: (request) =>
      pages('search-term-popularity', { fields: [...POPULARITY_FIELDS], ...request }),
    impressionSharePages: (request) => pages('impression-share', request),
  };
}
