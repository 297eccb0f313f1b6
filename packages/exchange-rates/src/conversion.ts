// Converting money between currencies at daily reference rates. Every rate is against the euro,
// so a cross rate is the ratio of two; a day without a publication (weekend, TARGET holiday, or
// today before 16:00 CET) takes the last rate published before it, at most MAX_RATE_AGE_DAYS old.
import { addDays, dayNumber } from './calendar.js';
import type { ReferenceRate } from './types.js';

export const EURO = 'EUR';

/**
 * How old the last published rate may be for a day: long enough for the longest TARGET closing
 * (Good Friday to Easter Monday, or Christmas to the weekend after) and a publication late by a
 * day or two; an older one means the rates have stopped arriving, and nothing is converted.
 */
export const MAX_RATE_AGE_DAYS = 7;

/** The rates known for some currencies, each looked up for a day by the last-published rule. */
export class RatesHistory {
  private readonly byCurrency = new Map<string, ReferenceRate[]>();

  constructor(rates: Iterable<ReferenceRate>) {
    for (const rate of rates) {
      const list = this.byCurrency.get(rate.currency);
      if (list) list.push(rate);
      else this.byCurrency.set(rate.currency, [rate]);
    }
    for (const list of this.byCurrency.values()) list.sort((a, b) => a.date.localeCompare(b.date));
  }

  /** The rate that applies on a day, or null when none was published in the last week. */
  rateOn(currency: string, day: string): ReferenceRate | null {
    if (currency === EURO) return { date: day, currency, unitsPerEuro: 1 };
    const list = this.byCurrency.get(currency);
    if (!list) return null;
    // The last rate on or before the day (binary search: lists span years).
    let low = 0;
    let high = list.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (list[middle]!.date <= day) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    const rate = found < 0 ? null : list[found]!;
    return rate && dayNumber(day) - dayNumber(rate.date) <= MAX_RATE_AGE_DAYS ? rate : null;
  }

  /** Units of `to` one unit of `from` buys on a day; null without both rates. */
  factorOn(from: string, to: string, day: string): number | null {
    if (from === to) return 1;
    const source = this.rateOn(from, day);
    const target = this.rateOn(to, day);
    return source && target ? target.unitsPerEuro / source.unitsPerEuro : null;
  }
}

/** The factor of every day of a range, in order, or the days that have none. */
export type DailyFactors =
  | { complete: true; days: string[]; factors: number[] }
  | { complete: false; missingDays: string[] };

export function dailyFactors(
  history: RatesHistory,
  from: string,
  to: string,
  range: { start: string; end: string },
): DailyFactors {
  const days: string[] = [];
  const factors: number[] = [];
  const missingDays: string[] = [];
  for (let day = range.start; day <= range.end; day = addDays(day, 1)) {
    const factor = history.factorOn(from, to, day);
    if (factor === null) missingDays.push(day);
    else {
      days.push(day);
      factors.push(factor);
    }
  }
  return missingDays.length ? { complete: false, missingDays } : { complete: true, days, factors };
}

/** An amount in micros times a factor, to whole micros (half away from zero). */
export function convertMicros(micros: number, factor: number): number {
  const exact = micros * factor;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** The rates of publications as stored rows. */
export function referenceRatesOf(
  publications: readonly { date: string; unitsPerEuro: Readonly<Record<string, number>> }[],
): ReferenceRate[] {
  return publications.flatMap((publication) =>
    Object.entries(publication.unitsPerEuro).map(([currency, unitsPerEuro]) => ({
      date: publication.date,
      currency,
      unitsPerEuro,
    })),
  );
}
