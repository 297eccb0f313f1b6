// The RecommendationQueryRequest of every suggestion and recommendation query, checked by the
// shared schema of its endpoint and answered in Apple's envelope: refusals are VALIDATION_ERROR
// (recommendationresponseerror.md), pages always carry totalCount.
import {
  recommendationFilterValues,
  recommendationQuerySchema,
  type RecommendationFilter,
  type RecommendationQuery,
  type RecommendationQueryEndpoint,
} from '@tapwise/apple-ads-schemas';
import type { CatalogueApp } from '../model/catalogue.js';
import type { Brand } from '../model/entities.js';
import type { SandboxStore } from '../model/store.js';
import { ApiError, detail } from '../server/api-error.js';
import { pageOf, refuseInvalid, sortEntities } from '../server/entity-query.js';

export const RECOMMENDATION_ERROR = 'VALIDATION_ERROR';

export function parseRecommendationQuery(
  endpoint: RecommendationQueryEndpoint,
  body: unknown,
): RecommendationQuery {
  return refuseInvalid(recommendationQuerySchema(endpoint), body, RECOMMENDATION_ERROR);
}

export const filterValues = (query: RecommendationQuery, field: string) =>
  recommendationFilterValues(query.filters, field);

export type PromotedObject =
  | { type: 'APPSTORE_APP'; id: string; app: CatalogueApp }
  | { type: 'BUSINESS_BRAND'; id: string; brand: Brand };

/** An app the account promotes or a brand delegated to it; anything else is refused. */
export function promotedObjectOf(
  store: SandboxStore,
  adAccountId: number,
  type: string,
  id: string,
  field = 'filters',
): PromotedObject {
  if (type === 'APPSTORE_APP') {
    const app = store.appsByAdamId.get(Number(id));
    if (app && (store.accountApps.get(adAccountId) ?? []).includes(app.adamId))
      return { type, id, app };
  } else if (type === 'BUSINESS_BRAND') {
    const brand = store.brands.get(id);
    const delegated = store
      .accountOf(adAccountId)
      .delegations.some((d) => d.resourceType === 'BUSINESS_BRAND' && d.resourceId === id);
    if (brand && delegated) return { type, id, brand };
  }
  throw new ApiError(400, RECOMMENDATION_ERROR, 'Validation errors found', [
    detail(
      'INVALID_VALUE',
      `promotedObjectId ${id} is not an app or brand of this ad account`,
      field,
    ),
  ]);
}

/** Every promoted object the query's promotedObjectId filter names (EQUALS, or IN where allowed). */
export function promotedObjectsOf(
  store: SandboxStore,
  adAccountId: number,
  query: RecommendationQuery,
): PromotedObject[] {
  const [type = ''] = filterValues(query, 'promotedObjectType') ?? [];
  return (filterValues(query, 'promotedObjectId') ?? []).map((id) =>
    promotedObjectOf(store, adAccountId, type, id),
  );
}

/** The one app of an endpoint whose schema takes APPSTORE_APP only. */
export function promotedAppOf(
  store: SandboxStore,
  adAccountId: number,
  query: RecommendationQuery,
): CatalogueApp {
  const [promoted] = promotedObjectsOf(store, adAccountId, query);
  return (promoted as Extract<PromotedObject, { type: 'APPSTORE_APP' }>).app;
}

/**
 * A SEARCH route: names among `known` matching every filter on `field`, IN naming them exactly and
 * LIKE matching part of a name ignoring case (the pages' "prod" and "productivity" examples).
 */
export function searchedNames(
  known: readonly string[],
  filters: readonly RecommendationFilter[],
  field: string,
): string[] {
  return [...new Set(known)].filter((name) =>
    filters
      .filter((filter) => filter.field === field)
      .every((filter) =>
        filter.operator === 'IN'
          ? filter.value.includes(name)
          : filter.value.some((part) => name.toLowerCase().includes(part.toLowerCase())),
      ),
  );
}

/** Sorts (default order when none is asked) and pages rows into {result, pagination}. */
export function recommendationPage<T extends object>(
  rows: T[],
  query: RecommendationQuery,
  defaultSorting: { field: string; order: 'ASC' | 'DESC' }[],
) {
  const sorting = query.sorting?.map((sort) => ({ field: sort.field, order: sort.order ?? 'ASC' }));
  const sorted = sortEntities(rows, sorting?.length ? sorting : defaultSorting);
  return pageOf(
    sorted,
    { ...query.pagination, fetchTotalCount: true },
    { pageSize: 20, max: 1000 },
  );
}
