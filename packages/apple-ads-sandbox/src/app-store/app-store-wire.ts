// Apple's wire shapes for App Store answers: software results of the iTunes Search API (/search,
// /lookup) and entries of the legacy iTunes RSS top-chart feeds. Field names and formats are
// Apple's (ids as numbers in results and strings in feeds, prices with five decimals in feeds).
import { hash, hashString } from '../model/hash.js';
import type { ChartQuery } from './app-store-search.js';
import { slug, type StoreListing } from './store-listing.js';

/** Where the sandbox serves generated icons: `{origin}/app-store/artwork/{adamId}/{size}.svg`. */
export function artworkUrl(origin: string, adamId: number, size: number): string {
  return `${origin}/app-store/artwork/${adamId}/${size}.svg`;
}

function appPageUrl(listing: StoreListing): string {
  return `https://apps.apple.com/${listing.storefront}/app/${slug(listing.app.name)}/id${listing.app.adamId}`;
}

function artistId(listing: StoreListing): number {
  return 300_000_000 + (hashString(listing.app.developer) % 600_000_000);
}

const IPHONE_DEVICES = [
  'iPhone12-iPhone12',
  'iPhone14-iPhone14',
  'iPhone15-iPhone15',
  'iPhone16-iPhone16',
];
const IPAD_DEVICES = ['iPadAir5thGen-iPadAir5thGen', 'iPadPro11M4-iPadPro11M4'];

/** One result of /search or /lookup, as `wrapperType: "software"`. */
export function softwareResult(listing: StoreListing, origin: string) {
  const { app, price } = listing;
  return {
    isGameCenterEnabled: app.gameGenreId !== null,
    supportedDevices: listing.supportsIPad ? [...IPHONE_DEVICES, ...IPAD_DEVICES] : IPHONE_DEVICES,
    features: listing.supportsIPad ? ['iosUniversal'] : [],
    advisories: [],
    screenshotUrls: [],
    ipadScreenshotUrls: [],
    appletvScreenshotUrls: [],
    artworkUrl60: artworkUrl(origin, app.adamId, 60),
    artworkUrl100: artworkUrl(origin, app.adamId, 100),
    artworkUrl512: artworkUrl(origin, app.adamId, 512),
    artistViewUrl: `https://apps.apple.com/${listing.storefront}/developer/${slug(app.developer)}/id${artistId(listing)}?uo=4`,
    kind: 'software',
    minimumOsVersion: '15.0',
    trackCensoredName: app.name,
    languageCodesISO2A: ['EN'],
    fileSizeBytes: String(20_000_000 + (hash(app.adamId, 311) % 180_000_000)),
    formattedPrice: price.formattedPrice,
    contentAdvisoryRating: '4+',
    averageUserRatingForCurrentVersion: app.rating,
    userRatingCountForCurrentVersion: app.ratingCount,
    trackViewUrl: `${appPageUrl(listing)}?uo=4`,
    trackContentRating: '4+',
    averageUserRating: app.rating,
    currency: price.currency,
    bundleId: listing.bundleId,
    releaseDate: listing.releaseDate,
    currentVersionReleaseDate: listing.currentVersionReleaseDate,
    artistId: artistId(listing),
    artistName: app.developer,
    genres: listing.genres,
    price: price.price,
    description: `${app.name}: ${listing.genres.join(', ')} by ${app.developer}.`,
    primaryGenreName: app.primaryGenreName,
    primaryGenreId: app.primaryGenreId,
    sellerName: app.developer,
    genreIds: listing.genreIds.map(String),
    isVppDeviceBasedLicensingEnabled: true,
    trackId: app.adamId,
    trackName: app.name,
    version: listing.version,
    wrapperType: 'software',
    userRatingCount: app.ratingCount,
  };
}

/** `{ resultCount, results }` of /search and /lookup. */
export function searchAnswer(listings: readonly StoreListing[], origin: string) {
  return {
    resultCount: listings.length,
    results: listings.map((listing) => softwareResult(listing, origin)),
  };
}

function chartTitle({ type, entity }: Pick<ChartQuery, 'type' | 'entity'>): string {
  return `iTunes Store: Top ${type === 'free' ? 'Free' : 'Paid'} ${entity === 'iPadSoftware' ? 'iPad ' : ''}Apps`;
}

/** Feeds spell the release day out: "October 6, 2010". */
const RELEASE_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** One entry of a legacy RSS top chart. */
export function chartEntry(listing: StoreListing, origin: string) {
  const { app, price } = listing;
  const page = `${appPageUrl(listing)}?uo=2`;
  return {
    'im:name': { label: app.name },
    'im:image': [53, 75, 100].map((height) => ({
      label: artworkUrl(origin, app.adamId, height),
      attributes: { height: String(height) },
    })),
    summary: { label: `${app.name}: ${listing.genres.join(', ')} by ${app.developer}.` },
    'im:price': {
      label: price.price === 0 ? 'Get' : price.formattedPrice,
      attributes: { amount: price.price.toFixed(5), currency: price.currency },
    },
    'im:contentType': { attributes: { term: 'Application', label: 'Application' } },
    rights: { label: `© ${app.developer}` },
    title: { label: `${app.name} - ${app.developer}` },
    link: { attributes: { rel: 'alternate', type: 'text/html', href: page } },
    id: {
      label: page,
      attributes: { 'im:id': String(app.adamId), 'im:bundleId': listing.bundleId },
    },
    'im:artist': {
      label: app.developer,
      attributes: {
        href: `https://apps.apple.com/${listing.storefront}/developer/${slug(app.developer)}/id${artistId(listing)}?uo=2`,
      },
    },
    category: {
      attributes: {
        'im:id': String(app.primaryGenreId),
        term: app.primaryGenreName,
        scheme: `https://apps.apple.com/${listing.storefront}/genre/ios-${slug(app.primaryGenreName)}/id${app.primaryGenreId}?uo=2`,
        label: app.primaryGenreName,
      },
    },
    'im:releaseDate': {
      label: listing.releaseDate,
      attributes: { label: RELEASE_DAY.format(new Date(listing.releaseDate)) },
    },
  };
}

/**
 * A chart feed as Apple sends it: `entry` is an array, a lone object for a feed of one entry, and
 * absent from an empty feed.
 */
export function chartFeed(
  listings: readonly StoreListing[],
  chart: Pick<ChartQuery, 'type' | 'entity'>,
  feedUrl: string,
  updated: string,
  origin: string,
) {
  const entries = listings.map((listing) => chartEntry(listing, origin));
  return {
    feed: {
      author: { name: { label: 'iTunes Store' }, uri: { label: 'http://www.apple.com/itunes/' } },
      ...(entries.length === 1
        ? { entry: entries[0] }
        : entries.length > 1
          ? { entry: entries }
          : {}),
      updated: { label: updated },
      rights: { label: 'Copyright 2008 Apple Inc.' },
      title: { label: chartTitle(chart) },
      icon: { label: 'http://itunes.apple.com/favicon.ico' },
      link: [{ attributes: { rel: 'self', href: feedUrl } }],
      id: { label: feedUrl },
    },
  };
}
