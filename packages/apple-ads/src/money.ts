// Money crosses the Apple boundary as decimal strings ("12.50") and lives in Tapwise as integer
// micros (12_500_000). Conversions are exact: no floating-point arithmetic on amounts.

const MICROS_PER_UNIT = 1_000_000;

/** "12.5" -> 12_500_000. Accepts up to six decimals; rejects anything else. */
export function amountToMicros(amount: string): number {
  const match = /^(-)?(\d+)(?:\.(\d{1,6}))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${JSON.stringify(amount)}`);
  const micros = Number(match[2]) * MICROS_PER_UNIT + Number((match[3] ?? '').padEnd(6, '0'));
  if (!Number.isSafeInteger(micros)) throw new RangeError(`amount out of range: ${amount}`);
  return match[1] ? -micros : micros;
}

/**
 * 12_500_000 -> "12.50". Apple accepts at most two decimals, so sub-cent micros are refused
 * rather than silently rounded into a different bid or budget.
 */
export function microsToAmount(micros: number): string {
  if (!Number.isSafeInteger(micros))
    throw new RangeError(`micros must be a safe integer: ${micros}`);
  if (micros % 10_000 !== 0)
    throw new RangeError(`amount has more than two decimals: ${micros} micros`);
  const sign = micros < 0 ? '-' : '';
  const cents = Math.abs(micros) / 10_000;
  return `${sign}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export interface Money {
  amount: string;
  currency: string;
}

export function moneyFromMicros(micros: number, currency: string): Money {
  return { amount: microsToAmount(micros), currency };
}

/** Tolerates null and missing amounts in report rows (zero metrics are omitted). */
export function moneyToMicros(money: Money | null | undefined): number {
  return money ? amountToMicros(money.amount) : 0;
}
