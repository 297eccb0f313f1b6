// What the ECB publishes: on each TARGET working day, how many units of each currency one euro buys.

/** One day's euro reference rates (1 EUR = unitsPerEuro[currency] units of the currency). */
export interface RatesPublication {
  /** The reference day, YYYY-MM-DD. */
  date: string;
  unitsPerEuro: Readonly<Record<string, number>>;
}

/** One stored rate: a currency on a reference day. */
export interface ReferenceRate {
  date: string;
  currency: string;
  unitsPerEuro: number;
}

export type ExchangeRatesErrorKind = 'network' | 'http' | 'format';

/** A feed that could not be read: unreachable, refused, or not the ECB's format. */
export class ExchangeRatesError extends Error {
  override name = 'ExchangeRatesError';
  constructor(
    readonly kind: ExchangeRatesErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
