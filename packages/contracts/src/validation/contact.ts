// Phone and e-mail rules of spec 2 §5.
import type * as z from 'zod';
import { regexes } from 'zod';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '../limits';
import { required, textSchema, type TextRule } from './text-rules';

/** RFC 5321 caps a forward path at 254 characters. */
const EMAIL_MAX_LENGTH = 254;

const noSpaces: TextRule = (value) => (/\s/u.test(value) ? 'validation.emailHasSpaces' : undefined);
const emailFormat: TextRule = (value) =>
  value.length <= EMAIL_MAX_LENGTH && regexes.email.test(value)
    ? undefined
    : 'validation.emailInvalid';

export const emailRule: readonly TextRule[] = [required, noSpaces, emailFormat];
export const emailSchema = textSchema(emailRule);

/**
 * An optional leading +, digits, and single separators (space, hyphen, period) with at most one
 * pair of parentheses, e.g. "+1 (415) 555-0100"; 7 to 15 digits as E.164 allows.
 */
const phoneFormat: TextRule = (value) => {
  const shape = /^\+?[0-9(][0-9 ().-]*[0-9]$/;
  const separatorsSingle = !/[ .-]{2}/.test(value);
  const parenthesesPaired = /^[^()]*(\([0-9]+\)[^()]*)?$/.test(value);
  const digits = value.replace(/\D/g, '').length;
  return shape.test(value) &&
    separatorsSingle &&
    parenthesesPaired &&
    digits >= PHONE_MIN_DIGITS &&
    digits <= PHONE_MAX_DIGITS
    ? undefined
    : 'validation.phoneInvalid';
};

export const phoneSchema = textSchema([required, phoneFormat]);

export type Email = z.infer<typeof emailSchema>;
export type Phone = z.infer<typeof phoneSchema>;
