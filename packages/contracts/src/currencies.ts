// Money of several currencies (spec 1: "Currency held globally, default USD"): the company's
// reporting currency, the currencies it can be, and the totals a report gives when its rows are
// in more than one. Two currencies are never added: each has its own totals, and a total in the
// reporting currency is converted at daily reference rates and says so.
import { z } from 'zod';
import type { GoalCounts } from './goal-metrics';
import type { MetricCounts } from './metrics';
import { DEFAULT_CURRENCY } from './ui';

/**
 * The currencies a company can report in: the euro and every currency the ECB publishes a daily
 * reference rate for.
 */
export const REPORTING_CURRENCIES = [
  'USD',
  'EUR',
  'AUD',
  'BRL',
  'CAD',
  'CHF',
  'CNY',
  'CZK',
  'DKK',
  'GBP',
  'HKD',
  'HUF',
  'IDR',
  'ILS',
  'INR',
  'ISK',
  'JPY',
  'KRW',
  'MXN',
  'MYR',
  'NOK',
  'NZD',
  'PHP',
  'PLN',
  'RON',
  'SEK',
  'SGD',
  'THB',
  'TRY',
  'ZAR',
] as const;
export type ReportingCurrency = (typeof REPORTING_CURRENCIES)[number];
export const DEFAULT_REPORTING_CURRENCY: ReportingCurrency = DEFAULT_CURRENCY;

export const reportingCurrencySchema = z.enum(REPORTING_CURRENCIES, {
  error: 'validation.currencyInvalid',
});

/** Where the daily rates come from: the ECB, or the simulator of a demo or test installation. */
export const RATES_SOURCES = ['ECB', 'SIMULATOR'] as const;
export type RatesSource = (typeof RATES_SOURCES)[number];

/** The counts of the rows in one currency; their money is in that currency. */
export interface CurrencyCounts {
  currency: string;
  counts: MetricCounts;
  /** With a goal picked: the partner counts of the same rows (revenue in this currency). */
  goalCounts?: GoalCounts;
}

/**
 * Every row's counts in the reporting currency: spend converted day by day at the reference rate
 * of its day. `counts` is null when a currency of the rows has no rate for a day of the period
 * (`unconvertible` names them): nothing is then converted rather than something left out.
 */
export interface ConvertedTotals {
  currency: string;
  counts: MetricCounts | null;
  /** With a goal picked; null exactly when `counts` is. */
  goalCounts?: GoalCounts | null;
  unconvertible: string[];
  source: RatesSource | null;
}

/** A report's totals row: one per currency, and the converted total when any was converted. */
export interface ReportTotals {
  byCurrency: CurrencyCounts[];
  /** Null when every row is in the reporting currency (or there are none). */
  converted: ConvertedTotals | null;
}

/** The company's currency settings and the ad accounts' own currencies (getCurrencyInfo). */
export interface CurrencyInfo {
  /** The reporting currency. */
  currency: string;
  accounts: {
    adAccountId: number;
    orgId: number;
    orgName: string;
    currency: string;
    timeZone: string;
  }[];
  rates: { source: RatesSource | null; latestDay: string | null };
}

/** Reporting currency first, then the others by code: the order totals are listed in. */
export function currencyOrder(reporting: string) {
  return (a: string, b: string) =>
    (a === reporting ? 0 : 1) - (b === reporting ? 0 : 1) || a.localeCompare(b);
}
