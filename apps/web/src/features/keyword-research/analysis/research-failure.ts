// What a research question that the server refused says: the input rule it broke, an app the
// storefront does not have, or an App Store that did not answer; anything else is generic.
import { ERROR_CODES, isValidationMessageKey } from '@tapwise/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/api/http';

export function researchFailureText(error: unknown, t: TFunction): string {
  const body = error instanceof ApiError ? error.body : undefined;
  const rule = Object.values(body?.details ?? {}).find(isValidationMessageKey);
  if (rule) return t(rule);
  switch (body?.code) {
    case ERROR_CODES.NOT_FOUND:
      return t('keywordAnalysis.state.appNotFound');
    case ERROR_CODES.APP_STORE_UNAVAILABLE:
    case ERROR_CODES.APPLE_ADS_READ_FAILED:
      return t('keywordAnalysis.state.sourceUnavailable');
    default:
      return t('errors.loadFailed');
  }
}
