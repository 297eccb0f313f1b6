// What the App Store client answers, independent of Apple's wire names.

export type AppStoreDevice = 'iphone' | 'ipad';
export type ChartType = 'free' | 'paid';

export interface AppStoreApp {
  adamId: number;
  title: string;
  developer: string;
  /** The largest artwork Apple gives (512, else 100, else 60 px). */
  icon: string;
  bundleId: string | null;
  /** Genre names, primary first. */
  genres: string[];
  genreIds: number[];
  primaryGenreId: number;
  primaryGenreName: string;
  /** Average user rating 0-5; null when the app has none. */
  rating: number | null;
  ratingCount: number;
  version: string | null;
  price: number;
  currency: string;
}

/** Where a question is asked: storefront (lower-case ISO code), language and device. */
export interface StorefrontQuery {
  country: string;
  language: string;
  device: AppStoreDevice;
}

export interface SearchResult {
  /** Apps in the storefront's search order: position 1 is index 0. */
  apps: AppStoreApp[];
  /** How many apps the search returned (Apple answers at most 200). */
  totalApps: number;
}

export interface TopChartQuery {
  country: string;
  /** An App Store category (6000-6024) or game genre (7001-7019); 0 for all apps. */
  genreId: number;
  type: ChartType;
  limit: number;
  /** The iPad charts when 'ipad'; the iPhone charts otherwise. */
  device?: AppStoreDevice;
}

export interface AppStoreClient {
  /** The storefront's search results for a term, up to `limit` (at most 200). */
  search(term: string, query: StorefrontQuery & { limit: number }): Promise<SearchResult>;
  /** Apps by id in a storefront; ids the storefront does not have are absent from the answer. */
  lookup(adamIds: readonly number[], query: StorefrontQuery): Promise<AppStoreApp[]>;
  /** A top chart, in chart order. */
  topChart(query: TopChartQuery): Promise<AppStoreApp[]>;
}

/**
 * A cache of answers keyed by request; the server keeps it in its database so a repeated question
 * costs nothing. Values are JSON.
 */
export interface AppStoreCache {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
}
