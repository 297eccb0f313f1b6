// The App Store client: Apple's public search, lookup and top-chart endpoints as ASO tools read
// them, cached, rate limited and retried (see README.md for the choices).
import { AppStoreError } from './errors.js';
import {
  DEFAULT_RETRY,
  getJson,
  type HttpOptions,
  type RetryEvent,
  type RetryOptions,
} from './http.js';
import { appFromChartEntry, chartEntries, softwareResults } from './mapping.js';
import { createRateLimiter, type RateLimiter } from './rate-limiter.js';
import type { AppStoreApp, AppStoreCache, AppStoreClient, TopChartQuery } from './types.js';

export interface AppStoreClientOptions {
  /** Apple's origin, or the sandbox's `<origin>/app-store`. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Answers are kept here (search and charts 6 h, lookups 24 h); a hit sends no request. */
  cache?: AppStoreCache;
  /** Apple asks for about 20 a minute on the Search API; 0 or Infinity for no limit. */
  requestsPerMinute?: number;
  /** A limiter shared by several clients, so the process as a whole stays polite. */
  rateLimiter?: RateLimiter;
  retry?: Partial<RetryOptions>;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Told of each retry (the failed try, the wait and why), for logs. */
  onRetry?: (event: RetryEvent) => void;
}

export const APPLE_BASE_URL = 'https://itunes.apple.com';
/** Apple answers at most 200 search results and 200 chart entries. */
export const MAX_RESULTS = 200;
/** Ids per lookup request; longer lists are split. */
export const LOOKUP_BATCH_SIZE = 100;
const SEARCH_TTL_SECONDS = 6 * 3600;
const CHART_TTL_SECONDS = 6 * 3600;
const LOOKUP_TTL_SECONDS = 24 * 3600;

export function createAppStoreClient(options: AppStoreClientOptions = {}): AppStoreClient {
  const baseUrl = (options.baseUrl ?? APPLE_BASE_URL).replace(/\/+$/, '');
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const http: HttpOptions = {
    fetch: options.fetch ?? globalThis.fetch,
    limiter:
      options.rateLimiter ??
      createRateLimiter({ requestsPerMinute: options.requestsPerMinute ?? 20, now, sleep }),
    retry: { ...DEFAULT_RETRY, ...options.retry },
    timeoutMs: options.timeoutMs ?? 15_000,
    sleep,
    now,
    onRetry: options.onRetry,
  };

  /**
   * A cached answer is validated again on the way out, like a fresh one; one that no longer
   * validates (stored by an older version of the client) is asked for afresh.
   */
  async function get<T>(url: string, ttlSeconds: number, map: (body: unknown) => T): Promise<T> {
    const key = `GET ${url}`;
    const cached = await options.cache?.get(key);
    if (cached !== undefined && cached !== null) {
      try {
        return map(cached);
      } catch (error) {
        if (!(error instanceof AppStoreError)) throw error;
      }
    }
    const body = await getJson(url, http);
    const result = map(body);
    await options.cache?.set(key, body, ttlSeconds);
    return result;
  }

  async function lookupInCountry(adamIds: readonly number[], country: string) {
    const ids = [...new Set(adamIds)];
    const apps: AppStoreApp[] = [];
    for (let start = 0; start < ids.length; start += LOOKUP_BATCH_SIZE) {
      const batch = ids.slice(start, start + LOOKUP_BATCH_SIZE);
      const url = `${baseUrl}/lookup?id=${batch.join(',')}&country=${encodeURIComponent(country)}&entity=software`;
      apps.push(...(await get(url, LOOKUP_TTL_SECONDS, softwareResults)).apps);
    }
    return apps;
  }

  return {
    async search(term, query) {
      const params = new URLSearchParams({
        term,
        country: query.country,
        lang: `${query.language}_${query.country}`.toLowerCase(),
        entity: query.device === 'ipad' ? 'iPadSoftware' : 'software',
        limit: String(clampLimit(query.limit)),
      });
      const { apps, resultCount } = await get(
        `${baseUrl}/search?${params}`,
        SEARCH_TTL_SECONDS,
        softwareResults,
      );
      return { apps, totalApps: resultCount };
    },

    lookup(adamIds, query) {
      return lookupInCountry(adamIds, query.country);
    },

    async topChart(query: TopChartQuery) {
      const feed = `top${query.type}${query.device === 'ipad' ? 'ipad' : ''}applications`;
      const genre = query.genreId === 0 ? '' : `/genre=${query.genreId}`;
      const url = `${baseUrl}/${encodeURIComponent(query.country)}/rss/${feed}/limit=${clampLimit(query.limit)}${genre}/json`;
      const chart = (await get(url, CHART_TTL_SECONDS, chartEntries)).map(appFromChartEntry);
      // The feed has no ratings or versions: one batched lookup fills them in so cards can show them;
      // an app the lookup does not know keeps what the chart said.
      const known = await lookupInCountry(
        chart.map((app) => app.adamId),
        query.country,
      );
      const details = new Map(known.map((app) => [app.adamId, app]));
      return chart.map((app) => details.get(app.adamId) ?? app);
    },
  };
}

function clampLimit(limit: number): number {
  return Math.min(MAX_RESULTS, Math.max(1, Math.floor(limit)));
}
