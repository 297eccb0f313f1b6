// Public API of the App Store data client.
export { APPLE_BASE_URL, createAppStoreClient, type AppStoreClientOptions } from './client.js';
export { AppStoreError, type AppStoreErrorKind } from './errors.js';
export type { RetryEvent, RetryOptions } from './http.js';
export { createRateLimiter, type RateLimiter, type RateLimiterOptions } from './rate-limiter.js';
export type {
  AppStoreApp,
  AppStoreCache,
  AppStoreClient,
  AppStoreDevice,
  ChartType,
  SearchResult,
  StorefrontQuery,
  TopChartQuery,
} from './types.js';
