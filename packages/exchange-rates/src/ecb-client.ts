// Client of the ECB's euro foreign exchange reference rates: the eurofxref XML files under
// https://www.ecb.europa.eu/stats/eurofxref/. It reads the smallest file that holds every day
// after the last one a caller has, so a day's rates are downloaded once.
import { addDays, dayNumber, isTargetClosingDay, latestReferenceDay } from './calendar.js';
import { ecbFeedReader } from './ecb-feed.js';
import { ExchangeRatesError, type RatesPublication } from './types.js';

export const ECB_FEED_URL = 'https://www.ecb.europa.eu/stats/eurofxref/';

/** The ECB's files: the latest day, the last 90 calendar days, and every day since 1999. */
export const ECB_FEEDS = {
  latest: 'eurofxref-daily.xml',
  last90Days: 'eurofxref-hist-90d.xml',
  history: 'eurofxref-hist.xml',
} as const;
export type EcbFeed = keyof typeof ECB_FEEDS;

/** Calendar days the 90-day file is trusted to reach back (it rolls at the ECB's own hour). */
const LAST_90_DAYS_REACH = 85;

export interface EcbRatesClientOptions {
  /** The folder of the eurofxref files; the ECB's by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The full history is a few megabytes. */
  timeoutMs?: number;
  now?: () => Date;
}

export interface RatesUpdate {
  feed: EcbFeed | null;
  /** Publications after the day asked about, oldest first; none when nothing newer is due. */
  publications: RatesPublication[];
}

export interface EcbRatesClient {
  /** Every publication one file holds, oldest first. */
  feed(name: EcbFeed): Promise<RatesPublication[]>;
  /**
   * The publications after `lastKnown` (null: none known) up to the latest due now; no request
   * at all when `lastKnown` is already the latest reference day.
   */
  publicationsAfter(lastKnown: string | null): Promise<RatesUpdate>;
}

/** The smallest file holding every reference day after `lastKnown` up to `latest`. */
export function feedCovering(lastKnown: string | null, latest: string): EcbFeed | null {
  if (lastKnown !== null && lastKnown >= latest) return null;
  if (lastKnown === null) return 'history';
  let missing = 0;
  for (let day = addDays(lastKnown, 1); day <= latest; day = addDays(day, 1))
    if (!isTargetClosingDay(day)) missing += 1;
  if (missing <= 1) return 'latest';
  return dayNumber(latest) - dayNumber(lastKnown) <= LAST_90_DAYS_REACH ? 'last90Days' : 'history';
}

/** The answer parsed as it arrives, so a long history never sits whole in memory as text. */
async function readFeed(response: Response, url: URL): Promise<RatesPublication[]> {
  const reader = ecbFeedReader();
  const decoder = new TextDecoder();
  const body = response.body?.getReader();
  try {
    for (let chunk = await body?.read(); chunk && !chunk.done; chunk = await body!.read())
      reader.write(decoder.decode(chunk.value, { stream: true }));
  } catch (error) {
    if (error instanceof ExchangeRatesError) throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw new ExchangeRatesError('network', `${url.href} broke off: ${why}`);
  }
  reader.write(decoder.decode());
  return reader.close();
}

export function createEcbRatesClient(options: EcbRatesClientOptions = {}): EcbRatesClient {
  const baseUrl = options.baseUrl ?? ECB_FEED_URL;
  const fetchFeed = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const now = options.now ?? (() => new Date());

  async function feed(name: EcbFeed): Promise<RatesPublication[]> {
    const url = new URL(ECB_FEEDS[name], baseUrl);
    let response: Response;
    try {
      response = await fetchFeed(url, {
        headers: { accept: 'application/xml, text/xml' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new ExchangeRatesError('network', `Could not reach ${url.href}: ${why}`);
    }
    if (!response.ok)
      throw new ExchangeRatesError(
        'http',
        `${url.href} answered ${response.status}`,
        response.status,
      );
    return readFeed(response, url);
  }

  return {
    feed,
    async publicationsAfter(lastKnown) {
      const name = feedCovering(lastKnown, latestReferenceDay(now()));
      if (!name) return { feed: null, publications: [] };
      const publications = await feed(name);
      return {
        feed: name,
        publications: publications.filter(
          (publication) => lastKnown === null || publication.date > lastKnown,
        ),
      };
    },
  };
}
