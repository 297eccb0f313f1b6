// The server's generator messages (GENERATOR_MESSAGES) in the user's language.
import { GENERATOR_MESSAGES } from '@tapwise/contracts';
import i18next from 'i18next';
import { ApiError } from '../../shared/api/http';

export type GeneratorMessage = keyof typeof GENERATOR_MESSAGES;

const MESSAGE_KEYS = new Map<string, GeneratorMessage>(
  Object.entries(GENERATOR_MESSAGES).map(([key, text]) => [text, key as GeneratorMessage]),
);

export function generatorMessage(key: GeneratorMessage): string {
  return i18next.t(`campaignGenerator.messages.${key}`);
}

/** A message the server sent (a failure stored on a generation), translated when it is known. */
export function translatedGeneratorMessage(message: string): string {
  const key = MESSAGE_KEYS.get(message);
  return key ? generatorMessage(key) : message;
}

/** What to tell the user about a failed request: its generator message, else `fallback`. */
export function generatorFailureText(error: unknown, fallback = 'errors.requestFailed'): string {
  const key = error instanceof ApiError ? MESSAGE_KEYS.get(error.body?.message ?? '') : undefined;
  return key ? generatorMessage(key) : i18next.t(fallback);
}
