// What a failed generation means for the member: no credits of their own, the installation's
// monthly limit reached, a model that did not answer usefully (no credit spent), or anything else.
import { ERROR_CODES, KEYWORD_AI_MESSAGES } from '@tapwise/contracts';
import { ApiError } from '../../shared/api/http';

export type SuggestionFailure = 'noCredits' | 'globalLimit' | 'modelFailed' | 'failed';

export function suggestionFailure(error: unknown): SuggestionFailure {
  const body = error instanceof ApiError ? error.body : undefined;
  if (body?.code === ERROR_CODES.AI_CREDITS_EXHAUSTED) {
    // Both limits share the code; the global one has its own message.
    return body.message === KEYWORD_AI_MESSAGES.globalLimitReached ? 'globalLimit' : 'noCredits';
  }
  if (body?.code === ERROR_CODES.AI_MODEL_FAILED) return 'modelFailed';
  return 'failed';
}
