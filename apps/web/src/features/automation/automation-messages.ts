// The words of automation rules in the user's language: the server's messages (spec 1 §8 and
// AUTOMATION_MESSAGES), the spec's rule and log statuses, and what a failed request shows.
import { AUTOMATION_MESSAGES } from '@tapwise/contracts';
import i18next from 'i18next';
import { ApiError } from '../../shared/api/http';

export type AutomationMessage = keyof typeof AUTOMATION_MESSAGES;

const MESSAGE_KEYS = new Map<string, AutomationMessage>(
  Object.entries(AUTOMATION_MESSAGES).map(([key, text]) => [text, key as AutomationMessage]),
);

export function automationMessage(key: AutomationMessage): string {
  return i18next.t(`automation.page.messages.${key}`);
}

/** The server's message in the user's language when it is one of AUTOMATION_MESSAGES, else as sent. */
export function translatedAutomationMessage(message: string): string {
  const key = MESSAGE_KEYS.get(message);
  return key ? automationMessage(key) : message;
}

/**
 * Why a request failed: the server's own automation message (kill switch on, nothing to revert,
 * ...) in the user's language, else the fallback.
 */
export function automationFailureMessage(error: unknown, fallback: string): string {
  const key = error instanceof ApiError ? MESSAGE_KEYS.get(error.body?.message ?? '') : undefined;
  return key ? automationMessage(key) : fallback;
}

/** A rule or log status ("RE ACTIVATED", "NO CAMPAIGNS FOUND TO PROCESS") as shown to the user. */
export function statusLabel(status: string): string {
  const key = status.replace(/[^A-Za-z]+/g, '_');
  return i18next.t(`automation.page.statuses.${key}`, { defaultValue: status });
}

/** A colour per status: green done, red failed, grey quiet, blue in progress. */
export function statusColor(status: string): string {
  if (status === 'FAILED' || status === 'LAST RUN FAILED') return 'red';
  if (status === 'SUCCESS' || status === 'ENABLED' || status === 'RE ACTIVATED') return 'teal';
  if (status === 'PENDING') return 'blue';
  if (status === 'CONDITION MATCHED') return 'yellow';
  return 'gray';
}
