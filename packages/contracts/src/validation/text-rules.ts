// Building blocks of the text rules: each rule returns the message key of its failure, and a text
// schema reports only the first failing rule so a form shows one message per field.
import * as z from 'zod';
import type { ValidationMessageKey } from './messages';

export type TextRule = (value: string) => ValidationMessageKey | undefined;

/**
 * Characters are counted as Unicode code points of the NFC form, so "é" typed either way counts
 * once and a letter outside the Basic Multilingual Plane is not counted twice.
 */
export function characterCount(value: string): number {
  return [...value.normalize('NFC')].length;
}

export const required: TextRule = (value) =>
  value.trim() === '' ? 'validation.required' : undefined;

export const noEdgeWhitespace: TextRule = (value) =>
  /^\s|\s$/u.test(value) ? 'validation.edgeWhitespace' : undefined;

/** Words are separated by one plain space: no runs of spaces, no tabs or line breaks. */
export const singleWhitespace: TextRule = (value) =>
  / {2}|[^\S ]/u.test(value) ? 'validation.singleWhitespace' : undefined;

export function allowedCharacters(pattern: RegExp, key: ValidationMessageKey): TextRule {
  return (value) => (pattern.test(value) ? undefined : key);
}

export function maxLength(max: number, key: ValidationMessageKey): TextRule {
  return (value) => (characterCount(value) > max ? key : undefined);
}

export function lengthBetween(min: number, max: number, key: ValidationMessageKey): TextRule {
  return (value) => {
    const count = characterCount(value);
    return count < min || count > max ? key : undefined;
  };
}

export function firstFailure(rules: readonly TextRule[], value: string) {
  for (const rule of rules) {
    const key = rule(value);
    if (key !== undefined) return key;
  }
  return undefined;
}

/** A required string checked by `rules` in order; a missing or non-string value is "required". */
export function textSchema(rules: readonly TextRule[]) {
  return z.string({ error: 'validation.required' }).superRefine((value, ctx) => {
    const key = firstFailure(rules, value);
    if (key !== undefined) ctx.addIssue({ code: 'custom', message: key });
  });
}

/** Like textSchema, but an absent or empty value means "not given" and passes. */
export function optionalTextSchema(rules: readonly TextRule[]) {
  return z
    .string({ error: 'validation.required' })
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined || value === '') return;
      const key = firstFailure(rules, value);
      if (key !== undefined) ctx.addIssue({ code: 'custom', message: key });
    });
}
