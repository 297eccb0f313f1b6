// The daily reference rates: kept current from the configured source (the ECB, or its simulator
// outside production) and turned into per-day factors into a company's reporting currency.
import {
  DEFAULT_REPORTING_CURRENCY,
  REPORTING_CURRENCIES,
  type DateRange,
  type RatesSource,
} from '@tapwise/contracts';
import {
  addDays,
  createEcbRatesClient,
  dailyFactors,
  MAX_RATE_AGE_DAYS,
  RatesHistory,
  referenceRatesOf,
  type DailyFactors,
  type EcbFeed,
  type EcbRatesClient,
} from '@tapwise/exchange-rates';
import { createRatesSimulator } from '@tapwise/exchange-rates-simulator';
import type { Database } from '../../platform/db/database';
import { findTeam } from '../teams/teams.repository';
import {
  findLatestRateDay,
  findRates,
  findStoredSource,
  storeRates,
} from './exchange-rates.repository';

/**
 * Days of rates kept: Apple's 24 months of history, reached back to the start of the week or
 * month the oldest kept facts are dated on, with room to spare.
 */
export const RATES_KEPT_DAYS = 1_100;

/** The client of a source: the ECB's feed, or the same files answered by the simulator. */
export function ratesClientFor(source: RatesSource, now = () => new Date()): EcbRatesClient {
  if (source === 'ECB') return createEcbRatesClient({ now });
  // The simulated history starts where the kept rates do: the years before would be dropped.
  const firstDay = addDays(now().toISOString().slice(0, 10), -RATES_KEPT_DAYS);
  return createEcbRatesClient({ fetch: createRatesSimulator({ now, firstDay }).fetch, now });
}

/**
 * Downloads the publications after the last stored day (nothing when it is the latest due) and
 * stores them: a day's rates are fetched once.
 */
export async function refreshExchangeRates(
  db: Database,
  source: RatesSource,
  client: EcbRatesClient,
  now = new Date(),
): Promise<{ feed: EcbFeed | null; days: number }> {
  const update = await client.publicationsAfter(await findLatestRateDay(db, source));
  if (!update.feed) return { feed: null, days: 0 };
  const today = now.toISOString().slice(0, 10);
  await storeRates(
    db,
    source,
    referenceRatesOf(update.publications),
    addDays(today, -RATES_KEPT_DAYS),
  );
  return { feed: update.feed, days: update.publications.length };
}

export async function reportingCurrencyOf(db: Database, teamId: string): Promise<string> {
  return (await findTeam(db, teamId))?.reportingCurrency ?? DEFAULT_REPORTING_CURRENCY;
}

/** Converts a company's money of other currencies into its reporting currency, day by day. */
export interface CurrencyConverter {
  reporting: string;
  source: RatesSource | null;
  /** Units of the reporting currency per unit of `currency`, for each day of `range`. */
  factors(currency: string, range: DateRange): DailyFactors;
}

/**
 * The converter of a company over the days of `range`: its reporting currency and the stored
 * rates of `currencies` it needs (none read when they are all the reporting currency).
 */
export async function currencyConverter(
  db: Database,
  teamId: string,
  currencies: Iterable<string>,
  range: DateRange,
): Promise<CurrencyConverter> {
  const reporting = await reportingCurrencyOf(db, teamId);
  const others = [...new Set(currencies)].filter((currency) => currency !== reporting);
  const [rates, stored] = others.length
    ? await Promise.all([
        findRates(db, [...others, reporting], addDays(range.start, -MAX_RATE_AGE_DAYS), range.end),
        findStoredSource(db),
      ])
    : [[], null];
  const history = new RatesHistory(rates);
  return {
    reporting,
    source: stored?.source ?? null,
    factors: (currency, days) => dailyFactors(history, currency, reporting, days),
  };
}

/**
 * Every stored rate over the days of `range` (and the week before, for its first days), to look
 * up the factor between any two currencies on any of its days (`factorOn`).
 */
export async function ratesOver(db: Database, range: DateRange): Promise<RatesHistory> {
  return new RatesHistory(
    await findRates(db, REPORTING_CURRENCIES, addDays(range.start, -MAX_RATE_AGE_DAYS), range.end),
  );
}
