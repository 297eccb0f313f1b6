// The server's campaign creation messages (CAMPAIGN_CREATION_MESSAGES) in the user's language.
import { CAMPAIGN_CREATION_MESSAGES } from '@tapwise/contracts';
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
