// Category suggestions (query-category-suggestions.md): SUGGESTION proposes the App Store
// category of one of the account's apps, or the business categories (with their parents) of a
// brand delegated to it; SEARCH looks names up among every App Store and business category.
// Popularity is the model's search popularity of the name in the US.
import {
  categoryFilterValue,
  categorySuggestionQuerySchema,
  type CategoryFilter,
} from '@tapwise/apple-ads-schemas';
import { categoriesWithAncestors, BUSINESS_CATEGORIES } from '../model/business-categories.js';
import { categoryOf, CATEGORIES, termPopularity } from '../model/catalogue.js';
import type { SandboxStore } from '../model/store.js';
import { ApiError, detail } from '../server/api-error.js';
import { pageOf, refuseInvalid, sortEntities } from '../server/entity-query.js';

export function categorySuggestions(store: SandboxStore, adAccountId: number, body: unknown) {
  const query = refuseInvalid(categorySuggestionQuerySchema, body);
  const filters = query.filters ?? [];
  const names =
    categoryFilterValue(filters, 'queryType') === 'SEARCH'
      ? searchedNames(filters)
      : suggestedNames(store, adAccountId, filters);
  const rows = [...new Set(names)].map((category) => ({
    category,
    popularity: termPopularity(category.toLowerCase(), 'US'),
  }));
  const sorting = query.sorting?.map((sort) => ({ field: sort.field, order: sort.order ?? 'ASC' }));
  const sorted = sortEntities(rows, sorting?.length ? sorting : [BY_POPULARITY]);
  // Recommendation pages always carry totalCount.
  return pageOf(
    sorted,
    { ...query.pagination, fetchTotalCount: true },
    { pageSize: 20, max: 1000 },
  );
}

const BY_POPULARITY = { field: 'popularity', order: 'DESC' as const };

/** IN names categories exactly; LIKE matches part of a name, ignoring case (the page's "prod"). */
function searchedNames(filters: CategoryFilter[]): string[] {
  const all = [
    ...CATEGORIES.map((category) => category.name),
    ...BUSINESS_CATEGORIES.map((c) => c.name),
  ];
  return all.filter((name) =>
    filters
      .filter((filter) => filter.field === 'category')
      .every((filter) =>
        filter.operator === 'IN'
          ? filter.value.includes(name)
          : filter.value.some((part) => name.toLowerCase().includes(part.toLowerCase())),
      ),
  );
}

function suggestedNames(store: SandboxStore, adAccountId: number, filters: CategoryFilter[]) {
  const id = categoryFilterValue(filters, 'promotedObjectId') ?? '';
  if (categoryFilterValue(filters, 'promotedObjectType') === 'APPSTORE_APP') {
    const app = store.appsByAdamId.get(Number(id));
    if (app && (store.accountApps.get(adAccountId) ?? []).includes(app.adamId))
      return [categoryOf(app).name];
  } else {
    const delegated = store
      .accountOf(adAccountId)
      .delegations.some((d) => d.resourceType === 'BUSINESS_BRAND' && d.resourceId === id);
    const brand = store.brands.get(id);
    if (brand && delegated) return categoriesWithAncestors(brand.categories).map((c) => c.name);
  }
  throw new ApiError(400, 'INVALID_REQUEST', 'Validation errors found', [
    detail(
      'INVALID_VALUE',
      'promotedObjectId must be an app or brand of this ad account',
      'filters',
    ),
  ]);
}
