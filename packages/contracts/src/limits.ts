// Text and number limits of spec 1 §9 and spec 2 §5/§9, shared by the server schemas and the web forms.

/** Campaign, ad group and ad names must be *under* 200 characters, so 199 is the longest accepted. */
export const ENTITY_NAME_MAX_LENGTH = 199;
export const KEYWORD_MAX_LENGTH = 80;
export const STRATEGY_DESCRIPTION_MAX_LENGTH = 250;
/** First and last name. */
export const PERSON_NAME_MAX_LENGTH = 12;
export const GENERIC_TEXT_MIN_LENGTH = 2;
export const GENERIC_TEXT_MAX_LENGTH = 50;

export const CARD_NUMBER_LENGTH = 16;
export const CVV_LENGTH = 3;
/**
 * Saved cards are edited only by expiry; a date further ahead than this is a typo, not a card
 * (the spec asks for a "valid year" without a bound).
 */
export const CARD_EXPIRY_MAX_YEARS_AHEAD = 20;

/** A generator range (organic rank, popularity, total apps) must span *more than* this. */
export const GENERATOR_RANGE_GAP_MUST_EXCEED = 10;

/** Money is shown and entered with exactly this many decimals (en-US). */
export const MONEY_DECIMALS = 2;
/**
 * Integer digits accepted in a money string. 999,999,999.99 in micros stays below
 * Number.MAX_SAFE_INTEGER, so amounts convert to integer micros without loss.
 */
export const MONEY_MAX_INTEGER_DIGITS = 9;

/** E.164 allows at most 15 digits; 7 is the shortest full number in use (country code included). */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

/** Long data-request task texts are cut to this many characters in the task list. */
export const DATA_REQUEST_TASK_TEXT_MAX_LENGTH = 75;
