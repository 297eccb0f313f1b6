// Suggestions (keywords, phrases, target CPA) and recommendations (daily budget, target CPA) for
// a promoted app (v1-recommendations-and-suggestions.md, WIRE.md section 9). Every query carries
// the required promotedObjectId and promotedObjectType filters, values always as arrays.
import type { AccountCall } from './account-call.js';
import type { Money, Page, QuerySort } from './types.js';

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
  /** Replaces the suggested amount when applying. */
  amount?: Money;
}

export interface RecommendationKindOperations<R> {
  query(adamId: number, selector?: RecommendationSelector): Promise<Page<R>>;
  /** A write: never retried; applying a daily budget changes the campaign's budget. */
  apply(decisions: RecommendationDecision[]): Promise<RecommendationHistory[]>;
  dismiss(decisions: RecommendationDecision[]): Promise<RecommendationHistory[]>;
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
  dailyBudgets: RecommendationKindOperations<DailyCapRecommendation>;
  targetCpas: RecommendationKindOperations<TargetCpaRecommendation>;
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

function kindOperations<R>(
  call: AccountCall,
  path: 'daily-budgets' | 'target-cpas',
  amountField: 'appliedDailyBudget' | 'appliedTargetCPA',
): RecommendationKindOperations<R> {
  const decide = async (action: 'apply' | 'dismiss', decisions: RecommendationDecision[]) =>
    (
      await call<{ result: RecommendationHistory[] }>(
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
