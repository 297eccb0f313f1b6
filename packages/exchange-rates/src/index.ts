// Public API of the ECB euro reference rates client and the conversions built on its rates.
export { createEcbRatesClient, ECB_FEED_URL, ECB_FEEDS, feedCovering } from './ecb-client.js';
export type { EcbFeed, EcbRatesClient, EcbRatesClientOptions, RatesUpdate } from './ecb-client.js';
export { ecbFeedReader, parseEcbFeed } from './ecb-feed.js';
export type { EcbFeedReader } from './ecb-feed.js';
export {
  addDays,
  easterSunday,
  isTargetClosingDay,
  latestReferenceDay,
  PUBLICATION_HOUR,
} from './calendar.js';
export {
  convertMicros,
  dailyFactors,
  EURO,
  MAX_RATE_AGE_DAYS,
  RatesHistory,
  referenceRatesOf,
} from './conversion.js';
export type { DailyFactors } from './conversion.js';
export { ExchangeRatesError } from './types.js';
export type { ExchangeRatesErrorKind, RatesPublication, ReferenceRate } from './types.js';
