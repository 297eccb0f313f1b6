// Keyword and phrase suggestions for a promoted app, from the catalogue: terms of the app's
// category (long-tail keywords, head phrases) and rival app names, with the model's popularity
// in the storefront. Keywords the app already targets in the account are not suggested again.
import {
  categoryOf,
  categoryVocabulary,
  CATEGORIES,
  termPopularity,
  type CatalogueApp,
} from '../model/catalogue.js';
import type { SandboxStore } from '../model/store.js';
import { detail } from '../server/api-error.js';
import { filterValues, throwIfInvalid } from '../insights/insight-request.js';
import {
  parseRecommendationQuery,
  recommendationPage,
  type RecommendationQuery,
} from './recommendation-request.js';

const BY_POPULARITY = [{ field: 'popularity', order: 'DESC' as const }];

export function keywordSuggestions(store: SandboxStore, adAccountId: number, body: unknown) {
  const query = parseRecommendationQuery(store, adAccountId, body);
  const country = storefrontOf(store, adAccountId, query);
  const targeted = targetedTexts(store, adAccountId, query.app.adamId);
  const rows = categoryVocabulary(categoryOf(query.app))
    .filter((text) => !targeted.has(text))
    .map((text) => ({ text, popularity: termPopularity(text, country) }));
  return recommendationPage(rows, query, BY_POPULARITY, ['countryOrRegion']);
}

/**
 * Phrases: SUGGESTION (default) proposes the app's category heads and rival names; SEARCH looks
 * a `phrase` filter up across every category's vocabulary.
 */
export function phraseSuggestions(store: SandboxStore, adAccountId: number, body: unknown) {
  const query = parseRecommendationQuery(store, adAccountId, body);
  const country = storefrontOf(store, adAccountId, query);
  const [queryType = 'SUGGESTION'] = filterValues(query.filters, 'queryType') ?? [];
  const problems = [];
  if (queryType !== 'SUGGESTION' && queryType !== 'SEARCH')
    problems.push(detail('INVALID_VALUE', 'queryType must be SUGGESTION or SEARCH', 'filters'));
  if (queryType === 'SEARCH' && !query.filters.some((filter) => filter.field === 'phrase'))
    problems.push(detail('FIELD_REQUIRED', 'a SEARCH query needs a phrase filter', 'filters'));
  throwIfInvalid(problems);
  const phrases =
    queryType === 'SEARCH'
      ? CATEGORIES.flatMap((category) => categoryVocabulary(category))
      : [...categoryOf(query.app).heads, ...rivalNames(store, query.app)];
  const rows = [...new Set(phrases)].map((phrase) => ({
    phrase,
    popularity: termPopularity(phrase, country),
  }));
  return recommendationPage(rows, query, BY_POPULARITY, ['countryOrRegion', 'queryType']);
}

/** The storefront asked for, else the first the app is promoted in, else the US. */
export function storefrontOf(
  store: SandboxStore,
  adAccountId: number,
  query: RecommendationQuery,
): string {
  const [asked] = filterValues(query.filters, 'countryOrRegion') ?? [];
  if (asked) return asked;
  for (const campaign of store.campaigns.values())
    if (
      campaign.adAccountId === adAccountId &&
      campaign.promotedObjectId === String(query.app.adamId)
    )
      return campaign.targeting.countryOrRegion.include?.[0] ?? 'US';
  return 'US';
}

function targetedTexts(store: SandboxStore, adAccountId: number, adamId: number): Set<string> {
  const texts = new Set<string>();
  for (const keyword of store.keywords.values()) {
    if (keyword.adAccountId !== adAccountId || keyword.deleted) continue;
    if (store.campaigns.get(keyword.campaignId)?.promotedObjectId === String(adamId))
      texts.add(keyword.text.toLowerCase());
  }
  return texts;
}

function rivalNames(store: SandboxStore, app: CatalogueApp): string[] {
  return store.catalogue
    .filter((other) => other.primaryGenreId === app.primaryGenreId && other.adamId !== app.adamId)
    .slice(0, 10)
    .map((other) => other.name.toLowerCase());
}
