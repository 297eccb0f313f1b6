// Suggestions (keywords, phrases, target CPA) and recommendations (daily budget, target CPA) for
// a promoted app (v1-recommendations-and-suggestions.md, WIRE.md section 9). Every query carries
// the required promotedObjectId and promotedObjectType filters, values always as arrays.
import type { AccountCall } from './account-call.js';
import type { BidStrategy, Money, Page, QuerySort } from './types.js';

export interface RecommendationFilter {
  field: string;
  operator: string;
  /** Always an array, even for one value. */
  value: string[];
  ignoreCase?: boolean;
}

export interface RecommendationSelector {
  /** Added to the required promotedObjectId / promotedObjectType filters. */
  filters?: RecommendationFilter[];
  sorting?: QuerySort[];
  /** Default offset 0, pageSize 20; at most 1000. */
  pagination?: { offset?: number; pageSize?: number };
}

export interface KeywordSuggestion {
  text: string;
  /** 0-100. */
  popularity: number;
}

export interface PhraseSuggestion {
  phrase: string;
  popularity: number;
}

export interface TargetCpaSuggestion {
  promotedObjectId: string | number;
  suggestedTargetCPA: Money;
  countryOrRegion: string[];
  appCategory: string;
}

export interface Recommendation {
  id: string;
  recommendationType: 'DAILYCAP' | 'SDAILYCAP' | 'TCPA' | 'STCPA' | 'BID' | 'SBID' | (string & {});
  promotedObjectId: string | number;
  promotedObjectType: string;
  campaignId: number;
  campaignName: string;
  /** DAILYCAP recommendations. */
  suggestedDailyBudgetAmount?: Money;
  /** TCPA recommendations. */
  suggestedTargetCPA?: Money;
  dailyBudget?: Money;
  spend?: Money;
  averageCPA?: Money | null;
  averageCPT?: Money | null;
  expectedSpend?: Money | null;
  expectedCpa?: Money | null;
  installs?: number;
  taps?: number;
  impression?: number;
  ttr?: number;
  expectedInstalls?: number | null;
  expectedTaps?: number | null;
  expectedImpressions?: number | null;
  bidStrategy?: BidStrategy;
  state: 'AVAILABLE' | 'APPLIED' | 'DISMISSED' | 'DELETE' | (string & {});
  status: 'ENABLED' | 'DISABLED' | 'DELETED' | (string & {});
  creationTime: string;
  modificationTime: string;
  expirationTime?: string;
}

export interface RecommendationDecision {
  id: string;
  adamId: number;
  /** Replaces the suggested amount when applying. */
  amount?: Money;
}

export interface RecommendationKindOperations {
  query(adamId: number, selector?: RecommendationSelector): Promise<Page<Recommendation>>;
  /** A write: never retried; applying a daily budget changes the campaign's budget. */
  apply(decisions: RecommendationDecision[]): Promise<Recommendation[]>;
  dismiss(decisions: RecommendationDecision[]): Promise<Recommendation[]>;
}

export interface SuggestionOperations {
  keywords(
    adamId: number,
    selector?: RecommendationSelector & { countryOrRegion?: string },
  ): Promise<Page<KeywordSuggestion>>;
  /** SUGGESTION (default) proposes phrases for the app; SEARCH looks a phrase filter up. */
  phrases(
    adamId: number,
    selector?: RecommendationSelector & {
      countryOrRegion?: string;
      queryType?: 'SUGGESTION' | 'SEARCH';
    },
  ): Promise<Page<PhraseSuggestion>>;
  targetCpa(
    adamId: number,
    options?: { countriesOrRegions?: string[] },
  ): Promise<TargetCpaSuggestion>;
}

export interface RecommendationOperations {
  dailyBudgets: RecommendationKindOperations;
  targetCpas: RecommendationKindOperations;
}

function appFilters(adamId: number, extra: RecommendationFilter[] = []): RecommendationFilter[] {
  return [
    { field: 'promotedObjectId', operator: 'EQUALS', value: [String(adamId)] },
    { field: 'promotedObjectType', operator: 'EQUALS', value: ['APPSTORE_APP'] },
    ...extra,
  ];
}

function selectorBody(
  adamId: number,
  selector: RecommendationSelector = {},
  extra: RecommendationFilter[] = [],
) {
  return {
    filters: appFilters(adamId, [...extra, ...(selector.filters ?? [])]),
    ...(selector.sorting ? { sorting: selector.sorting } : {}),
    ...(selector.pagination ? { pagination: selector.pagination } : {}),
  };
}

const equals = (field: string, value: string | undefined): RecommendationFilter[] =>
  value === undefined ? [] : [{ field, operator: 'EQUALS', value: [value] }];

export function suggestionOperations(call: AccountCall): SuggestionOperations {
  return {
    keywords: (adamId, selector = {}) =>
      call(
        'POST',
        '/suggestions/keywords/query',
        selectorBody(adamId, selector, equals('countryOrRegion', selector.countryOrRegion)),
      ),
    phrases: (adamId, selector = {}) =>
      call(
        'POST',
        '/suggestions/phrases/query',
        selectorBody(adamId, selector, [
          ...equals('countryOrRegion', selector.countryOrRegion),
          ...equals('queryType', selector.queryType),
        ]),
      ),
    targetCpa: async (adamId, options = {}) =>
      (
        await call<{ result: TargetCpaSuggestion }>(
          'POST',
          '/suggestions/target-cpas/query',
          selectorBody(
            adamId,
            {},
            options.countriesOrRegions
              ? [{ field: 'countryOrRegion', operator: 'IN', value: options.countriesOrRegions }]
              : [],
          ),
        )
      ).result,
  };
}

function kindOperations(
  call: AccountCall,
  path: 'daily-budgets' | 'target-cpas',
  amountField: 'appliedDailyBudget' | 'appliedTargetCPA',
): RecommendationKindOperations {
  const decide = async (action: 'apply' | 'dismiss', decisions: RecommendationDecision[]) =>
    (
      await call<{ result: Recommendation[] }>(
        'POST',
        `/recommendations/${path}/${action}`,
        decisions.map((decision) => ({
          id: decision.id,
          promotedObjectId: String(decision.adamId),
          promotedObjectType: 'APPSTORE_APP',
          ...(decision.amount ? { [amountField]: decision.amount } : {}),
        })),
      )
    ).result;
  return {
    query: (adamId, selector) =>
      call('POST', `/recommendations/${path}/query`, selectorBody(adamId, selector)),
    apply: (decisions) => decide('apply', decisions),
    dismiss: (decisions) => decide('dismiss', decisions),
  };
}

export function recommendationOperations(call: AccountCall): RecommendationOperations {
  return {
    dailyBudgets: kindOperations(call, 'daily-budgets', 'appliedDailyBudget'),
    targetCpas: kindOperations(call, 'target-cpas', 'appliedTargetCPA'),
  };
}
