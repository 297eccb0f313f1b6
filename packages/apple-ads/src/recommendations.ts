// Suggestions (keywords, phrases, target CPA) and recommendations (daily budget, target CPA)
// (v1-recommendations-and-suggestions.md and each endpoint's page). Queries carry the filters of
// their page, values always as arrays; a request that breaks the page's rules is refused before
// it is sent, with the schemas the sandbox answers by.
import {
  dailyBudgetDecisionsSchema,
  recommendationQuerySchema,
  requireValid,
  targetCpaDecisionsSchema,
  type RecommendationQueryEndpoint,
} from '@tapwise/apple-ads-schemas';
import type { AccountCall } from './account-call.js';
import type { Money, Page } from './types.js';

export interface RecommendationFilter {
  field: string;
  operator: string;
  /** Always an array, even for one value. */
  value: string[];
  ignoreCase?: boolean;
}

export interface RecommendationSelector {
  /** Added to the filters the operation sends itself (the promoted app, the route). */
  filters?: RecommendationFilter[];
  /** order defaults to ASC. */
  sorting?: { field: string; order?: 'ASC' | 'DESC' }[];
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
  /** The market that produced the suggestion. */
  countryOrRegion: string[];
  appCategory: string;
}

/** recommendationbidstrategy.md: the campaign's strategy, its bid named `bidAmount`. */
export interface RecommendationBidStrategy {
  bidStrategyType: string;
  bidStrategyGoal: string;
  bidAmount?: Money;
}

interface RecommendationFields {
  id: string;
  promotedObjectId: string;
  promotedObjectType: string;
  campaignId: number;
  campaignName: string;
  state: 'AVAILABLE' | 'APPLIED' | 'DISMISSED' | 'DELETE' | (string & {});
  status: 'ENABLED' | 'DISABLED' | 'DELETED' | (string & {});
  bidStrategy: RecommendationBidStrategy;
  installs: number;
  spend: Money;
  averageCPA: Money | null;
  averageCPT: Money | null;
  impression: number;
  taps: number;
  ttr: number;
  expectedInstalls: number;
  expectedSpend: Money;
  expectedTaps: number;
  creationTime: string;
  modificationTime: string;
  expirationTime: string;
}

/** dailycaprecommendation.md */
export interface DailyCapRecommendation extends RecommendationFields {
  recommendationType: 'DAILYCAP' | 'SDAILYCAP';
  adAccountId: number;
  suggestedDailyBudgetAmount: Money;
  dailyBudget: Money;
  expectedImpressions: number;
  expectedCpa: Money | null;
}

/** targetcparecommendation.md */
export interface TargetCpaRecommendation extends RecommendationFields {
  recommendationType: 'TCPA' | 'STCPA';
  recommendedTargetCPA: Money;
  expectedCPA: Money;
}

/** What applying or dismissing answers (dailycaprecommendationhistory.md and the TCPA page). */
export interface RecommendationHistory {
  recommendationId: string;
  recommendationType: string;
  campaignId: number;
  campaignName: string;
  state: 'APPLIED' | 'DISMISSED' | (string & {});
  rank: number;
  appliedTime: string;
  /** DAILYCAP: the budget applied, null on dismiss. */
  appliedDailyBudgetAmount?: Money | null;
  /** TCPA: the target applied, null on dismiss. */
  appliedTargetCPA?: Money | null;
}

export interface RecommendationDecision {
  id: string;
  adamId: number;
  /** Replaces the suggested amount when applying, in the campaign's currency. */
  amount?: Money & { currency: string };
}

export interface RecommendationKindOperations<R> {
  query(adamId: number, selector?: RecommendationSelector): Promise<Page<R>>;
  /** A write: never retried; applying a daily budget changes the campaign's budget. */
  apply(decisions: RecommendationDecision[]): Promise<RecommendationHistory[]>;
  dismiss(decisions: RecommendationDecision[]): Promise<RecommendationHistory[]>;
}

export interface SuggestionOperations {
  /** terms seed the suggestions; popularity is scoped to countriesOrRegions. */
  keywords(
    adamId: number,
    selector?: RecommendationSelector & { terms?: string[]; countriesOrRegions?: string[] },
  ): Promise<Page<KeywordSuggestion>>;
  /** The SUGGESTION route: phrases for the app. */
  phrases(adamId: number, selector?: RecommendationSelector): Promise<Page<PhraseSuggestion>>;
  /** The SEARCH route: the popularity of `phrases` (IN), or the phrases containing `like`. */
  searchPhrases(
    search: { phrases?: string[]; like?: string },
    selector?: RecommendationSelector,
  ): Promise<Page<PhraseSuggestion>>;
  /** The highest cost per install among the app's markets, or among `countriesOrRegions`. */
  targetCpa(
    adamId: number,
    options?: { countriesOrRegions?: string[] },
  ): Promise<TargetCpaSuggestion>;
}

export interface RecommendationOperations {
  dailyBudgets: RecommendationKindOperations<DailyCapRecommendation>;
  targetCpas: RecommendationKindOperations<TargetCpaRecommendation>;
}

const filterOf = (field: string, value: string[], operator = 'EQUALS'): RecommendationFilter => ({
  field,
  operator,
  value,
});
const listFilter = (field: string, values: string[] | undefined): RecommendationFilter[] =>
  values ? [filterOf(field, values, 'IN')] : [];
const appFilters = (adamId: number) => [
  filterOf('promotedObjectId', [String(adamId)]),
  filterOf('promotedObjectType', ['APPSTORE_APP']),
];

/** Sends a RecommendationQueryRequest once the endpoint's schema accepts it. */
async function query<T>(
  call: AccountCall,
  endpoint: RecommendationQueryEndpoint,
  filters: RecommendationFilter[],
  selector: RecommendationSelector = {},
): Promise<T> {
  const body = {
    filters: [...filters, ...(selector.filters ?? [])],
    ...(selector.sorting ? { sorting: selector.sorting } : {}),
    ...(selector.pagination ? { pagination: selector.pagination } : {}),
  };
  requireValid(`POST ${endpoint}`, recommendationQuerySchema(endpoint), body);
  return call<T>('POST', endpoint, body);
}

export function suggestionOperations(call: AccountCall): SuggestionOperations {
  return {
    keywords: (adamId, selector = {}) =>
      query(
        call,
        '/suggestions/keywords/query',
        [
          ...appFilters(adamId),
          ...listFilter('terms', selector.terms),
          ...listFilter('countriesOrRegions', selector.countriesOrRegions),
        ],
        selector,
      ),
    phrases: (adamId, selector) =>
      query(
        call,
        '/suggestions/phrases/query',
        [filterOf('queryType', ['SUGGESTION']), ...appFilters(adamId)],
        selector,
      ),
    searchPhrases: (search, selector) =>
      query(
        call,
        '/suggestions/phrases/query',
        [
          filterOf('queryType', ['SEARCH']),
          ...listFilter('phrase', search.phrases),
          ...(search.like === undefined ? [] : [filterOf('phrase', [search.like], 'LIKE')]),
        ],
        selector,
      ),
    targetCpa: async (adamId, options = {}) =>
      (
        await query<{ result: TargetCpaSuggestion }>(call, '/suggestions/target-cpas/query', [
          ...appFilters(adamId),
          ...listFilter('countryOrRegion', options.countriesOrRegions),
        ])
      ).result,
  };
}

const KINDS = {
  'daily-budgets': { amountField: 'appliedDailyBudget', schema: dailyBudgetDecisionsSchema },
  'target-cpas': { amountField: 'appliedTargetCPA', schema: targetCpaDecisionsSchema },
} as const;

function kindOperations<R>(
  call: AccountCall,
  path: keyof typeof KINDS,
): RecommendationKindOperations<R> {
  const { amountField, schema } = KINDS[path];
  const decide = async (action: 'apply' | 'dismiss', decisions: RecommendationDecision[]) => {
    const body = decisions.map((decision) => ({
      id: decision.id,
      promotedObjectId: String(decision.adamId),
      promotedObjectType: 'APPSTORE_APP',
      ...(decision.amount ? { [amountField]: decision.amount } : {}),
    }));
    requireValid(`POST /recommendations/${path}/${action}`, schema, body);
    return (
      await call<{ result: RecommendationHistory[] }>(
        'POST',
        `/recommendations/${path}/${action}`,
        body,
      )
    ).result;
  };
  return {
    query: (adamId, selector) =>
      query(call, `/recommendations/${path}/query`, appFilters(adamId), selector),
    apply: (decisions) => decide('apply', decisions),
    dismiss: (decisions) => decide('dismiss', decisions),
  };
}

export function recommendationOperations(call: AccountCall): RecommendationOperations {
  return {
    dailyBudgets: kindOperations(call, 'daily-budgets'),
    targetCpas: kindOperations(call, 'target-cpas'),
  };
}
