// Metadata queries that are not entity selectors: category suggestions take Apple's
// RecommendationQueryRequest (v1-recommendations-and-suggestions.md) with the routes of
// query-category-suggestions.md. The selector rules of rejection reasons, locale details,
// supported languages and business categories are in selector.ts.
import { z } from 'zod';
import { requestPaginationSchema } from './selector';

export const CATEGORY_QUERY_TYPES = ['SUGGESTION', 'SEARCH'] as const;
export const CATEGORY_PROMOTED_OBJECT_TYPES = ['APPSTORE_APP', 'BUSINESS_BRAND'] as const;

/** The filterable fields of query-category-suggestions.md and their operators. */
const CATEGORY_FILTER_OPERATORS: Readonly<Record<string, readonly string[]>> = {
  queryType: ['EQUALS'],
  promotedObjectId: ['EQUALS'],
  promotedObjectType: ['EQUALS'],
  category: ['IN', 'LIKE'],
};
const CATEGORY_FILTER_FIELDS = Object.keys(CATEGORY_FILTER_OPERATORS) as [string, ...string[]];

/** RecommendationFilterCondition: field, operator, and values always as an array. */
const categoryFilterSchema = z
  .strictObject({
    field: z.enum(
      CATEGORY_FILTER_FIELDS,
      `field must be one of ${CATEGORY_FILTER_FIELDS.join(', ')}`,
    ),
    operator: z.string('operator is required'),
    value: z
      .array(z.string(), 'value is an array of strings, even for one value')
      .min(1, 'value needs at least one string'),
    ignoreCase: z.boolean('ignoreCase must be a boolean').nullish(),
  })
  .superRefine((filter, context) => {
    const operators = CATEGORY_FILTER_OPERATORS[filter.field] ?? [];
    if (!operators.includes(filter.operator))
      context.addIssue({
        code: 'custom',
        message: `${filter.field} takes ${operators.join(', ')}, not ${filter.operator}`,
        path: ['operator'],
      });
    else if (filter.operator === 'EQUALS' && filter.value.length !== 1)
      context.addIssue({
        code: 'custom',
        message: `${filter.field} EQUALS takes one value`,
        path: ['value'],
      });
  });
export type CategoryFilter = z.infer<typeof categoryFilterSchema>;

/** The one value of an EQUALS filter on `field`, if any. */
export function categoryFilterValue(
  filters: readonly CategoryFilter[],
  field: string,
): string | undefined {
  return filters.find((filter) => filter.field === field)?.value[0];
}

function required(field: string, route: string) {
  return {
    code: 'custom' as const,
    message: `a ${field} filter is required ${route}`,
    path: ['filters'],
    params: { violation: 'FIELD_REQUIRED' },
  };
}

/** queryType selects the route: SUGGESTION for one app or brand, SEARCH by category name. */
function routeIssues(query: { filters?: CategoryFilter[] | null }, context: z.RefinementCtx): void {
  const filters = query.filters ?? [];
  const queryType = categoryFilterValue(filters, 'queryType');
  const has = (field: string) => filters.some((filter) => filter.field === field);
  if (queryType === undefined) {
    context.addIssue(required('queryType', '(SUGGESTION or SEARCH)'));
    return;
  }
  if (!(CATEGORY_QUERY_TYPES as readonly string[]).includes(queryType)) {
    context.addIssue({
      code: 'custom',
      message: 'queryType must be SUGGESTION or SEARCH',
      path: ['filters'],
    });
    return;
  }
  if (queryType === 'SEARCH') {
    if (!has('category')) context.addIssue(required('category', 'for the SEARCH route'));
    return;
  }
  if (!has('promotedObjectId'))
    context.addIssue(required('promotedObjectId', 'for the SUGGESTION route'));
  const type = categoryFilterValue(filters, 'promotedObjectType');
  if (type === undefined)
    context.addIssue(required('promotedObjectType', 'for the SUGGESTION route'));
  else if (!(CATEGORY_PROMOTED_OBJECT_TYPES as readonly string[]).includes(type))
    context.addIssue({
      code: 'custom',
      message: 'promotedObjectType must be APPSTORE_APP or BUSINESS_BRAND',
      path: ['filters'],
    });
}

export const categorySuggestionQuerySchema = z
  .strictObject({
    filters: z.array(categoryFilterSchema).nullish(),
    pagination: requestPaginationSchema(1000).nullish(),
    // Choice: the page sorts by popularity; the category name sorts too.
    sorting: z
      .array(
        z.strictObject({
          field: z.enum(['popularity', 'category'], 'sort field must be popularity or category'),
          order: z.enum(['ASC', 'DESC'], 'order must be ASC or DESC').nullish(),
        }),
      )
      .nullish(),
  })
  .superRefine(routeIssues);
export type CategorySuggestionQuery = z.infer<typeof categorySuggestionQuerySchema>;
