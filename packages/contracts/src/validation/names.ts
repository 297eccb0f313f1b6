// The shared name rule of spec 2 §5 ("special characters not allowed; only single whitespace")
// and the name-like fields built on it. docs/contracts-validation.md records the character sets.
import type * as z from 'zod';
import {
  ENTITY_NAME_MAX_LENGTH,
  GENERIC_TEXT_MAX_LENGTH,
  GENERIC_TEXT_MIN_LENGTH,
  KEYWORD_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  STRATEGY_DESCRIPTION_MAX_LENGTH,
} from '../limits';
import {
  allowedCharacters,
  lengthBetween,
  maxLength,
  noEdgeWhitespace,
  optionalTextSchema,
  required,
  singleWhitespace,
  textSchema,
  type TextRule,
} from './text-rules';

/**
 * Letters and digits of every script (with combining marks, which Hindi, Thai and decomposed
 * accents need), space, and the punctuation names carry in practice: hyphen, apostrophe (straight
 * and the typographic one iOS inserts), period, underscore, ampersand.
 */
export const NAME_CHARACTERS = /^[\p{L}\p{M}\p{Nd} \-'’._&]*$/u;
/** Person names: letters, marks, space, hyphen, apostrophes and period; no digits or symbols. */
export const PERSON_NAME_CHARACTERS = /^[\p{L}\p{M} \-'’.]*$/u;
/** "Alphanumeric only": letters and digits of every script, and single spaces between words. */
export const ALPHANUMERIC_CHARACTERS = /^[\p{L}\p{M}\p{Nd} ]*$/u;

const nameRule: readonly TextRule[] = [
  required,
  noEdgeWhitespace,
  singleWhitespace,
  allowedCharacters(NAME_CHARACTERS, 'validation.specialCharacters'),
];

const personNameRule: readonly TextRule[] = [
  required,
  noEdgeWhitespace,
  singleWhitespace,
  allowedCharacters(PERSON_NAME_CHARACTERS, 'validation.specialCharacters'),
  maxLength(PERSON_NAME_MAX_LENGTH, 'validation.personNameTooLong'),
];

const entityNameRule = [...nameRule, maxLength(ENTITY_NAME_MAX_LENGTH, 'validation.nameTooLong')];
const genericTextRule = [
  ...nameRule,
  lengthBetween(GENERIC_TEXT_MIN_LENGTH, GENERIC_TEXT_MAX_LENGTH, 'validation.textLength'),
];

export const campaignNameSchema = textSchema(entityNameRule);
export const adGroupNameSchema = textSchema(entityNameRule);
export const adNameSchema = textSchema(entityNameRule);
export const keywordTextSchema = textSchema([
  ...nameRule,
  maxLength(KEYWORD_MAX_LENGTH, 'validation.keywordTooLong'),
]);

export const firstNameSchema = textSchema(personNameRule);
/** The spec makes only the first name required; an empty last name is "not given". */
export const lastNameSchema = optionalTextSchema(personNameRule);

/** Free text fields of 2 to 50 characters: rule, report, goal and template names. */
export const genericTextSchema = textSchema(genericTextRule);
export const companyNameSchema = textSchema(genericTextRule);
export const jobTitleSchema = textSchema(genericTextRule);
export const goalNameSchema = textSchema(genericTextRule);

export const strategyDescriptionSchema = textSchema([
  required,
  noEdgeWhitespace,
  singleWhitespace,
  allowedCharacters(ALPHANUMERIC_CHARACTERS, 'validation.alphanumericOnly'),
  maxLength(STRATEGY_DESCRIPTION_MAX_LENGTH, 'validation.strategyDescriptionTooLong'),
]);

export type CampaignName = z.infer<typeof campaignNameSchema>;
export type AdGroupName = z.infer<typeof adGroupNameSchema>;
export type AdName = z.infer<typeof adNameSchema>;
export type KeywordText = z.infer<typeof keywordTextSchema>;
export type FirstName = z.infer<typeof firstNameSchema>;
export type LastName = z.infer<typeof lastNameSchema>;
export type GenericText = z.infer<typeof genericTextSchema>;
export type CompanyName = z.infer<typeof companyNameSchema>;
export type JobTitle = z.infer<typeof jobTitleSchema>;
export type StrategyDescription = z.infer<typeof strategyDescriptionSchema>;
