// Keyword and phrase suggestions, from the catalogue: terms of the promoted app's category
// (long-tail keywords, head phrases) and rival app names, with the model's popularity in the
// storefront. Keywords the app already targets in the account are not suggested again.
import { categoriesWithAncestors } from '../model/business-categories.js';
import {
  categoryOf,
  categoryVocabulary,
  CATEGORIES,
  termPopularity,
  type CatalogueApp,
} from '../model/catalogue.js';
import type { SandboxStore } from '../model/store.js';
import {
  filterValues,
  parseRecommendationQuery,
  promotedAppOf,
  promotedObjectsOf,
  recommendationPage,
  searchedNames,
} from './recommendation-query.js';

const BY_POPULARITY = [{ field: 'popularity', order: 'DESC' as const }];

/**
 * query-keyword-suggestions.md: `terms IN` seeds the suggestions (choice: the keywords of any
 * category containing one of the terms, else the app's category); `countriesOrRegions IN` scopes
 * popularity (choice: the highest of those storefronts, else the app's storefront).
 */
export function keywordSuggestions(store: SandboxStore, adAccountId: number, body: unknown) {
  const query = parseRecommendationQuery('/suggestions/keywords/query', body);
  const app = promotedAppOf(store, adAccountId, query);
  const countries = filterValues(query, 'countriesOrRegions') ?? [
    storefrontOf(store, adAccountId, app),
  ];
  const terms = filterValues(query, 'terms')?.map((term) => term.toLowerCase());
  const vocabulary = terms
    ? CATEGORIES.flatMap((category) => categoryVocabulary(category)).filter((text) =>
        terms.some((term) => text.includes(term)),
      )
    : categoryVocabulary(categoryOf(app));
  const targeted = targetedTexts(store, adAccountId, app.adamId);
  const rows = [...new Set(vocabulary)]
    .filter((text) => !targeted.has(text))
    .map((text) => ({
      text,
      popularity: Math.max(...countries.map((country) => termPopularity(text, country))),
    }));
  return recommendationPage(rows, query, BY_POPULARITY);
}

/**
 * query-phrase-suggestions.md: SUGGESTION proposes an app's category heads and rival names, or a
 * brand's business categories (choice); SEARCH gives the popularity of the phrases named with IN
 * and finds the vocabulary's phrases containing a LIKE value. The page has no storefront filter:
 * the app's storefront, else the US (choice).
 */
export function phraseSuggestions(store: SandboxStore, adAccountId: number, body: unknown) {
  const query = parseRecommendationQuery('/suggestions/phrases/query', body);
  let phrases: string[];
  let country = 'US';
  if (filterValues(query, 'queryType')?.[0] === 'SEARCH') {
    const asked =
      query.filters?.flatMap((f) => (f.field === 'phrase' && f.operator === 'IN' ? f.value : [])) ??
      [];
    const vocabulary = CATEGORIES.flatMap((category) => categoryVocabulary(category));
    phrases = searchedNames([...asked, ...vocabulary], query.filters ?? [], 'phrase');
  } else {
    const [promoted] = promotedObjectsOf(store, adAccountId, query);
    if (promoted?.type === 'APPSTORE_APP') {
      country = storefrontOf(store, adAccountId, promoted.app);
      phrases = [...categoryOf(promoted.app).heads, ...rivalNames(store, promoted.app)];
    } else
      phrases = categoriesWithAncestors(promoted?.brand.categories ?? []).map((c) =>
        c.name.toLowerCase(),
      );
  }
  const rows = [...new Set(phrases)].map((phrase) => ({
    phrase,
    popularity: termPopularity(phrase, country),
  }));
  return recommendationPage(rows, query, BY_POPULARITY);
}

/** The first storefront the app is promoted in by the account, else the US. */
export function storefrontOf(store: SandboxStore, adAccountId: number, app: CatalogueApp): string {
  for (const campaign of store.campaigns.values())
    if (campaign.adAccountId === adAccountId && campaign.promotedObjectId === String(app.adamId))
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
