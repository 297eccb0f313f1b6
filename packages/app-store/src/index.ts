// Public API of the App Store data client.
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
