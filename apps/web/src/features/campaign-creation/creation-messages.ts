// The server's campaign creation messages (CAMPAIGN_CREATION_MESSAGES) in the user's language.
import { CAMPAIGN_CREATION_MESSAGES, isValidationMessageKey } from '@tapwise/contracts';
import i18next from 'i18next';
import { ApiError } from '../../shared/api/http';

export type CreationMessage = keyof typeof CAMPAIGN_CREATION_MESSAGES;

const MESSAGE_KEYS = new Map<string, CreationMessage>(
  Object.entries(CAMPAIGN_CREATION_MESSAGES).map(([key, text]) => [text, key as CreationMessage]),
);

export const creationMessageKey = (key: CreationMessage) => `campaignCreation.messages.${key}`;

export function creationMessage(key: CreationMessage): string {
  return i18next.t(creationMessageKey(key));
}

/** A message the server sent, translated when it is one of CAMPAIGN_CREATION_MESSAGES. */
export function translatedCreationMessage(message: string): string {
  const key = MESSAGE_KEYS.get(message);
  return key ? creationMessage(key) : message;
}

/** Which of the creation messages a failed request carries, if any. */
export function creationMessageOf(error: unknown): CreationMessage | undefined {
  return error instanceof ApiError ? MESSAGE_KEYS.get(error.body?.message ?? '') : undefined;
}

/**
 * What to tell the user about a failed creation: its creation message, else the first field the
 * server refused (a change in Apple since the wizard checked, such as a product page removed),
 * else the general failure.
 */
export function creationFailureText(error: unknown): string {
  const key = creationMessageOf(error);
  if (key) return creationMessage(key);
  const details = error instanceof ApiError ? Object.values(error.body?.details ?? {}) : [];
  const field = details.find(isValidationMessageKey);
  return field ? i18next.t(field) : creationMessage('creationFailed');
}
