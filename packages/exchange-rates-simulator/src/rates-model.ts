// A deterministic market of euro reference rates: each currency drifts slowly around a realistic
// level (a yearly swing, a monthly one and a little daily noise, all from the date alone), and a
// day has rates only when the ECB would publish them (TARGET working days).
import { isTargetClosingDay, type RatesPublication } from '@tapwise/exchange-rates';

/** Units per euro around which each currency the ECB quotes moves. */
export const SIMULATED_LEVELS: Readonly<Record<string, number>> = {
  USD: 1.09,
  JPY: 162.5,
  CZK: 25.1,
  DKK: 7.46,
  GBP: 0.858,
  HUF: 392.4,
  PLN: 4.31,
  RON: 4.97,
  SEK: 11.42,
  CHF: 0.962,
  ISK: 149.8,
  NOK: 11.61,
  TRY: 36.9,
  AUD: 1.64,
  BRL: 5.97,
  CAD: 1.49,
  CNY: 7.84,
  HKD: 8.49,
  IDR: 17_420,
  ILS: 4.05,
  INR: 91.3,
  KRW: 1_475,
  MXN: 19.9,
  MYR: 5.02,
  NZD: 1.79,
  PHP: 62.4,
  SGD: 1.46,
  THB: 38.6,
  ZAR: 20.1,
};

const DAY_MS = 86_400_000;

/** A number in [0, 1) from a string (FNV-1a), the same on every run. */
function unit(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 2 ** 32;
}

/** Five significant figures, as the ECB quotes (1.0876, 162.47, 17420). */
function quoted(value: number): number {
  return Number(value.toPrecision(5));
}

/** The simulated rate of one currency on one day (published or not). */
export function simulatedRate(currency: string, date: string): number {
  const level = SIMULATED_LEVELS[currency];
  if (level === undefined) throw new Error(`The simulator quotes no ${currency}`);
  const day = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
  const phase = unit(currency) * 2 * Math.PI;
  const yearly = 0.04 * Math.sin((2 * Math.PI * day) / 365.25 + phase);
  const monthly = 0.012 * Math.sin((2 * Math.PI * day) / 29.5 + 2 * phase);
  const daily = 0.004 * (unit(`${currency}:${date}`) - 0.5);
  return quoted(level * (1 + yearly + monthly + daily));
}

/** The rates published for a day, or null on a TARGET closing day. */
export function simulatedPublication(date: string): RatesPublication | null {
  if (isTargetClosingDay(date)) return null;
  const unitsPerEuro: Record<string, number> = {};
  for (const currency of Object.keys(SIMULATED_LEVELS))
    unitsPerEuro[currency] = simulatedRate(currency, date);
  return { date, unitsPerEuro };
}
