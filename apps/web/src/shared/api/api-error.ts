// Reading an API failure for a form: field problems, and the failures that need their own words.
import { ERROR_CODES, isValidationMessageKey, type ErrorCode } from '@tapwise/contracts';
import { ApiError } from './http';

/** Field problems of a rejected input, as `validation.*` message keys keyed by field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const details = error instanceof ApiError ? (error.body?.details ?? {}) : {};
  // Only message keys can be shown in the user's language; other details stay with the alert.
  return Object.fromEntries(
    Object.entries(details).filter(([, message]) => isValidationMessageKey(message)),
  );
}

/** The API refused with this error code. */
export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiError && error.body?.code === code;
}

export function isRateLimited(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 429 || error.body?.code === ERROR_CODES.RATE_LIMITED)
  );
}
