// Which App Store a company's research reads (docs/keyword-research.md "Which App Store a company
// reads"): its Apple Ads integration's environment decides. An integration with Apple reads
// Apple's public endpoints at most 20 requests a minute for the whole process; one with a sandbox
// reads the sandbox's App Store simulation, unlimited. Answers are cached in the database.
import { APPLE_ADS_BASE_URL } from '@tapwise/apple-ads';
import {
  APPLE_BASE_URL,
  AppStoreError,
  createAppStoreClient,
  createRateLimiter,
  type AppStoreClient,
  type RateLimiter,
} from '@tapwise/app-store';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { findIntegration, type IntegrationRow } from '../integrations/integrations.repository';
import { databaseAppStoreCache } from './app-store-cache.repository';

/** Apple's guidance for the Search API, per process. */
const APPLE_REQUESTS_PER_MINUTE = 20;
/** One limiter for every company reading Apple's App Store from this process. */
let appleLimiter: RateLimiter | null = null;

export interface AppStoreSource {
  baseUrl: string;
  /** null: no limit (a sandbox). */
  requestsPerMinute: number | null;
}

/**
 * The App Store an integration's environment reads. Only Apple's address, a sandbox this server
 * was configured with or the demo's own sandbox can be stored on an integration, so any address
 * other than Apple's is a sandbox, whose origin also serves the App Store simulation.
 */
export function appStoreSourceOf(integration: Pick<IntegrationRow, 'baseUrl'>): AppStoreSource {
  const origin = new URL(integration.baseUrl).origin;
  return origin === new URL(APPLE_ADS_BASE_URL).origin
    ? { baseUrl: APPLE_BASE_URL, requestsPerMinute: APPLE_REQUESTS_PER_MINUTE }
    : { baseUrl: `${origin}/app-store`, requestsPerMinute: null };
}

/**
 * The App Store client for a company's research. Its failures are AppErrors
 * (APP_STORE_UNAVAILABLE) with a message for the user. A company without an Apple Ads
 * integration cannot research: popularity and ideas come from Apple Ads.
 */
export async function appStoreFor(
  ctx: { db: Database },
  teamId: string,
  fetchImpl?: typeof fetch,
): Promise<AppStoreClient> {
  const integration = await findIntegration(ctx.db, teamId);
  if (!integration)
    throw new AppError(
      'BAD_REQUEST',
      'Keyword research needs an Apple Ads integration: add one in Settings first.',
    );
  const source = appStoreSourceOf(integration);
  const client = createAppStoreClient({
    baseUrl: source.baseUrl,
    cache: databaseAppStoreCache(ctx.db),
    ...(source.requestsPerMinute === null
      ? // A sandbox answers at once and its faults are brief: no limit, short retries.
        { requestsPerMinute: 0, retry: { baseDelayMs: 50, maxDelayMs: 500 } }
      : {
          rateLimiter: (appleLimiter ??= createRateLimiter({
            requestsPerMinute: source.requestsPerMinute,
            now: Date.now,
            sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          })),
        }),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  return {
    search: (term, query) => answered(client.search(term, query)),
    lookup: (adamIds, query) => answered(client.lookup(adamIds, query)),
    topChart: (query) => answered(client.topChart(query)),
  };
}

async function answered<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (!(error instanceof AppStoreError)) throw error;
    throw new AppError(
      'APP_STORE_UNAVAILABLE',
      error.kind === 'rate-limited'
        ? 'The App Store is busy. Try again in a minute.'
        : 'The App Store did not answer. Try again in a few minutes.',
    );
  }
}
