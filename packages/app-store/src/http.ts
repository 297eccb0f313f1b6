// One GET to Apple with the house rules: a rate-limiter slot per attempt, a timeout, and
// exponential backoff on 429, 5xx and network failures that honours Retry-After.
import { AppStoreError } from './errors.js';
import type { RateLimiter } from './rate-limiter.js';

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first wait; each next one doubles, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 4, baseDelayMs: 1000, maxDelayMs: 60_000 };

export interface HttpOptions {
  fetch: typeof fetch;
  limiter: RateLimiter;
  retry: RetryOptions;
  timeoutMs: number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Called before each wait between tries, so callers can log or measure backoff. */
  onRetry?: (event: RetryEvent) => void;
}

export interface RetryEvent {
  url: string;
  /** The try that failed, 1 for the first. */
  attempt: number;
  delayMs: number;
  reason: string;
}

/** The parsed JSON body of a GET, or an AppStoreError once retries are spent. */
export async function getJson(url: string, options: HttpOptions): Promise<unknown> {
  const { retry } = options;
  const wait = (attempt: number, retryAfter: number | null, reason: string) => {
    const delayMs = backoffMs(attempt, retryAfter, retry);
    options.onRetry?.({ url, attempt, delayMs, reason });
    return options.sleep(delayMs);
  };
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= retry.attempts;
    await options.limiter.acquire();
    let response: Response;
    let text: string;
    try {
      response = await options.fetch(url, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      if (last)
        throw new AppStoreError('unavailable', `GET ${url} failed: ${message(error)}`, null, {
          cause: error,
        });
      await wait(attempt, null, `network: ${message(error)}`);
      continue;
    }
    if (response.ok) return parseJson(url, text);
    const transient = response.status === 429 || response.status >= 500;
    if (transient && !last) {
      await wait(attempt, retryAfterMs(response.headers, options.now), `HTTP ${response.status}`);
      continue;
    }
    throw new AppStoreError(
      response.status === 429 ? 'rate-limited' : 'unavailable',
      `GET ${url} failed with HTTP ${response.status}${transient ? ` after ${attempt} attempts` : ''}`,
      response.status,
    );
  }
}

function parseJson(url: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppStoreError('bad-response', `GET ${url} answered non-JSON`, null, { cause: error });
  }
}

/** Retry-After (seconds or an HTTP date) wins over the doubling schedule; both are capped. */
function backoffMs(attempt: number, retryAfter: number | null, retry: RetryOptions): number {
  const delay = retryAfter ?? retry.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(retry.maxDelayMs, delay);
}

function retryAfterMs(headers: Headers, now: () => number): number | null {
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now());
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
