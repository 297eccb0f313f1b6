// Every failure of the client is an AppleAdsError carrying Apple's code, message, details and
// the HTTP status; `kind` tells callers what they may safely do next.

export interface AppleErrorDetail {
  code?: string;
  message?: string | null;
  info?: Record<string, unknown>;
}

export type AppleAdsErrorKind =
  /** Apple answered with a 4xx other than 401/429. Fix the request. */
  | 'request'
  /** Token exchange failed or the key was refused. Credentials need attention. */
  | 'auth'
  /** 403: the role or ACL does not allow the call. */
  | 'forbidden'
  | 'not-found'
  /** 429 on a write, or on a read once its retries are spent (`retries` says how many). */
  | 'rate-limited'
  /** 5xx after the retry budget (reads) or on a write that Apple answered. */
  | 'server'
  /** A read could not reach Apple, even after the retries its policy allows (see `retries`). */
  | 'network'
  /** A write was sent but no answer came back: it may or may not have been applied. */
  | 'ambiguous-write';

export class AppleAdsError extends Error {
  override readonly name: string = 'AppleAdsError';
  /** Retries made before this failure (reads only; 0 when the first answer was final). */
  retries = 0;
  /** Time spent waiting for RateLimit-Reset before the failing call; not a retry. */
  rateLimitWaitMs = 0;
  constructor(
    readonly kind: AppleAdsErrorKind,
    message: string,
    readonly status: number | null,
    readonly code: string | null,
    readonly details: AppleErrorDetail[] = [],
    readonly retryAfterSeconds: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A write whose outcome is unknown; never retried blindly. Re-read the entity to reconcile. */
export class AppleAdsAmbiguousWriteError extends AppleAdsError {
  override readonly name = 'AppleAdsAmbiguousWriteError';
  constructor(
    readonly method: string,
    readonly path: string,
    cause: unknown,
  ) {
    super(
      'ambiguous-write',
      `${method} ${path} was sent but no answer arrived; it may have been applied`,
      null,
      null,
      [],
      null,
      { cause },
    );
  }
}
