// Public API of the Apple Ads Platform API v1 client.
export { createAppleAdsClient, APPLE_ADS_BASE_URL } from './client.js';
export type {
  AppleAdsClient,
  AppleAdsClientOptions,
  AccountClient,
  EntityOperations,
  BulkOperations,
  ReportOperations,
} from './client.js';
export { AppleAdsError, AppleAdsAmbiguousWriteError } from './errors.js';
export type { AppleAdsErrorKind, AppleErrorDetail } from './errors.js';
/** Thrown before sending a write that breaks a rule of Apple's v1 reference. */
export { V1RequestError } from '@tapwise/apple-ads-schemas';
export { generateKeyPair } from './key-pair.js';
export type { AppleAdsKeyPair } from './key-pair.js';
export { createClientSecret, APPLE_TOKEN_URL } from './token-provider.js';
export type { Credentials } from './token-provider.js';
export { amountToMicros, microsToAmount, moneyFromMicros, moneyToMicros } from './money.js';
export { toMetrics, METRICS_READ, normaliseKeywordStatus, adamIdOf } from './report-metrics.js';
export type { Metrics } from './report-metrics.js';
export type { RateLimitSnapshot, RetryPolicy } from './transport.js';
export type * from './types.js';
export type * from './insights.js';
export type * from './recommendations.js';
export type * from './geo.js';
export type * from './change-history.js';
