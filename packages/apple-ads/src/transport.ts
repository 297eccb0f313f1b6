// One HTTP exchange with Apple, with the house rules: bearer token with one refresh on 401,
// X-AP-Context, RateLimit-* and Retry-After honoured, exponential backoff (to 16 s) on 408, 429, 5xx
// and network failures for reads, on 429 only for writes (refused before anything was applied),
// and writes without an answer reported as ambiguous.
import {
  AppleAdsAmbiguousWriteError,
  AppleAdsError,
  type AppleAdsErrorKind,
  type AppleErrorDetail,
} from './errors.js';
import type { TokenProvider } from './token-provider.js';

/** URL query parameters; a list repeats the parameter (storeFronts=US&storeFronts=GB). */
export type QueryParams = Record<string, string | number | boolean | string[] | undefined>;

export interface RetryPolicy {
  /** Retries after the first attempt, reads only. Default 5 (1, 2, 4, 8, 16 s). */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 5, baseDelayMs: 1000, maxDelayMs: 16_000 };

export interface RateLimitSnapshot {
  limit: number | null;
  remaining: number | null;
  /** Epoch ms when the window resets. */
  resetAt: number | null;
}

export interface TransportOptions {
  baseUrl: string;
  tokens: TokenProvider;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  retry: RetryPolicy;
  timeoutMs: number;
  /** Called before each wait so callers can log or measure backoff. */
  onRetry?: (event: {
    attempt: number;
    delayMs: number;
    reason: string;
    method: string;
    path: string;
  }) => void;
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  adAccountId?: number | null;
  body?: unknown;
  query?: QueryParams;
  /** Reads may be retried; writes never are. Defaults from the method and a /query suffix. */
  read?: boolean;
}

export class Transport {
  rateLimit: RateLimitSnapshot = { limit: null, remaining: null, resetAt: null };

  constructor(private readonly options: TransportOptions) {}

  async request<T>(spec: RequestSpec): Promise<T> {
    const read = spec.read ?? (spec.method === 'GET' || spec.path.endsWith('/query'));
    const { retry } = this.options;
    let attempt = 0;
    let refreshed = false;
    let waitedMs = 0;
    // Says what the client did before giving up, so a 429 after merely waiting for
    // RateLimit-Reset is not reported as one that survived retries.
    const fail = (error: AppleAdsError): AppleAdsError => withHistory(error, attempt, waitedMs);
    for (;;) {
      waitedMs += await this.waitForBudget();
      const token = await this.options.tokens.token();
      let response: Response;
      try {
        response = await this.options.fetch(this.url(spec), {
          method: spec.method,
          headers: this.headers(token, spec),
          body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
          // Apple never redirects; a redirect could send the token anywhere (an internal address).
          redirect: 'error',
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
      } catch (error) {
        if (!read) throw new AppleAdsAmbiguousWriteError(spec.method, spec.path, error);
        if (attempt < retry.maxRetries) {
          await this.backoff(attempt++, null, `network: ${(error as Error).message}`, spec);
          continue;
        }
        throw fail(
          new AppleAdsError(
            'network',
            `${spec.method} ${spec.path} failed: ${(error as Error).message}`,
            null,
            null,
            [],
            null,
            { cause: error },
          ),
        );
      }
      this.recordRateLimit(response.headers);
      if (response.status === 401 && !refreshed) {
        // Expired or revoked token: refresh once; a 401 means nothing was applied, so writes may repeat.
        await response.body?.cancel();
        this.options.tokens.invalidate();
        refreshed = true;
        continue;
      }
      const retryAfter = retryAfterSeconds(response.headers);
      // A 429 is refused before anything is applied, so a write may repeat once the wait is over;
      // after a 5xx a write may have been applied, so only reads repeat then.
      const mayRepeat = read || response.status === 429;
      if (mayRepeat && isTransientStatus(response.status) && attempt < retry.maxRetries) {
        await response.body?.cancel();
        await this.backoff(attempt++, retryAfter, `HTTP ${response.status}`, spec);
        continue;
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if (!read) throw new AppleAdsAmbiguousWriteError(spec.method, spec.path, error);
        if (attempt < retry.maxRetries) {
          await this.backoff(attempt++, null, 'body interrupted', spec);
          continue;
        }
        throw fail(
          new AppleAdsError(
            'network',
            `${spec.method} ${spec.path}: body interrupted`,
            response.status,
            null,
            [],
            null,
            { cause: error },
          ),
        );
      }
      if (!response.ok) {
        if (!read && (response.status === 502 || response.status === 504))
          throw new AppleAdsAmbiguousWriteError(
            spec.method,
            spec.path,
            new Error(`HTTP ${response.status}`),
          );
        throw fail(errorFromResponse(response.status, text, retryAfter, spec));
      }
      return (text.length === 0 ? {} : JSON.parse(text)) as T;
    }
  }

  private url(spec: RequestSpec): string {
    const url = new URL(`${this.options.baseUrl.replace(/\/$/, '')}${spec.path}`);
    for (const [name, value] of Object.entries(spec.query ?? {}))
      for (const item of [value ?? []].flat()) url.searchParams.append(name, String(item));
    return url.toString();
  }

  private headers(token: string, spec: RequestSpec): Record<string, string> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
    };
    if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
    if (spec.adAccountId !== undefined && spec.adAccountId !== null)
      headers['X-AP-Context'] = `adAccountId=${spec.adAccountId}`;
    return headers;
  }

  private recordRateLimit(headers: Headers): void {
    const limit = numberHeader(headers, 'ratelimit-limit');
    const remaining = numberHeader(headers, 'ratelimit-remaining');
    const reset = numberHeader(headers, 'ratelimit-reset');
    if (limit === null && remaining === null) return;
    this.rateLimit = {
      limit,
      remaining,
      resetAt: reset === null ? null : this.options.now() + reset * 1000,
    };
  }

  /** When the window is spent, wait for its reset instead of collecting a 429. Returns the wait. */
  private async waitForBudget(): Promise<number> {
    const { remaining, resetAt } = this.rateLimit;
    if (remaining !== 0 || resetAt === null) return 0;
    const wait = Math.max(0, resetAt - this.options.now());
    if (wait > 0) await this.options.sleep(wait);
    this.rateLimit = { ...this.rateLimit, remaining: null };
    return wait;
  }

  private async backoff(
    attempt: number,
    retryAfter: number | null,
    reason: string,
    spec: RequestSpec,
  ): Promise<void> {
    const { baseDelayMs, maxDelayMs } = this.options.retry;
    // Retry-After takes precedence over the doubling schedule.
    const delayMs =
      retryAfter !== null ? retryAfter * 1000 : Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
    this.options.onRetry?.({
      attempt: attempt + 1,
      delayMs,
      reason,
      method: spec.method,
      path: spec.path,
    });
    await this.options.sleep(delayMs);
  }
}

/** Records the retries and RateLimit-Reset waits behind a failure, in the error and its message. */
function withHistory(error: AppleAdsError, retries: number, waitedMs: number): AppleAdsError {
  error.retries = retries;
  error.rateLimitWaitMs = waitedMs;
  const notes: string[] = [];
  if (waitedMs > 0) notes.push(`after waiting ${Math.ceil(waitedMs / 1000)} s for RateLimit-Reset`);
  if (retries > 0) notes.push(`after ${retries} ${retries === 1 ? 'retry' : 'retries'}`);
  if (notes.length > 0) error.message = `${error.message} (${notes.join(', ')})`;
  return error;
}

function numberHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function retryAfterSeconds(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function errorFromResponse(
  status: number,
  text: string,
  retryAfter: number | null,
  spec: RequestSpec,
): AppleAdsError {
  let code: string | null = null;
  let message = `${spec.method} ${spec.path} failed with HTTP ${status}`;
  let details: AppleErrorDetail[] = [];
  try {
    // Apple sometimes answers 4xx with an empty or non-JSON body.
    const body = JSON.parse(text) as {
      error?: { code?: string; message?: string | null; details?: AppleErrorDetail[] } | string;
    };
    if (body.error && typeof body.error === 'object') {
      code = body.error.code ?? null;
      message = body.error.message ?? message;
      details = Array.isArray(body.error.details) ? body.error.details : [];
    } else if (typeof body.error === 'string') {
      code = body.error;
    }
  } catch {
    // Keep the generic message.
  }
  const kind: AppleAdsErrorKind =
    status === 401
      ? 'auth'
      : status === 403
        ? 'forbidden'
        : status === 404
          ? 'not-found'
          : status === 429
            ? 'rate-limited'
            : status >= 500
              ? 'server'
              : 'request';
  return new AppleAdsError(kind, message, status, code, details, retryAfter);
}

/** Worth asking again (reads only): rate limited, timed out, or failing on Apple's side. */
function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
