// A catalogue app as one App Store storefront lists it: price, devices, version and dates, and a
// download proxy for the charts. Everything is drawn from the seed and the app, never the clock.
import { GAME_GENRE_NAMES, countryVolume, type CatalogueApp } from '../model/catalogue.js';
import { DAY_MS } from '../model/calendar.js';
import { hash, hashString, unit } from '../model/hash.js';
import {
  PRICE_TIER_COUNT,
  sellsCatalogueApps,
  storefrontPrice,
  type StorefrontPrice,
} from './storefronts.js';

export type AppStoreEntity = 'software' | 'iPadSoftware';

export interface StoreListing {
  app: CatalogueApp;
  storefront: string;
  price: StorefrontPrice;
  /** Genre names and ids, primary first (a game: Games, then its game genre). */
  genres: string[];
  genreIds: number[];
  supportsIPad: boolean;
  bundleId: string;
  version: string;
  releaseDate: string;
  currentVersionReleaseDate: string;
}

/** About one app in seven is paid. */
const PAID_SHARE = 0.15;
/** Share of apps that also run on iPad (found by iPadSoftware searches). */
const IPAD_SHARE = 0.8;
/** Releases fall between 2014-01-01 and 2024-01-01; updates up to 600 days later. */
const FIRST_RELEASE_DAY = Date.UTC(2014, 0, 1) / DAY_MS;
const RELEASE_SPAN_DAYS = 3652;

/** The app in a storefront, or null when it is not published there. */
export function storeListing(
  seed: number,
  app: CatalogueApp,
  storefront: string,
): StoreListing | null {
  if (!sellsCatalogueApps(storefront)) return null;
  const paid = unit(seed, 301, app.adamId) < PAID_SHARE;
  const tier = paid ? 1 + Math.floor(unit(seed, 302, app.adamId) * PRICE_TIER_COUNT) : 0;
  const released = FIRST_RELEASE_DAY + Math.floor(unit(seed, 303, app.adamId) * RELEASE_SPAN_DAYS);
  const updated = released + Math.floor(unit(seed, 304, app.adamId) * 600);
  const gameGenre = app.gameGenreId === null ? undefined : GAME_GENRE_NAMES[app.gameGenreId];
  return {
    app,
    storefront,
    price: storefrontPrice(storefront, tier),
    genres: gameGenre ? [app.primaryGenreName, gameGenre] : [app.primaryGenreName],
    genreIds:
      app.gameGenreId === null ? [app.primaryGenreId] : [app.primaryGenreId, app.gameGenreId],
    supportsIPad: unit(seed, 305, app.adamId) < IPAD_SHARE,
    bundleId: `com.${slug(app.developer).replaceAll('-', '')}.${slug(app.name).replaceAll('-', '')}`,
    version: `${1 + (hash(seed, 306, app.adamId) % 9)}.${hash(seed, 307, app.adamId) % 20}.${hash(seed, 308, app.adamId) % 10}`,
    releaseDate: appleDate(released),
    currentVersionReleaseDate: appleDate(updated),
  };
}

/** The storefront's listings of the catalogue for a device, in catalogue order. */
export function storefrontListings(
  seed: number,
  catalogue: readonly CatalogueApp[],
  storefront: string,
  entity: AppStoreEntity,
): StoreListing[] {
  return catalogue.flatMap((app) => {
    const listing = storeListing(seed, app, storefront);
    return listing && (entity === 'software' || listing.supportsIPad) ? [listing] : [];
  });
}

/**
 * Daily downloads a storefront gives the app: its audience (rating count) and rating scaled by the
 * storefront's volume, moved by a per-(app, storefront) factor so charts differ between countries.
 */
export function dailyDownloads(seed: number, listing: StoreListing): number {
  const { app } = listing;
  const spread = 0.5 + unit(seed, 309, app.adamId, hashString(listing.storefront));
  return (
    (app.ratingCount / 40) *
    (app.rating / 5) *
    countryVolume(listing.storefront.toUpperCase()) *
    spread
  );
}

/** Lower-case words joined by dashes, as App Store page URLs spell names. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function appleDate(day: number): string {
  return `${new Date(day * DAY_MS).toISOString().slice(0, 19)}Z`;
}
