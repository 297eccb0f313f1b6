// What a refused request shows: the server's organic ranking message in the user's language,
// a validation message by its key, else the generic failure.
import { ORGANIC_RANKING_MESSAGES, type OrganicRankingMessage } from '@tapwise/contracts';
import i18next from 'i18next';
import { ApiError } from '../../shared/api/http';

const MESSAGE_KEYS = new Map<string, OrganicRankingMessage>(
  Object.entries(ORGANIC_RANKING_MESSAGES).map(([key, text]) => [
    text,
    key as OrganicRankingMessage,
  ]),
);

export function organicRankingFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return i18next.t('errors.requestFailed');
  const key = MESSAGE_KEYS.get(error.body?.message ?? '');
  if (key) return i18next.t(`organicRanking.messages.${key}`);
  const detail = Object.values(error.body?.details ?? {})[0];
  if (detail && i18next.exists(detail)) return i18next.t(detail);
  return i18next.t('errors.requestFailed');
}
