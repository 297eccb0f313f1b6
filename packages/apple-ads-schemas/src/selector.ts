// Apple's QueryRequest (selector) per /query endpoint: which fields a filter may name, the
// operators each field takes, how many values each operator takes, the filters an endpoint
// requires, the sortable fields and the page size cap. Pages: queryrequest.md, queryfilter.md,
// querypagination.md, querysort.md and each endpoint's "Filterable Fields" table.
import { z } from 'zod';

export const QUERY_OPERATORS = [
  'EQUALS',
  'NOT_EQUALS',
  'IN',
  'NOT_IN',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'BETWEEN',
  'CONTAINS',
  'CONTAINS_ANY',
  'CONTAINS_ALL',
  'NOT_CONTAINS_ANY',
  'NOT_CONTAINS_ALL',
  'STARTS_WITH',
  'ENDS_WITH',
  'LIKE',
  'NOT_LIKE',
  'IS_NULL',
  'IS_NOT_NULL',
] as const;
export type QueryOperator = (typeof QUERY_OPERATORS)[number];

const LIST_OPERATORS: readonly string[] = [
  'IN',
  'NOT_IN',
  'CONTAINS_ANY',
  'CONTAINS_ALL',
  'NOT_CONTAINS_ANY',
  'NOT_CONTAINS_ALL',
];
const NULL_CHECKS: readonly string[] = ['IS_NULL', 'IS_NOT_NULL'];

/**
 * What `value` an operator takes (queryfilter.md): a list for IN and the CONTAINS_* family,
 * `[minimum, maximum]` for BETWEEN, nothing for the null checks, one value otherwise. A
 * single-element array stands for one value where `singleAsArray` allows it (EQUALS in entity
 * queries; every single-value operator in reports and insights, filter.md).
 */
export function arityProblem(
  operator: string,
  value: unknown,
  singleAsArray: (operator: string) => boolean,
): string | null {
  const scalar = (item: unknown) =>
    typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean';
  if (NULL_CHECKS.includes(operator))
    return value === undefined || value === null ? null : `${operator} takes no value`;
  if (LIST_OPERATORS.includes(operator))
    return Array.isArray(value) && value.length > 0 && value.every(scalar)
      ? null
      : `${operator} takes a non-empty list of values`;
  if (operator === 'BETWEEN')
    return Array.isArray(value) && value.length === 2 && value.every(scalar)
      ? null
      : 'BETWEEN takes exactly two values [minimum, maximum]';
  if (scalar(value)) return null;
  if (singleAsArray(operator) && Array.isArray(value) && value.length === 1 && scalar(value[0]))
    return null;
  return `${operator} takes one value`;
}

/** One filterable field of an endpoint: its operators, and whether it can be sorted on. */
export interface FieldRule {
  operators: readonly QueryOperator[];
  sortable: boolean;
}

/** The rules of one /query endpoint. */
export interface SelectorRules {
  /** Apple's page for the endpoint, named in messages. */
  page: string;
  fields: Readonly<Record<string, FieldRule>>;
  /** At least one filter on one of these fields (an `id` filter always satisfies it). */
  requiredFilter?: readonly string[];
  pageSizeMax: number;
}

const ID: FieldRule = { operators: ['EQUALS', 'IN'], sortable: true };
const EQ: FieldRule = { operators: ['EQUALS'], sortable: true };
const ENUM: FieldRule = { operators: ['EQUALS', 'IN'], sortable: true };
const DELETED: FieldRule = { operators: ['EQUALS'], sortable: true };
const COMPARE: readonly QueryOperator[] = [
  'EQUALS',
  'NOT_EQUALS',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
];
const CONTAINS: FieldRule = {
  operators: ['CONTAINS_ANY', 'CONTAINS_ALL', 'NOT_CONTAINS_ANY', 'NOT_CONTAINS_ALL'],
  sortable: false,
};
/**
 * Choice: Apple's own examples sort keywords, ad groups and ads by creationTime although the
 * tables do not list it, so the creation and modification times sort (never filter) there.
 */
const SORT_ONLY: FieldRule = { operators: [], sortable: true };
const TIMES = { creationTime: SORT_ONLY, modificationTime: SORT_ONLY };
/** Choice: 1000, the one documented cap (post-campaigns-query.md), for every entity query. */
const PAGE_SIZE_MAX = 1000;

/** Budget orders and Maps entities: fields their query pages list, with their own sort rules. */
const TIME_FILTER: FieldRule = { operators: COMPARE, sortable: false };
const ANY_OF: FieldRule = { operators: ['CONTAINS_ANY'], sortable: true };

export const SELECTOR_RULES = {
  '/campaigns/query': {
    page: 'post-campaigns-query.md',
    fields: {
      id: ID,
      name: { operators: ['EQUALS', 'IN', 'LIKE', 'STARTS_WITH', 'ENDS_WITH'], sortable: true },
      status: ENUM,
      systemStatus: ENUM,
      systemStatusReasons: CONTAINS,
      systemStatusLimitingReasons: CONTAINS,
      billingEvent: ENUM,
      paymentModel: ENUM,
      promotedObjectType: { operators: ['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN'], sortable: true },
      promotedObjectId: { operators: ['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN'], sortable: true },
      startTime: { operators: COMPARE, sortable: true },
      endTime: { operators: COMPARE, sortable: true },
      creationTime: { operators: COMPARE, sortable: true },
      modificationTime: { operators: COMPARE, sortable: true },
      deleted: { operators: ['EQUALS', 'IN'], sortable: true },
    },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/adgroups/query': {
    page: 'post-adgroups-query.md',
    fields: {
      id: ID,
      campaignId: EQ,
      name: { operators: ['EQUALS', 'STARTS_WITH'], sortable: true },
      status: ENUM,
      startTime: { operators: ['LESS_THAN', 'GREATER_THAN'], sortable: true },
      endTime: { operators: ['LESS_THAN', 'GREATER_THAN'], sortable: true },
      deleted: DELETED,
      ...TIMES,
    },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/keywords/query': {
    page: 'post-keywords-query.md',
    fields: {
      id: ID,
      adGroupId: ID,
      campaignId: EQ,
      text: { operators: ['EQUALS', 'STARTS_WITH'], sortable: true },
      matchType: ENUM,
      status: ENUM,
      deleted: DELETED,
      ...TIMES,
    },
    requiredFilter: ['adGroupId', 'campaignId'],
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/negative-keywords/query': {
    page: 'post-negative-keywords-query.md',
    fields: {
      id: ID,
      adGroupId: {
        operators: ['EQUALS', 'IN', 'NOT_EQUALS', 'IS_NULL', 'IS_NOT_NULL'],
        sortable: true,
      },
      campaignId: EQ,
      text: { operators: ['EQUALS', 'STARTS_WITH'], sortable: false },
      matchType: { operators: ['EQUALS', 'IN'], sortable: false },
      status: { operators: ['EQUALS', 'IN'], sortable: false },
      // Choice: the table omits `deleted`, but queryrequest.md asks for deleted rows by filter.
      deleted: { operators: ['EQUALS'], sortable: false },
      ...TIMES,
    },
    requiredFilter: ['adGroupId'],
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/ads/query': {
    page: 'post-ads-query.md',
    fields: {
      id: ID,
      campaignId: EQ,
      adGroupId: EQ,
      creativeId: EQ,
      status: ENUM,
      deleted: DELETED,
      ...TIMES,
    },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/creatives/query': {
    page: 'post-creatives-query.md',
    fields: {
      id: ID,
      adAccountId: { operators: ['EQUALS'], sortable: false },
      name: { operators: ['EQUALS', 'STARTS_WITH'], sortable: false },
      creativeType: { operators: ['EQUALS', 'IN'], sortable: false },
      systemStatus: { operators: ['EQUALS', 'IN'], sortable: false },
      deleted: { operators: ['EQUALS'], sortable: false },
    },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/product-pages/query': {
    page: 'query-product-pages.md',
    fields: {
      // Choice: the page lists no sortable field; the default order (id) may be named.
      id: SORT_ONLY,
      adamId: { operators: ['EQUALS'], sortable: false },
      state: { operators: ['EQUALS'], sortable: false },
    },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/shared-budgets/query': {
    page: 'post-shared-budgets-query.md',
    fields: {
      id: ID,
      deleted: { operators: ['EQUALS', 'IN'], sortable: false },
      name: { operators: ['EQUALS', 'IN', 'LIKE', 'STARTS_WITH', 'ENDS_WITH'], sortable: true },
      orgId: { operators: ['EQUALS'], sortable: false },
      adAccountIds: { operators: ['EQUALS', 'IN'], sortable: false },
      systemStatus: { operators: ['EQUALS', 'IN'], sortable: false },
      systemStatusReasons: {
        operators: [...CONTAINS.operators, 'IS_NULL', 'IS_NOT_NULL'],
        sortable: false,
      },
      startTime: TIME_FILTER,
      endTime: TIME_FILTER,
      creationTime: TIME_FILTER,
      modificationTime: TIME_FILTER,
    },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/eligibilities/apps/query': {
    page: 'find-apps-eligibilities.md',
    fields: {
      adamId: { operators: ['EQUALS'], sortable: false },
      supplyPlacement: ENUM,
      state: ENUM,
      countryOrRegion: ENUM,
      deviceClass: ENUM,
    },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/business-brands/query': {
    page: 'query-brands.md',
    fields: { id: ID, 'eligibility.status': { operators: ['EQUALS'], sortable: false } },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/locations/query': {
    page: 'query-locations.md',
    fields: {
      id: SORT_ONLY,
      brandId: { operators: ['EQUALS'], sortable: false },
      name: { operators: ['EQUALS', 'STARTS_WITH'], sortable: true },
      status: { operators: ['EQUALS', 'IN'], sortable: false },
      'address.countryOrRegion': { operators: ['EQUALS', 'IN'], sortable: false },
      'address.adminArea': { operators: ['EQUALS', 'IN'], sortable: false },
      'address.locality': { operators: ['EQUALS', 'STARTS_WITH'], sortable: false },
      'address.postalCode': { operators: ['EQUALS', 'IN'], sortable: false },
      'eligibility.status': { operators: ['EQUALS', 'IN'], sortable: false },
    },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/location-groups/query': {
    page: 'query-location-groups.md',
    fields: {
      id: ID,
      name: { operators: ['EQUALS', 'CONTAINS'], sortable: true },
      brandId: EQ,
      groupType: ENUM,
      deleted: DELETED,
      isAllLocationsGroup: EQ,
      'eligibility.status': ENUM,
      'eligibility.blockedGroups.supplyPlacement': ANY_OF,
      'eligibility.blockedGroups.countryOrRegion': ANY_OF,
      'eligibility.allowedGroups.supplyPlacement': ANY_OF,
      'eligibility.allowedGroups.countryOrRegion': ANY_OF,
    },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/assets/query': {
    page: 'query-assets.md',
    fields: {
      id: { operators: ['EQUALS', 'NOT_EQUALS', 'IN', 'LIKE', 'STARTS_WITH'], sortable: true },
      name: {
        operators: ['EQUALS', 'NOT_EQUALS', 'IN', 'LIKE', 'STARTS_WITH', 'ENDS_WITH'],
        sortable: true,
      },
      assetType: { operators: ['EQUALS', 'NOT_EQUALS', 'IN'], sortable: true },
      providerAssetId: { operators: ['EQUALS', 'NOT_EQUALS', 'IN'], sortable: false },
      promotedObjectId: { operators: ['EQUALS', 'NOT_EQUALS', 'IN'], sortable: false },
      promotedObjectType: { operators: ['EQUALS', 'NOT_EQUALS', 'IN'], sortable: false },
      deleted: { operators: ['EQUALS', 'NOT_EQUALS', 'IN'], sortable: false },
      parentAssetId: { operators: ['EQUALS', 'IS_NULL', 'IS_NOT_NULL'], sortable: false },
      creationTime: { operators: [...COMPARE, 'BETWEEN'], sortable: true },
      modificationTime: { operators: [...COMPARE, 'BETWEEN'], sortable: true },
    },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/rejection-reasons/apps/query': {
    page: 'find-rejection-reasons.md',
    // Choice: the page's example sorts by id, which its table does not list.
    fields: { id: SORT_ONLY, adamId: { operators: ['EQUALS'], sortable: false } },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/rejection-reasons/business-brands/query': {
    page: 'query-policy-assignments-(rejection-reasons)-for-external-consumers.md',
    fields: { id: SORT_ONLY, promotedObjectId: { operators: ['IN'], sortable: false } },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/apps/{adamId}/locale-details/query': {
    page: 'query-default-product-page-locale-details-by-adam-id.md',
    // Choice: the table names languageCode without operators; EQUALS, as on product pages.
    fields: { languageCode: { operators: ['EQUALS'], sortable: false } },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/product-pages/locale-details/query': {
    page: 'query-product-page-locale-details.md',
    fields: {
      productPageId: { operators: ['EQUALS'], sortable: false },
      language: { operators: ['EQUALS'], sortable: false },
      languageCode: { operators: ['EQUALS'], sortable: false },
    },
    requiredFilter: ['productPageId'],
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/metadata/apps/supported-languages/query': {
    page: 'query-supported-app-languages.md',
    fields: {
      countryCode: { operators: ['EQUALS', 'NOT_EQUALS', 'IN'], sortable: true },
      name: {
        operators: ['EQUALS', 'NOT_EQUALS', 'IN', 'STARTS_WITH', 'ENDS_WITH', 'LIKE'],
        sortable: true,
      },
    },
    pageSizeMax: PAGE_SIZE_MAX,
  },
  '/business-categories/query': {
    page: 'query-categories.md',
    fields: { id: SORT_ONLY, name: { operators: ['STARTS_WITH'], sortable: false } },
    pageSizeMax: PAGE_SIZE_MAX,
  },
} as const satisfies Record<string, SelectorRules>;
export type QueryEndpoint = keyof typeof SELECTOR_RULES;

/** Keywords and negative keywords: `adGroupId IN` accepts up to 1000 values. */
const AD_GROUP_IN_MAX = 1000;

const filterSchema = z.strictObject({
  field: z.string({ error: 'filter field is required' }).min(1, 'filter field is required'),
  operator: z.enum(QUERY_OPERATORS, {
    error: `operator must be one of ${QUERY_OPERATORS.join(', ')}`,
  }),
  value: z.unknown().optional(),
  ignoreCase: z.boolean().optional(),
});
export type SelectorFilter = z.infer<typeof filterSchema>;

const sortSchema = z.strictObject({
  field: z.string({ error: 'sort field is required' }).min(1, 'sort field is required'),
  order: z.enum(['ASC', 'DESC'], { error: 'order must be ASC or DESC' }),
});

/** RequestPagination (offset and pageSize), as reports, insights and suggestions take it. */
export function requestPaginationSchema(max: number) {
  return z.strictObject({
    offset: z.int('offset must be a non-negative integer').min(0, 'offset must be ≥ 0').optional(),
    pageSize: z
      .int('pageSize must be an integer')
      .min(1, `pageSize must be between 1 and ${max}`)
      .max(max, `pageSize must be between 1 and ${max}`)
      .optional(),
  });
}

/** QueryPagination of entity queries: RequestPagination with fetchTotalCount. */
function paginationSchema(pageSizeMax: number) {
  return requestPaginationSchema(pageSizeMax).extend({
    fetchTotalCount: z.boolean('fetchTotalCount must be a boolean').optional(),
  });
}

/** The selector's shape alone, with operator arity: for endpoints without a fields table. */
export const selectorShapeSchema = z
  .strictObject({
    filters: z.array(filterSchema).nullish(),
    sorting: z.array(sortSchema).nullish(),
    pagination: paginationSchema(PAGE_SIZE_MAX).nullish(),
  })
  .superRefine((selector, ctx) => {
    for (const [index, filter] of (selector.filters ?? []).entries()) {
      const problem = arityProblem(filter.operator, filter.value, (op) => op === 'EQUALS');
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['filters', index] });
    }
  });
export type Selector = z.infer<typeof selectorShapeSchema>;
/** A request schema, for packages that take one without depending on zod themselves. */
export type RequestSchema<T = unknown> = z.ZodType<T>;

function ruleProblems(rules: SelectorRules, selector: Selector, ctx: z.RefinementCtx): void {
  const filters = selector.filters ?? [];
  for (const [index, filter] of filters.entries()) {
    const path = ['filters', index];
    const rule = rules.fields[filter.field];
    if (!rule || rule.operators.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${filter.field} is not a filterable field (${rules.page})`,
        path: [...path, 'field'],
      });
    } else if (!rule.operators.includes(filter.operator as QueryOperator)) {
      ctx.addIssue({
        code: 'custom',
        message: `${filter.field} takes ${rule.operators.join(', ')}, not ${filter.operator} (${rules.page})`,
        path: [...path, 'operator'],
      });
    }
    if (
      filter.field === 'adGroupId' &&
      filter.operator === 'IN' &&
      Array.isArray(filter.value) &&
      filter.value.length > AD_GROUP_IN_MAX
    )
      ctx.addIssue({
        code: 'custom',
        message: `adGroupId IN takes at most ${AD_GROUP_IN_MAX} values (${rules.page})`,
        path: [...path, 'value'],
      });
  }
  const byId = filters.some((filter) => filter.field === 'id');
  if (
    rules.requiredFilter &&
    !byId &&
    !filters.some((f) => rules.requiredFilter?.includes(f.field))
  )
    ctx.addIssue({
      code: 'custom',
      message: `a filter on ${rules.requiredFilter.join(' or ')} (or id) is required (${rules.page})`,
      path: ['filters'],
      params: { violation: 'FIELD_REQUIRED' },
    });
  // Negative keywords: these adGroupId operators read within one campaign.
  const scopedByAdGroup = filters.find(
    (filter) =>
      filter.field === 'adGroupId' &&
      ['NOT_EQUALS', 'IS_NULL', 'IS_NOT_NULL'].includes(filter.operator) &&
      rules.fields.adGroupId?.operators.includes(filter.operator as QueryOperator),
  );
  if (
    scopedByAdGroup &&
    !filters.some((filter) => filter.field === 'campaignId' && filter.operator === 'EQUALS')
  )
    ctx.addIssue({
      code: 'custom',
      message: `adGroupId ${scopedByAdGroup.operator} needs a campaignId EQUALS filter (${rules.page})`,
      path: ['filters'],
      params: { violation: 'FIELD_REQUIRED' },
    });
  for (const [index, sort] of (selector.sorting ?? []).entries())
    if (!rules.fields[sort.field]?.sortable)
      ctx.addIssue({
        code: 'custom',
        message: `${sort.field} is not a sortable field (${rules.page})`,
        path: ['sorting', index, 'field'],
      });
}

const schemas = new Map<QueryEndpoint, RequestSchema<Selector>>();

/** The strict selector schema of one /query endpoint. */
export function selectorSchema(endpoint: QueryEndpoint): RequestSchema<Selector> {
  const cached = schemas.get(endpoint);
  if (cached) return cached;
  const rules: SelectorRules = SELECTOR_RULES[endpoint];
  const schema = selectorShapeSchema
    .safeExtend({ pagination: paginationSchema(rules.pageSizeMax).nullish() })
    .superRefine((selector, ctx) => ruleProblems(rules, selector, ctx));
  schemas.set(endpoint, schema);
  return schema;
}
