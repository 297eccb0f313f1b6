// Every failure of the App Store client is an AppStoreError; `kind` tells the caller whether
// waiting may help (rate-limited, unavailable) or the answer itself was wrong (bad-response).

export type AppStoreErrorKind =
  /** Apple could not be reached or kept failing (network, timeout, 5xx, other 4xx). */
  | 'unavailable'
  /** Apple kept answering 429 after the retries. */
  | 'rate-limited'
  /** Apple answered something that is not the expected JSON shape. */
  | 'bad-response';

export class AppStoreError extends Error {
  override readonly name = 'AppStoreError';
  constructor(
    readonly kind: AppStoreErrorKind,
    message: string,
    /** The last HTTP status, null when no answer arrived or the body was at fault. */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
