// App Store search and top charts over the catalogue. A term returns more apps the more popular it
// is (the termPopularity that drives Apple Ads delivery and insights) and ranks them by relevance:
// term words in the app's name, the term in the app's category vocabulary, the app's audience, and
// a seeded jitter per (term, app, storefront). Charts rank by the storefront's daily downloads.
import {
  categoryOf,
  categoryVocabulary,
  termPopularity,
  type CatalogueApp,
  type CategorySeed,
} from '../model/catalogue.js';
import { hashString, unit } from '../model/hash.js';
import {
  dailyDownloads,
  storefrontListings,
  type AppStoreEntity,
  type StoreListing,
} from './store-listing.js';

/** The App Store answers at most 200 apps to a search, and charts at most 200 entries. */
export const MAX_APP_STORE_RESULTS = 200;

export interface AppStoreSearch {
  /** Every app the search returns, in the storefront's order (position 1 first). */
  apps: StoreListing[];
  popularity: number;
}

/** Lower case, single spaces: the form terms are compared in. */
export function normalizeTerm(term: string): string {
  return term.trim().toLowerCase().replace(/\s+/g, ' ');
}

export function searchAppStore(
  seed: number,
  catalogue: readonly CatalogueApp[],
  rawTerm: string,
  storefront: string,
  entity: AppStoreEntity,
): AppStoreSearch {
  const term = normalizeTerm(rawTerm);
  const popularity = term === '' ? 0 : termPopularity(term, storefront.toUpperCase());
  const listings = storefrontListings(seed, catalogue, storefront, entity);
  const scored = listings.map((listing) => ({
    listing,
    textual: textualRelevance(term, listing.app),
    score: 0,
  }));
  // A term nothing answers to (no word of any name or category) finds nothing, however it scores.
  if (!scored.some(({ textual }) => textual > 0)) return { apps: [], popularity };
  for (const entry of scored)
    entry.score =
      entry.textual + audienceScore(entry.listing.app) + jitter(seed, term, entry.listing);
  scored.sort((a, b) => b.score - a.score || a.listing.app.adamId - b.listing.app.adamId);
  return {
    apps: scored.slice(0, totalApps(popularity, listings.length)).map(({ listing }) => listing),
    popularity,
  };
}

/** How many apps a term of this popularity returns in a storefront of `available` apps. */
export function totalApps(popularity: number, available: number): number {
  const share = 0.1 + 0.9 * (popularity / 100);
  return Math.min(MAX_APP_STORE_RESULTS, available, Math.max(1, Math.round(available * share)));
}

/** 0-5: 3 for every term word in the app's name, 2 for a term of its category's vocabulary. */
function textualRelevance(term: string, app: CatalogueApp): number {
  const words = term.split(' ');
  const nameWords = app.name.toLowerCase().split(' ');
  const inName = words.filter((word) => nameWords.some((name) => name.startsWith(word))).length;
  return (3 * inName) / words.length + 2 * vocabularyRelevance(term, words, categoryOf(app));
}

/** 1 for a term of the vocabulary, 0.8 when it contains a head, else the share of head words. */
function vocabularyRelevance(term: string, words: string[], category: CategorySeed): number {
  if (vocabularyOf(category).has(term)) return 1;
  if (category.heads.some((head) => term.includes(head))) return 0.8;
  const headWords = new Set(category.heads.flatMap((head) => head.split(' ')));
  return (0.5 * words.filter((word) => headWords.has(word)).length) / words.length;
}

const vocabularies = new Map<number, ReadonlySet<string>>();
function vocabularyOf(category: CategorySeed): ReadonlySet<string> {
  let vocabulary = vocabularies.get(category.id);
  if (!vocabulary) {
    vocabulary = new Set(categoryVocabulary(category));
    vocabularies.set(category.id, vocabulary);
  }
  return vocabulary;
}

/** 0-0.6: popular apps (many ratings) rank higher among equally relevant ones. */
function audienceScore(app: CatalogueApp): number {
  return (0.6 * Math.log10(1 + app.ratingCount)) / 5.4;
}

function jitter(seed: number, term: string, listing: StoreListing): number {
  return (
    0.8 * unit(seed, 310, hashString(term), listing.app.adamId, hashString(listing.storefront))
  );
}

export type ChartType = 'free' | 'paid';

export interface ChartQuery {
  storefront: string;
  /** A category (6000-6024), a game genre (7001-7019) or 0 for all apps. */
  genreId: number;
  type: ChartType;
  /** `iPadSoftware` for the iPad charts. */
  entity: AppStoreEntity;
}

/** A top chart: the storefront's free or paid apps of the genre, by daily downloads. */
export function topChart(
  seed: number,
  catalogue: readonly CatalogueApp[],
  { storefront, genreId, type, entity }: ChartQuery,
): StoreListing[] {
  return storefrontListings(seed, catalogue, storefront, entity)
    .filter(
      (listing) =>
        (type === 'paid') === listing.price.price > 0 &&
        (genreId === 0 || listing.genreIds.includes(genreId)),
    )
    .map((listing) => ({ listing, downloads: dailyDownloads(seed, listing) }))
    .sort((a, b) => b.downloads - a.downloads || a.listing.app.adamId - b.listing.app.adamId)
    .map(({ listing }) => listing);
}
