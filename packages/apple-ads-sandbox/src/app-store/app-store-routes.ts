// The App Store's public endpoints under /app-store: the iTunes Search API (/search, /lookup),
// the legacy RSS top charts (/{cc}/rss/top{free,paid}applications/limit={n}[/genre={id}]/json)
// and the generated artwork. No OAuth: like Apple's, these are open to anyone.
import type { SandboxStore } from '../model/store.js';
import {
  MAX_APP_STORE_RESULTS,
  searchAppStore,
  topChart,
  type ChartQuery,
  type ChartType,
} from './app-store-search.js';
import { chartFeed, searchAnswer } from './app-store-wire.js';
import { artworkSvg } from './artwork.js';
import { storeListing, type AppStoreEntity } from './store-listing.js';
import { storefrontCode } from './storefronts.js';

export const APP_STORE_PREFIX = '/app-store';

export interface AppStoreAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** The Search API's parameter help, which Apple returns with every refused parameter. */
const QUERY_PARAMETERS = {
  output: 'json',
  callback: 'A javascript function to handle your search results',
  country: 'ISO-2A country code',
  limit: 'The number of search results you want the iTunes Store to return',
  term: 'A search string',
  lang: 'ISO-2A language code',
};
const DEFAULT_SEARCH_LIMIT = 50;
const NOT_FOUND: AppStoreAnswer = {
  status: 404,
  contentType: 'text/plain; charset=utf-8',
  body: 'Not Found',
};
const ENTITIES: readonly AppStoreEntity[] = ['software', 'iPadSoftware'];
const CHART_PATH =
  /^\/(?<country>[^/]+)\/rss\/top(?<type>free|paid)(?<ipad>ipad)?applications\/limit=(?<limit>\d+)(?:\/genre=(?<genre>\d+))?\/json$/;
const ARTWORK_PATH = /^\/artwork\/(\d+)\/(\d+)\.svg$/;

/** Answers a request whose path starts with /app-store; `origin` prefixes artwork URLs. */
export function answerAppStore(store: SandboxStore, url: URL, origin: string): AppStoreAnswer {
  const path = url.pathname.slice(APP_STORE_PREFIX.length);
  const query = url.searchParams;
  if (path === '/search') return search(store, query, origin);
  if (path === '/lookup') return lookup(store, query, origin);
  const chart = CHART_PATH.exec(path)?.groups;
  if (chart) {
    const request: ChartRequest = {
      country: chart.country ?? '',
      type: chart.type as ChartType,
      limit: Number(chart.limit),
      genreId: Number(chart.genre ?? 0),
      entity: chart.ipad ? 'iPadSoftware' : 'software',
    };
    return topChartFeed(store, request, `${origin}${url.pathname}`, origin);
  }
  const artwork = ARTWORK_PATH.exec(path);
  const artworkApp = artwork ? store.appsByAdamId.get(Number(artwork[1])) : undefined;
  if (artwork && artworkApp)
    return {
      status: 200,
      contentType: 'image/svg+xml',
      body: artworkSvg(artworkApp, Math.min(1024, Number(artwork[2]))),
    };
  return NOT_FOUND;
}

function search(store: SandboxStore, query: URLSearchParams, origin: string): AppStoreAnswer {
  const storefront = storefrontCode(query.get('country'));
  if (storefront === null) return invalidParameter('country');
  const entity = searchEntity(query.get('entity'));
  if (entity === null) return invalidParameter('entity');
  const limit = clampLimit(query.get('limit'), DEFAULT_SEARCH_LIMIT);
  const { apps } = searchAppStore(
    store.seed,
    store.catalogue,
    query.get('term') ?? '',
    storefront,
    entity,
  );
  return searchJson(searchAnswer(apps.slice(0, limit), origin));
}

function lookup(store: SandboxStore, query: URLSearchParams, origin: string): AppStoreAnswer {
  const storefront = storefrontCode(query.get('country'));
  if (storefront === null) return invalidParameter('country');
  const ids = (query.get('id') ?? '').split(',').filter((id) => id !== '');
  if (ids.some((id) => !/^\d+$/.test(id))) return invalidParameter('id');
  const listings = [...new Set(ids.map(Number))].flatMap((adamId) => {
    const app = store.appsByAdamId.get(adamId);
    const listing = app ? storeListing(store.seed, app, storefront) : null;
    return listing ? [listing] : [];
  });
  return searchJson(searchAnswer(listings, origin));
}

interface ChartRequest extends Omit<ChartQuery, 'storefront'> {
  country: string;
  limit: number;
}

function topChartFeed(
  store: SandboxStore,
  request: ChartRequest,
  feedUrl: string,
  origin: string,
): AppStoreAnswer {
  const storefront = storefrontCode(request.country);
  if (storefront === null) return NOT_FOUND;
  const limit = Math.max(1, Math.min(MAX_APP_STORE_RESULTS, request.limit));
  const { genreId, type, entity } = request;
  const chart = topChart(store.seed, store.catalogue, { storefront, genreId, type, entity });
  const updated = new Date(store.now()).toISOString();
  return {
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(chartFeed(chart.slice(0, limit), request, feedUrl, updated, origin)),
  };
}

/**
 * `software` (iPhone apps), `iPadSoftware`, or both as a comma list, which finds what `software`
 * finds: every catalogue app runs on iPhone. Null for any other value.
 */
function searchEntity(value: string | null): AppStoreEntity | null {
  const entities = (value ?? 'software').split(',');
  if (!entities.every((entity) => (ENTITIES as readonly string[]).includes(entity))) return null;
  return entities.includes('software') ? 'software' : 'iPadSoftware';
}

/** Apple's limit: the default when absent or not a number, at most 200. */
function clampLimit(value: string | null, fallback: number): number {
  const limit = Number(value ?? fallback);
  return Number.isInteger(limit) && limit > 0 ? Math.min(MAX_APP_STORE_RESULTS, limit) : fallback;
}

/** The Search API sends its JSON as text/javascript. */
function searchJson(body: unknown): AppStoreAnswer {
  return { status: 200, contentType: 'text/javascript; charset=utf-8', body: JSON.stringify(body) };
}

function invalidParameter(key: string): AppStoreAnswer {
  return {
    status: 400,
    contentType: 'text/javascript; charset=utf-8',
    body: JSON.stringify({
      errorMessage: `Invalid value(s) for key(s): [${key}]`,
      queryParameters: QUERY_PARAMETERS,
    }),
  };
}
