// Category suggestions (query-category-suggestions.md): SUGGESTION proposes the App Store
// category of one of the account's apps, or the business categories (with their parents) of a
// brand delegated to it; SEARCH looks names up among every App Store and business category.
// Popularity is the model's search popularity of the name in the US.
import { categoriesWithAncestors, BUSINESS_CATEGORIES } from '../model/business-categories.js';
import { categoryOf, CATEGORIES, termPopularity } from '../model/catalogue.js';
import type { SandboxStore } from '../model/store.js';
import {
  filterValues,
  parseRecommendationQuery,
  promotedObjectsOf,
  recommendationPage,
  searchedNames,
} from './recommendation-query.js';

const BY_POPULARITY = [{ field: 'popularity', order: 'DESC' as const }];

export function categorySuggestions(store: SandboxStore, adAccountId: number, body: unknown) {
  const query = parseRecommendationQuery('/suggestions/categories/query', body);
  const names =
    filterValues(query, 'queryType')?.[0] === 'SEARCH'
      ? searchedNames(
          [...CATEGORIES.map((c) => c.name), ...BUSINESS_CATEGORIES.map((c) => c.name)],
          query.filters ?? [],
          'category',
        )
      : promotedObjectsOf(store, adAccountId, query).flatMap((promoted) =>
          promoted.type === 'APPSTORE_APP'
            ? [categoryOf(promoted.app).name]
            : categoriesWithAncestors(promoted.brand.categories).map((c) => c.name),
        );
  const rows = [...new Set(names)].map((category) => ({
    category,
    popularity: termPopularity(category.toLowerCase(), 'US'),
  }));
  return recommendationPage(rows, query, BY_POPULARITY);
}
