// The typed Apple Ads v1 client. Account-scoped operations live under forAccount(id) so the
// X-AP-Context header can never be forgotten; pagers walk every page of a query or report.
import {
  adCreateSchema,
  adGroupCreateSchema,
  adGroupUpdateSchema,
  adUpdateSchema,
  appSearchParamsSchema,
  campaignCreateSchema,
  campaignUpdateSchema,
  creativeCreateSchema,
  creativeUpdateSchema,
  keywordBulkUpdateSchema,
  keywordCreateSchema,
  keywordUpdateSchema,
  negativeKeywordBulkUpdateSchema,
  negativeKeywordCreateSchema,
  negativeKeywordUpdateSchema,
  reportRequestSchema,
  requireValid,
  selectorSchema,
  type AppSearchParams,
  type QueryEndpoint,
  type V1Schema,
} from '@tapwise/apple-ads-schemas';
import type { AccountCall } from './account-call.js';
import { changeHistoryOperations, type ChangeHistoryOperations } from './change-history.js';
import { geoOperations, type GeoOperations } from './geo.js';
import { insightOperations, type InsightOperations } from './insights.js';
import {
  recommendationOperations,
  suggestionOperations,
  type RecommendationOperations,
  type SuggestionOperations,
} from './recommendations.js';
import { TokenProvider, APPLE_TOKEN_URL, type Credentials } from './token-provider.js';
import { DEFAULT_RETRY, Transport, type RateLimitSnapshot, type RetryPolicy } from './transport.js';
import type {
  Ad,
  AdAccount,
  AdCreate,
  AdGroup,
  AdGroupCreate,
  AdGroupUpdate,
  AppDetails,
  AppEligibility,
  AppLocaleDetails,
  AppSearchResult,
  BulkItemResult,
  Campaign,
  CampaignCreate,
  CampaignUpdate,
  Creative,
  CreativeCreate,
  Keyword,
  KeywordCreate,
  KeywordReportMetadata,
  KeywordUpdate,
  Me,
  NegativeKeyword,
  NegativeKeywordCreate,
  Page,
  ProductPage,
  ProductPageLocaleDetails,
  ReportLevel,
  ReportPage,
  ReportRequest,
  ReportRow,
  SearchTermReportMetadata,
  Selector,
  UserAcl,
  WireMetrics,
} from './types.js';

export const APPLE_ADS_BASE_URL = 'https://api.ads.apple.com/v1';

export interface AppleAdsClientOptions extends Credentials {
  /** Default Apple's; the sandbox's `url` in demo mode and tests. */
  baseUrl?: string;
  /** Default Apple ID's token endpoint; the sandbox's `tokenUrl` in demo mode and tests. */
  tokenUrl?: string;
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  onRetry?: (event: {
    attempt: number;
    delayMs: number;
    reason: string;
    method: string;
    path: string;
  }) => void;
}

export interface EntityOperations<T, C, U> {
  create(input: C): Promise<T>;
  get(id: number): Promise<T>;
  update(id: number, patch: U): Promise<T>;
  delete(id: number): Promise<void>;
  query(selector?: Selector): Promise<Page<T>>;
  /** Every matching entity, page by page. */
  all(selector?: Omit<Selector, 'pagination'>, pageSize?: number): AsyncGenerator<T[]>;
}

export interface BulkOperations<T, C, U> {
  bulkCreate(items: C[], options?: { allowPartialSuccess?: boolean }): Promise<BulkItemResult<T>[]>;
  bulkUpdate(
    items: (U & { id: number })[],
    options?: { allowPartialSuccess?: boolean },
  ): Promise<BulkItemResult<T>[]>;
  bulkDelete(
    ids: number[],
    options?: { allowPartialSuccess?: boolean },
  ): Promise<BulkItemResult<T>[]>;
}

export interface ReportOperations {
  query<M = Record<string, unknown>>(
    level: ReportLevel,
    request: ReportRequest,
  ): Promise<ReportPage<M>>;
  /** Every page of a report (pageSize defaults to the 5000 maximum). */
  pages<M = Record<string, unknown>>(
    level: ReportLevel,
    request: ReportRequest,
  ): AsyncGenerator<ReportPage<M>>;
  campaigns(request: ReportRequest): Promise<ReportPage>;
  adGroups(request: ReportRequest): Promise<ReportPage>;
  keywords(request: ReportRequest): Promise<ReportPage<KeywordReportMetadata>>;
  searchTerms(request: ReportRequest): Promise<ReportPage<SearchTermReportMetadata>>;
  ads(request: ReportRequest): Promise<ReportPage>;
}

export interface AccountClient {
  adAccountId: number;
  apps: {
    /** searches-for-a-list-of-apps.md: at least one of query, cpids or returnOwnedApps. */
    search(search: AppSearchParams): Promise<Page<AppSearchResult>>;
    details(adamId: number): Promise<AppDetails>;
    eligibility(selector?: Selector): Promise<Page<AppEligibility>>;
    /** The locales of the app's default product page. */
    localeDetails(adamId: number, selector?: Selector): Promise<Page<AppLocaleDetails>>;
  };
  campaigns: EntityOperations<Campaign, Omit<CampaignCreate, 'adAccountId'>, CampaignUpdate>;
  adGroups: EntityOperations<AdGroup, AdGroupCreate, AdGroupUpdate>;
  keywords: EntityOperations<Keyword, KeywordCreate, KeywordUpdate> &
    BulkOperations<Keyword, KeywordCreate, KeywordUpdate>;
  negativeKeywords: EntityOperations<
    NegativeKeyword,
    NegativeKeywordCreate,
    { status?: 'ENABLED' | 'PAUSED' }
  > &
    BulkOperations<NegativeKeyword, NegativeKeywordCreate, { status?: 'ENABLED' | 'PAUSED' }>;
  ads: EntityOperations<Ad, AdCreate, { name?: string; status?: 'ENABLED' | 'PAUSED' }>;
  creatives: EntityOperations<Creative, CreativeCreate, { name?: string }>;
  productPages: {
    get(productPageId: string): Promise<ProductPage>;
    query(selector?: Selector): Promise<Page<ProductPage>>;
    all(selector?: Omit<Selector, 'pagination'>): AsyncGenerator<ProductPage[]>;
    /** Locales of custom product pages; Apple requires a productPageId EQUALS filter. */
    localeDetails(selector: Selector): Promise<Page<ProductPageLocaleDetails>>;
  };
  reports: ReportOperations;
  insights: InsightOperations;
  suggestions: SuggestionOperations;
  recommendations: RecommendationOperations;
  geo: GeoOperations;
  changeHistory: ChangeHistoryOperations;
}

export interface AppleAdsClient {
  me(): Promise<Me>;
  acls(): Promise<UserAcl[]>;
  adAccount(id: number): Promise<AdAccount>;
  forAccount(adAccountId: number): AccountClient;
  /** The last RateLimit-* headers seen. */
  readonly rateLimit: RateLimitSnapshot;
}

export function createAppleAdsClient(options: AppleAdsClientOptions): AppleAdsClient {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const tokens = new TokenProvider(options, {
    tokenUrl: options.tokenUrl ?? APPLE_TOKEN_URL,
    fetch: fetchImpl,
    now,
  });
  const transport = new Transport({
    baseUrl: options.baseUrl ?? APPLE_ADS_BASE_URL,
    tokens,
    fetch: fetchImpl,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    now,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    timeoutMs: options.timeoutMs ?? 120_000,
    onRetry: options.onRetry,
  });
  return {
    me: async () =>
      (await transport.request<{ result: Me }>({ method: 'GET', path: '/me' })).result,
    acls: async () =>
      (await transport.request<{ result: { acls: UserAcl[] } }>({ method: 'GET', path: '/acls' }))
        .result.acls,
    adAccount: async (id) =>
      (
        await transport.request<{ result: AdAccount }>({
          method: 'GET',
          path: `/ad-accounts/${id}`,
        })
      ).result,
    forAccount: (adAccountId) => accountClient(transport, adAccountId),
    get rateLimit() {
      return transport.rateLimit;
    },
  };
}

function accountClient(transport: Transport, adAccountId: number): AccountClient {
  const call: AccountCall = (method, path, body, query, options) =>
    transport.request({ method, path, body, query, adAccountId, read: options?.read });

  /** The v1 rules a write body must keep; a body that breaks one is refused before sending. */
  interface WriteRules {
    create: V1Schema;
    update: V1Schema;
    /** A bulk-update item: the update with the entity's id. */
    bulkUpdate?: V1Schema;
  }

  /** A /query call, refused before it leaves Tapwise when it breaks the endpoint's rules. */
  const queryCall = <T>(endpoint: QueryEndpoint, selector: Selector) =>
    call<Page<T>>(
      'POST',
      endpoint,
      requireValid(`POST ${endpoint}`, selectorSchema(endpoint), selector),
    );

  function entity<T, C, U>(
    path: '/campaigns' | '/adgroups' | '/keywords' | '/negative-keywords' | '/ads' | '/creatives',
    rules: WriteRules,
    prepareCreate: (input: C) => unknown = (input) => input,
  ): EntityOperations<T, C, U> {
    const query = async (selector: Selector = {}) => queryCall<T>(`${path}/query`, selector);
    return {
      create: async (input) => {
        const body = requireValid(`POST ${path}`, rules.create, prepareCreate(input));
        return (await call<{ result: T }>('POST', path, body)).result;
      },
      get: async (id) => (await call<{ result: T }>('GET', `${path}/${id}`)).result,
      update: async (id, patch) => {
        const body = requireValid(`PUT ${path}/${id}`, rules.update, patch);
        return (await call<{ result: T }>('PUT', `${path}/${id}`, body)).result;
      },
      delete: async (id) => {
        await call('DELETE', `${path}/${id}`);
      },
      query,
      all: (selector = {}, pageSize = 1000) =>
        walk((pagination) => query({ ...selector, pagination }), pageSize),
    };
  }

  function bulk<T, C, U>(path: string, rules: Required<WriteRules>): BulkOperations<T, C, U> {
    const send = async (
      operation: string,
      items: unknown[],
      allowPartialSuccess?: boolean,
      schema?: V1Schema,
    ) =>
      (
        await call<{ result: BulkItemResult<T>[] }>('POST', `${path}/${operation}`, {
          allowPartialSuccess: allowPartialSuccess ?? false,
          items: items.map((data, correlationId) => ({
            correlationId,
            data: schema
              ? requireValid(`POST ${path}/${operation} item ${correlationId}`, schema, data)
              : data,
          })),
        })
      ).result;
    return {
      bulkCreate: (items, options) =>
        send('bulk-create', items, options?.allowPartialSuccess, rules.create),
      bulkUpdate: (items, options) =>
        send('bulk-update', items, options?.allowPartialSuccess, rules.bulkUpdate),
      bulkDelete: (ids, options) =>
        send(
          'bulk-delete',
          ids.map((id) => ({ id })),
          options?.allowPartialSuccess,
        ),
    };
  }

  const keywordRules = {
    create: keywordCreateSchema,
    update: keywordUpdateSchema,
    bulkUpdate: keywordBulkUpdateSchema,
  };
  const negativeKeywordRules = {
    create: negativeKeywordCreateSchema,
    update: negativeKeywordUpdateSchema,
    bulkUpdate: negativeKeywordBulkUpdateSchema,
  };

  const queryReport = async <M>(
    level: ReportLevel,
    request: ReportRequest,
  ): Promise<ReportPage<M>> => {
    const response = await call<{
      result: { rows: ReportRow<M>[]; summary?: { grandTotal?: WireMetrics } };
      pagination: ReportPage['pagination'];
    }>(
      'POST',
      `/reports/apps/${level}/query`,
      requireValid(`POST /reports/apps/${level}/query`, reportRequestSchema(level), request),
    );
    return {
      rows: response.result.rows ?? [],
      grandTotal: response.result.summary?.grandTotal ?? null,
      pagination: response.pagination,
    };
  };

  const productPageQuery = (selector: Selector = {}) =>
    queryCall<ProductPage>('/product-pages/query', selector);

  return {
    adAccountId,
    apps: {
      search: async (search) =>
        call<Page<AppSearchResult>>(
          'GET',
          '/search/apps',
          undefined,
          requireValid('GET /search/apps', appSearchParamsSchema, search),
        ),
      details: async (adamId) =>
        (await call<{ result: AppDetails }>('GET', `/apps/${adamId}`)).result,
      eligibility: (selector = {}) =>
        call<Page<AppEligibility>>(
          'POST',
          '/eligibilities/apps/query',
          requireValid(
            'POST /eligibilities/apps/query',
            selectorSchema('/eligibilities/apps/query'),
            selector,
          ),
        ),
      localeDetails: async (adamId, selector = {}) =>
        call<Page<AppLocaleDetails>>(
          'POST',
          `/apps/${adamId}/locale-details/query`,
          requireValid(
            `POST /apps/${adamId}/locale-details/query`,
            selectorSchema('/apps/{adamId}/locale-details/query'),
            selector,
          ),
        ),
    },
    campaigns: entity<Campaign, Omit<CampaignCreate, 'adAccountId'>, CampaignUpdate>(
      '/campaigns',
      { create: campaignCreateSchema, update: campaignUpdateSchema },
      (input) => ({ ...input, adAccountId }),
    ),
    adGroups: entity<AdGroup, AdGroupCreate, AdGroupUpdate>('/adgroups', {
      create: adGroupCreateSchema,
      update: adGroupUpdateSchema,
    }),
    keywords: {
      ...entity<Keyword, KeywordCreate, KeywordUpdate>('/keywords', keywordRules),
      ...bulk<Keyword, KeywordCreate, KeywordUpdate>('/keywords', keywordRules),
    },
    negativeKeywords: {
      ...entity<NegativeKeyword, NegativeKeywordCreate, { status?: 'ENABLED' | 'PAUSED' }>(
        '/negative-keywords',
        negativeKeywordRules,
      ),
      ...bulk<NegativeKeyword, NegativeKeywordCreate, { status?: 'ENABLED' | 'PAUSED' }>(
        '/negative-keywords',
        negativeKeywordRules,
      ),
    },
    ads: entity<Ad, AdCreate, { name?: string; status?: 'ENABLED' | 'PAUSED' }>('/ads', {
      create: adCreateSchema,
      update: adUpdateSchema,
    }),
    creatives: entity<Creative, CreativeCreate, { name?: string }>('/creatives', {
      create: creativeCreateSchema,
      update: creativeUpdateSchema,
    }),
    productPages: {
      get: async (productPageId) =>
        (
          await call<{ result: ProductPage }>(
            'GET',
            `/product-pages/${encodeURIComponent(productPageId)}`,
          )
        ).result,
      query: productPageQuery,
      all: (selector = {}) =>
        walk((pagination) => productPageQuery({ ...selector, pagination }), 1000),
      localeDetails: async (selector) =>
        queryCall<ProductPageLocaleDetails>('/product-pages/locale-details/query', selector),
    },
    reports: {
      query: queryReport,
      pages: async function* <M>(level: ReportLevel, request: ReportRequest) {
        const pageSize = request.pagination?.pageSize ?? 5000;
        let offset = request.pagination?.offset ?? 0;
        for (;;) {
          const page = await queryReport<M>(level, {
            ...request,
            pagination: { offset, pageSize },
          });
          yield page;
          offset += page.rows.length;
          if (
            page.rows.length < pageSize ||
            (page.pagination.totalCount !== undefined && offset >= page.pagination.totalCount)
          )
            return;
        }
      },
      campaigns: (request) => queryReport('campaigns', request),
      adGroups: (request) => queryReport('adgroups', request),
      keywords: (request) => queryReport<KeywordReportMetadata>('keywords', request),
      searchTerms: (request) => queryReport<SearchTermReportMetadata>('searchterms', request),
      ads: (request) => queryReport('ads', request),
    },
    insights: insightOperations(call),
    suggestions: suggestionOperations(call),
    recommendations: recommendationOperations(call),
    geo: geoOperations(call),
    changeHistory: changeHistoryOperations(call),
  };
}

/** Walks offset pages until a short page (or totalCount) says there is no more. */
async function* walk<T>(
  fetchPage: (pagination: {
    offset: number;
    pageSize: number;
    fetchTotalCount: boolean;
  }) => Promise<Page<T>>,
  pageSize: number,
): AsyncGenerator<T[]> {
  let offset = 0;
  for (;;) {
    const page = await fetchPage({ offset, pageSize, fetchTotalCount: true });
    if (page.result.length > 0) yield page.result;
    offset += page.result.length;
    if (
      page.result.length < pageSize ||
      (page.pagination.totalCount !== undefined && offset >= page.pagination.totalCount)
    )
      return;
  }
}
