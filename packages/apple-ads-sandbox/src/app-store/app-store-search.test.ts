import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APP_STOREFRONTS,
  CATEGORIES,
  buildCatalogue,
  categoryOf,
  categoryVocabulary,
  termPopularity,
} from '../model/catalogue.js';
import { MAX_APP_STORE_RESULTS, searchAppStore, topChart, totalApps } from './app-store-search.js';
import { dailyDownloads, storefrontListings } from './store-listing.js';

const SEED = 42;
const catalogue = buildCatalogue(SEED);
const storefronts = APP_STOREFRONTS.map((code) => code.toLowerCase());

describe('App Store search', () => {
  it('returns more apps for more popular terms, never more than 200 or than the storefront has', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 1000 }),
        (a, b, available) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(totalApps(low, available)).toBeLessThanOrEqual(totalApps(high, available));
          expect(totalApps(high, available)).toBeLessThanOrEqual(
            Math.min(MAX_APP_STORE_RESULTS, available),
          );
        },
      ),
    );
  });

  it("answers with the term's popularity in the storefront, the number v1 insights report", () => {
    for (const storefront of storefronts) {
      const search = searchAppStore(SEED, catalogue, '  Budget ', storefront, 'software');
      expect(search.popularity).toBe(termPopularity('budget', storefront.toUpperCase()));
    }
  });

  it("ranks the apps of the term's category before apps whose name and category share no word with it", () => {
    for (const category of CATEGORIES) {
      const term = categoryVocabulary(category).find((text) => text.includes(' '))!;
      const { apps } = searchAppStore(SEED, catalogue, term, 'us', 'software');
      const positions = apps.map((listing) => categoryOf(listing.app).id === category.id);
      const lastOfCategory = positions.lastIndexOf(true);
      const inCategory = catalogue.filter((app) => app.primaryGenreId === category.id).length;
      expect(positions.filter(Boolean)).toHaveLength(inCategory);
      const unrelatedBefore = apps
        .slice(0, lastOfCategory)
        .filter((listing) => categoryOf(listing.app).id !== category.id)
        .filter((listing) => {
          const nameWords = listing.app.name.toLowerCase().split(' ');
          const headWords = categoryOf(listing.app).heads.flatMap((head) => head.split(' '));
          return !term
            .split(' ')
            .some(
              (word) => headWords.includes(word) || nameWords.some((name) => name.startsWith(word)),
            );
        });
      expect(unrelatedBefore).toEqual([]);
    }
  });

  it('finds every app first by its own name, as the App Store does', () => {
    for (const app of catalogue) {
      const { apps } = searchAppStore(SEED, catalogue, app.name, 'gb', 'software');
      expect(apps[0]?.app.adamId).toBe(app.adamId);
    }
  });

  it('ranks differently in different storefronts and alike for the same seed', () => {
    const ids = (storefront: string) =>
      searchAppStore(SEED, catalogue, 'budget', storefront, 'software').apps.map(
        (listing) => listing.app.adamId,
      );
    expect(ids('us')).not.toEqual(ids('de'));
    expect(ids('us')).toEqual(ids('us'));
  });
});

describe('App Store charts and prices', () => {
  it('makes about one app in seven paid, priced in the storefront currency', () => {
    const listings = storefrontListings(SEED, catalogue, 'jp', 'software');
    const paid = listings.filter((listing) => listing.price.price > 0);
    expect(paid.length / listings.length).toBeGreaterThan(0.08);
    expect(paid.length / listings.length).toBeLessThan(0.25);
    expect(new Set(listings.map((listing) => listing.price.currency))).toEqual(new Set(['JPY']));
    expect(paid.every((listing) => listing.price.formattedPrice.startsWith('￥'))).toBe(true);
  });

  it('splits every app of a storefront between the free and the paid chart, most downloaded first', () => {
    const chart = (storefront: string, genreId: number, type: 'free' | 'paid') =>
      topChart(SEED, catalogue, { storefront, genreId, type, entity: 'software' });
    const free = chart('us', 0, 'free');
    const paid = chart('us', 0, 'paid');
    expect(free.length + paid.length).toBe(catalogue.length);
    const downloads = free.map((listing) => dailyDownloads(SEED, listing));
    expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
    expect(chart('br', 0, 'free')).toEqual([]);
    expect(chart('us', 9999, 'free')).toEqual([]);
  });
});
