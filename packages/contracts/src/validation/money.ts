// Money as entered and as sent to Apple: a positive decimal string with at most 2 decimals
// (budget, default max CPT bid, daily cap, CPA goal).
import type * as z from 'zod';
import { MONEY_DECIMALS, MONEY_MAX_INTEGER_DIGITS } from '../limits';
import { optionalTextSchema, required, textSchema, type TextRule } from './text-rules';

/** Plain digits, a point, up to two decimals; no sign, exponent, thousands separator or leading zero. */
const MONEY_PATTERN = new RegExp(`^(0|[1-9]\\d*)(\\.\\d{1,${MONEY_DECIMALS}})?$`);

const moneyFormat: TextRule = (value) =>
  MONEY_PATTERN.test(value) ? undefined : 'validation.moneyInvalid';

const moneyInRange: TextRule = (value) => {
  const [whole = '', fraction = ''] = value.split('.');
  if (whole.length > MONEY_MAX_INTEGER_DIGITS) return 'validation.moneyTooLarge';
  return /[1-9]/.test(whole + fraction) ? undefined : 'validation.moneyNotPositive';
};

const moneyRule = [required, moneyFormat, moneyInRange];

export const moneySchema = textSchema(moneyRule);
/** "Valid when given": an absent or empty amount passes. */
export const optionalMoneySchema = optionalTextSchema(moneyRule);

export const budgetSchema = moneySchema;
export const defaultBidSchema = moneySchema;
export const dailyCapSchema = optionalMoneySchema;
export const cpaGoalSchema = optionalMoneySchema;

export type MoneyString = z.infer<typeof moneySchema>;
export type OptionalMoneyString = z.infer<typeof optionalMoneySchema>;

/**
 * Integer micros of a money string that passed moneySchema, computed on the digits so no float
 * rounding creeps in ("0.1" is exactly 100000).
 */
export function moneyToMicros(amount: MoneyString): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
}
