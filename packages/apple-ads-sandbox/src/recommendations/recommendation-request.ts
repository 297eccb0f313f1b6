// RecommendationQueryRequest, shared by suggestions and recommendations: promotedObjectId and
// promotedObjectType filters are required, values are arrays, pages default to 20 (max 1000).
import type { CatalogueApp } from '../model/catalogue.js';
import type { SandboxStore } from '../model/store.js';
import { ApiError, detail, type ErrorDetail } from '../server/api-error.js';
import { matchesFilter, sortEntities } from '../server/entity-query.js';
import {
  filterValues,
  parseFilters,
  parsePagination,
  parseSorting,
  throwIfInvalid,
  type Filter,
} from '../insights/insight-request.js';

export interface RecommendationQuery {
  app: CatalogueApp;
  promotedObjectType: string;
  /** Filters other than the two required ones, applied to the rows. */
  filters: Filter[];
  sorting: { field: string; order: 'ASC' | 'DESC' }[];
  page: { offset: number; pageSize: number };
}

const REQUIRED = ['promotedObjectId', 'promotedObjectType'];

export function parseRecommendationQuery(
  store: SandboxStore,
  adAccountId: number,
  body: unknown,
): RecommendationQuery {
  const input = (body ?? {}) as Record<string, unknown>;
  const details: ErrorDetail[] = [];
  const page = parsePagination(input, { pageSize: 20, max: 1000 }, details);
  const sorting = parseSorting(input, 10, details);
  const filters = parseFilters(input);
  filters.forEach((filter, index) => {
    if (!Array.isArray(filter.value))
      details.push(
        detail('INVALID_VALUE', 'filter values are always arrays', `filters[${index}].value`),
      );
  });
  const [adamIdValue] = filterValues(filters, 'promotedObjectId') ?? [];
  const [promotedObjectType] = filterValues(filters, 'promotedObjectType') ?? [];
  if (adamIdValue === undefined)
    details.push(detail('FIELD_REQUIRED', 'a promotedObjectId filter is required', 'filters'));
  if (promotedObjectType === undefined)
    details.push(detail('FIELD_REQUIRED', 'a promotedObjectType filter is required', 'filters'));
  else if (promotedObjectType !== 'APPSTORE_APP')
    details.push(detail('INVALID_VALUE', 'promotedObjectType must be APPSTORE_APP', 'filters'));
  throwIfInvalid(details);
  const adamId = Number(adamIdValue);
  const app = store.appsByAdamId.get(adamId);
  if (!app || !(store.accountApps.get(adAccountId) ?? []).includes(adamId))
    throw new ApiError(400, 'INVALID_REQUEST', 'Validation errors found', [
      detail('INVALID_VALUE', 'promotedObjectId must be an app of this ad account', 'filters'),
    ]);
  return {
    app,
    promotedObjectType: promotedObjectType as string,
    filters: filters.filter((filter) => !REQUIRED.includes(filter.field)),
    sorting,
    page,
  };
}

/** Filters, sorts and pages rows into {result, pagination} (totalCount always given). */
export function recommendationPage<T extends object>(
  rows: T[],
  query: RecommendationQuery,
  defaultSorting: { field: string; order: 'ASC' | 'DESC' }[],
  ignoredFields: readonly string[] = [],
) {
  const matched = rows.filter((row) =>
    query.filters.every(
      (filter) => ignoredFields.includes(filter.field) || matchesFilter(row, filter),
    ),
  );
  const sorted = sortEntities(
    matched,
    query.sorting.length > 0 ? query.sorting : defaultSorting,
    (row, field) => fieldOf(row, field),
  );
  const result = sorted.slice(query.page.offset, query.page.offset + query.page.pageSize);
  return {
    result,
    pagination: { offset: query.page.offset, pageSize: result.length, totalCount: matched.length },
  };
}

function fieldOf(row: object, field: string): unknown {
  const value = (row as Record<string, unknown>)[field];
  if (value && typeof value === 'object' && 'amount' in value)
    return Number((value as { amount: string }).amount);
  return value;
}
