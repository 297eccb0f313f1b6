// Payment card rules of spec 2 §5: number, expiry MM/YYYY and CVV. Only the expiry of a saved
// card can be edited, so the update schema holds nothing else.
import * as z from 'zod';
import { CARD_EXPIRY_MAX_YEARS_AHEAD, CARD_NUMBER_LENGTH, CVV_LENGTH } from '../limits';
import { allowedCharacters, required, textSchema, type TextRule } from './text-rules';

/** Digits only: the form strips the spaces it shows between groups before validating. */
export const cardNumberSchema = textSchema([
  required,
  allowedCharacters(new RegExp(`^\\d{${CARD_NUMBER_LENGTH}}$`), 'validation.cardNumberInvalid'),
]);

export const cvvSchema = textSchema([
  required,
  allowedCharacters(new RegExp(`^\\d{${CVV_LENGTH}}$`), 'validation.cvvInvalid'),
]);

export interface CardExpiry {
  month: number;
  year: number;
}

/** Month and year of an "MM/YYYY" string; undefined when the shape or month is wrong. */
export function parseCardExpiry(value: string): CardExpiry | undefined {
  const match = /^(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

/**
 * A card is valid through the last day of its expiry month, so the current month passes. "Now"
 * is read in UTC like every date of the product, and injected so tests can pin it.
 */
export function createCardExpirySchema(now: () => Date = () => new Date()) {
  const expiryRule: TextRule = (value) => {
    if (!/^\d{2}\/\d{4}$/.test(value)) return 'validation.cardExpiryFormat';
    const expiry = parseCardExpiry(value);
    if (!expiry) return 'validation.cardExpiryMonth';
    const today = now();
    const currentYear = today.getUTCFullYear();
    const expiryIndex = expiry.year * 12 + expiry.month;
    const currentIndex = currentYear * 12 + today.getUTCMonth() + 1;
    if (expiryIndex < currentIndex) return 'validation.cardExpiryPast';
    if (expiry.year > currentYear + CARD_EXPIRY_MAX_YEARS_AHEAD) return 'validation.cardExpiryYear';
    return undefined;
  };
  return textSchema([required, expiryRule]);
}

export const cardExpirySchema = createCardExpirySchema();

export const newCardSchema = z.object({
  number: cardNumberSchema,
  expiry: cardExpirySchema,
  cvv: cvvSchema,
});

/** Editing a saved card: any field besides the expiry is refused, not ignored. */
export const savedCardUpdateSchema = z.strictObject({ expiry: cardExpirySchema });

export type CardNumber = z.infer<typeof cardNumberSchema>;
export type Cvv = z.infer<typeof cvvSchema>;
export type NewCard = z.infer<typeof newCardSchema>;
export type SavedCardUpdate = z.infer<typeof savedCardUpdateSchema>;
