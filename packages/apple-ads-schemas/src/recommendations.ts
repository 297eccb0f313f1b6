// Suggestions and recommendations: Apple's RecommendationQueryRequest (recommendationqueryrequest.md,
// v1-recommendations-and-suggestions.md) built from each endpoint's "Filterable Fields" table, and
// the apply/dismiss bodies (ApplyDailyCapRecommendation, ApplyTargetCpaRecommendation).
import { z } from 'zod';
import { moneySchema } from './entities-common';
import { arityProblem, requestPaginationSchema, type QueryOperator } from './selector';

export const PROMOTED_OBJECT_TYPES = ['APPSTORE_APP', 'BUSINESS_BRAND'] as const;
export type PromotedObjectType = (typeof PROMOTED_OBJECT_TYPES)[number];

/** The rules of one recommendation or suggestion query endpoint. */
export interface RecommendationQueryRules {
  /** Apple's page for the endpoint, named in messages. */
  page: string;
  /** Filterable fields and their operators. */
  fields: Readonly<Record<string, readonly QueryOperator[]>>;
  /** Filters every request needs. */
  required: readonly string[];
  /** queryType values and the filters each route needs, for endpoints with routes. */
  routes?: Readonly<Record<string, readonly string[]>>;
  promotedObjectTypes: readonly PromotedObjectType[];
  sortable: readonly string[];
}

const APP_ONLY: readonly PromotedObjectType[] = ['APPSTORE_APP'];
/** Money, counts and rates. */
const MEASURE: readonly QueryOperator[] = ['EQUALS', 'GREATER_THAN', 'LESS_THAN', 'BETWEEN'];
const TIME: readonly QueryOperator[] = ['EQUALS', 'GREATER_THAN', 'LESS_THAN'];
const ENUM: readonly QueryOperator[] = ['EQUALS', 'IN'];
const PROMOTED = { promotedObjectId: ['EQUALS'], promotedObjectType: ['EQUALS'] } as const;
const PROMOTED_FILTERS = ['promotedObjectId', 'promotedObjectType'] as const;

/** The fields both recommendation kinds share (query-daily-budget- and -target-cpa-recommendations.md). */
const RECOMMENDATION_FIELDS = {
  promotedObjectType: ['EQUALS'],
  recommendationType: ENUM,
  campaignId: ENUM,
  campaignName: ['EQUALS', 'CONTAINS_ANY', 'STARTS_WITH'],
  state: ENUM,
  status: ENUM,
  bidStrategy: ENUM,
  creationTime: TIME,
  modificationTime: TIME,
  expirationTime: TIME,
  averageCPT: MEASURE,
  averageCPA: MEASURE,
  expectedTaps: MEASURE,
  expectedInstalls: MEASURE,
  expectedSpend: MEASURE,
  spend: MEASURE,
  ttr: MEASURE,
} as const satisfies Record<string, readonly QueryOperator[]>;

/** Choice: the pages name no sortable fields; their examples sort on table fields, so all sort but objects. */
const sortableOf = (fields: Record<string, unknown>) =>
  Object.keys(fields).filter((field) => field !== 'bidStrategy');

const DAILY_BUDGET_FIELDS = {
  ...RECOMMENDATION_FIELDS,
  promotedObjectId: ['EQUALS', 'IN'],
  suggestedDailyBudgetAmount: MEASURE,
  dailyBudget: MEASURE,
  installs: MEASURE,
  impression: MEASURE,
  taps: MEASURE,
  expectedImpressions: MEASURE,
  expectedCpa: MEASURE,
} as const satisfies Record<string, readonly QueryOperator[]>;

const TARGET_CPA_FIELDS = {
  ...RECOMMENDATION_FIELDS,
  promotedObjectId: ['EQUALS'],
  id: ENUM,
  expectedCPA: MEASURE,
  impression: [...MEASURE, 'IN'],
  installs: [...MEASURE, 'IN'],
  taps: [...MEASURE, 'IN'],
  recommendedTargetCPA: MEASURE,
} as const satisfies Record<string, readonly QueryOperator[]>;

export const RECOMMENDATION_QUERY_RULES = {
  '/suggestions/categories/query': {
    page: 'query-category-suggestions.md',
    fields: { queryType: ['EQUALS'], ...PROMOTED, category: ['IN', 'LIKE'] },
    required: [],
    routes: { SUGGESTION: PROMOTED_FILTERS, SEARCH: ['category'] },
    promotedObjectTypes: PROMOTED_OBJECT_TYPES,
    // Choice: the page sorts by popularity; the category name sorts too.
    sortable: ['popularity', 'category'],
  },
  '/suggestions/phrases/query': {
    page: 'query-phrase-suggestions.md',
    fields: { queryType: ['EQUALS'], ...PROMOTED, phrase: ['IN', 'LIKE'] },
    required: [],
    routes: { SUGGESTION: PROMOTED_FILTERS, SEARCH: ['phrase'] },
    promotedObjectTypes: PROMOTED_OBJECT_TYPES,
    sortable: ['popularity', 'phrase'],
  },
  '/suggestions/keywords/query': {
    page: 'query-keyword-suggestions.md',
    fields: { ...PROMOTED, terms: ['IN'], countriesOrRegions: ['IN'] },
    required: PROMOTED_FILTERS,
    // Choice: "the app Adam ID", so apps only.
    promotedObjectTypes: APP_ONLY,
    sortable: ['popularity', 'text'],
  },
  '/suggestions/target-cpas/query': {
    page: 'query-target-cpa-suggestion.md',
    fields: { ...PROMOTED, countryOrRegion: ['IN'] },
    required: PROMOTED_FILTERS,
    promotedObjectTypes: APP_ONLY,
    // One suggestion, not a list: nothing to sort.
    sortable: [],
  },
  '/recommendations/daily-budgets/query': {
    page: 'query-daily-budget-recommendations.md',
    fields: DAILY_BUDGET_FIELDS,
    required: PROMOTED_FILTERS,
    promotedObjectTypes: PROMOTED_OBJECT_TYPES,
    sortable: sortableOf(DAILY_BUDGET_FIELDS),
  },
  '/recommendations/target-cpas/query': {
    page: 'query-target-cpa-recommendations.md',
    fields: TARGET_CPA_FIELDS,
    required: PROMOTED_FILTERS,
    // recommendations-endpoints.md: target CPA recommendations are for App Store campaigns.
    promotedObjectTypes: APP_ONLY,
    sortable: sortableOf(TARGET_CPA_FIELDS),
  },
} as const satisfies Record<string, RecommendationQueryRules>;
export type RecommendationQueryEndpoint = keyof typeof RECOMMENDATION_QUERY_RULES;

/** RecommendationFilterCondition: values are always an array of strings. */
const filterSchema = z.strictObject({
  field: z.string('field is required').min(1, 'field is required'),
  operator: z.string('operator is required'),
  value: z
    .array(z.string(), 'value is an array of strings, even for one value')
    .min(1, 'value needs at least one string'),
  ignoreCase: z.boolean('ignoreCase must be a boolean').nullish(),
});
export type RecommendationFilter = z.infer<typeof filterSchema>;

/** The values of the first filter on `field`, if any. */
export function recommendationFilterValues(
  filters: readonly RecommendationFilter[] | null | undefined,
  field: string,
): string[] | undefined {
  return filters?.find((filter) => filter.field === field)?.value;
}

const missing = (field: string, route = '') => ({
  code: 'custom' as const,
  message: `Filter '${field}' is required${route} (recommendationqueryrequest.md)`,
  path: ['filters'],
  params: { violation: 'MISSING_REQUIRED_FILTER' },
});

function filterIssues(
  rules: RecommendationQueryRules,
  filters: readonly RecommendationFilter[],
  context: z.RefinementCtx,
): void {
  for (const [index, filter] of filters.entries()) {
    const operators = rules.fields[filter.field];
    if (!operators) {
      context.addIssue({
        code: 'custom',
        message: `${filter.field} is not a filterable field (${rules.page})`,
        path: ['filters', index, 'field'],
      });
      continue;
    }
    if (!operators.includes(filter.operator as QueryOperator)) {
      context.addIssue({
        code: 'custom',
        message: `${filter.field} takes ${operators.join(', ')}, not ${filter.operator} (${rules.page})`,
        path: ['filters', index, 'operator'],
      });
      continue;
    }
    const problem = arityProblem(filter.operator, filter.value, () => true);
    if (problem)
      context.addIssue({
        code: 'custom',
        message: `${filter.field} ${problem}`,
        path: ['filters', index, 'value'],
      });
  }
}

/** The required filters, the queryType route and the promotedObjectType of the page. */
function routeIssues(
  rules: RecommendationQueryRules,
  filters: readonly RecommendationFilter[],
  context: z.RefinementCtx,
): void {
  const has = (field: string) => filters.some((filter) => filter.field === field);
  let required = rules.required;
  if (rules.routes) {
    const routes = Object.keys(rules.routes);
    const [queryType] = recommendationFilterValues(filters, 'queryType') ?? [];
    if (queryType === undefined) {
      context.addIssue(missing('queryType', ` (${routes.join(' or ')})`));
      return;
    }
    const route = rules.routes[queryType];
    if (!route) {
      context.addIssue({
        code: 'custom',
        message: `queryType must be ${routes.join(' or ')} (${rules.page})`,
        path: ['filters'],
      });
      return;
    }
    required = route;
    for (const field of route)
      if (!has(field)) context.addIssue(missing(field, ` for the ${queryType} route`));
  } else for (const field of required) if (!has(field)) context.addIssue(missing(field));
  const [type] = recommendationFilterValues(filters, 'promotedObjectType') ?? [];
  if (
    type !== undefined &&
    required.includes('promotedObjectType') &&
    !(rules.promotedObjectTypes as readonly string[]).includes(type)
  )
    context.addIssue({
      code: 'custom',
      message: `promotedObjectType must be ${rules.promotedObjectTypes.join(' or ')} (${rules.page})`,
      path: ['filters'],
    });
}

function querySchema(rules: RecommendationQueryRules) {
  const sortable: readonly string[] = rules.sortable;
  return z
    .strictObject({
      filters: z.array(filterSchema).nullish(),
      // Choice: 1000 per page, as entity queries; the default is 20.
      pagination: requestPaginationSchema(1000).nullish(),
      sorting: z
        .array(
          z.strictObject({
            field: z.string('sort field is required').refine((field) => sortable.includes(field), {
              message: sortable.length
                ? `sort field must be one of ${sortable.join(', ')} (${rules.page})`
                : `this endpoint answers one object and sorts nothing (${rules.page})`,
            }),
            order: z.enum(['ASC', 'DESC'], 'order must be ASC or DESC').nullish(),
          }),
        )
        .nullish(),
    })
    .superRefine((query, context) => {
      const filters = query.filters ?? [];
      filterIssues(rules, filters, context);
      routeIssues(rules, filters, context);
    });
}
export type RecommendationQuery = z.infer<ReturnType<typeof querySchema>>;

const schemas = new Map<RecommendationQueryEndpoint, ReturnType<typeof querySchema>>();

/** The RecommendationQueryRequest schema of one suggestion or recommendation endpoint. */
export function recommendationQuerySchema(endpoint: RecommendationQueryEndpoint) {
  let schema = schemas.get(endpoint);
  if (!schema) {
    schema = querySchema(RECOMMENDATION_QUERY_RULES[endpoint]);
    schemas.set(endpoint, schema);
  }
  return schema;
}

/** RecommendationMoney: the money.md amount with its currency, which this model requires. */
const recommendationMoneySchema = moneySchema.extend({
  currency: z.string('currency is required').length(3, 'currency is an ISO 4217 code'),
});

/** One item of ApplyDailyCapRecommendation / ApplyTargetCpaRecommendation, without its amount. */
function decisionSchema(promotedObjectTypes: readonly PromotedObjectType[]) {
  return z.strictObject({
    id: z.string('id is required').min(1, 'id is required'),
    promotedObjectId: z
      .string('promotedObjectId is required')
      .min(1, 'promotedObjectId is required'),
    promotedObjectType: z.enum(
      promotedObjectTypes,
      `promotedObjectType must be ${promotedObjectTypes.join(' or ')}`,
    ),
    historyId: z.string('historyId is a string').nullish(),
  });
}

/**
 * A non-empty array of decisions on one promoted object (apply-daily-budget-recommendations.md);
 * dismissing takes the same body and ignores the amount (recommendations-endpoints.md).
 */
function decisionListSchema<Item extends z.ZodType<{ promotedObjectId: string }>>(item: Item) {
  return z
    .array(item, 'the body is an array of recommendations')
    .min(1, 'the body lists at least one recommendation')
    .superRefine((decisions, context) => {
      const first = decisions[0]?.promotedObjectId;
      for (const [index, decision] of decisions.entries())
        if (decision.promotedObjectId !== first)
          context.addIssue({
            code: 'custom',
            message: 'all items share one promotedObjectId (apply-daily-budget-recommendations.md)',
            path: [index, 'promotedObjectId'],
          });
    });
}

export const dailyBudgetDecisionsSchema = decisionListSchema(
  decisionSchema(PROMOTED_OBJECT_TYPES).extend({
    appliedDailyBudget: recommendationMoneySchema.nullish(),
  }),
);
export type DailyBudgetDecision = z.infer<typeof dailyBudgetDecisionsSchema>[number];
// recommendations-endpoints.md: target CPA recommendations are for App Store campaigns.
export const targetCpaDecisionsSchema = decisionListSchema(
  decisionSchema(APP_ONLY).extend({ appliedTargetCPA: recommendationMoneySchema.nullish() }),
);
export type TargetCpaDecision = z.infer<typeof targetCpaDecisionsSchema>[number];
