// The server's scripted-rule messages (SCRIPTED_RULE_MESSAGES) in the user's language, and what a
// failed request shows: the server's own words when they are one of those messages.
import { SCRIPTED_RULE_MESSAGES } from '@tapwise/contracts';
import i18next from 'i18next';
import { ApiError } from '../../shared/api/http';
import { translatedAutomationMessage } from '../automation/automation-messages';

export type ScriptedRuleMessage = keyof typeof SCRIPTED_RULE_MESSAGES;

const MESSAGE_KEYS = new Map<string, ScriptedRuleMessage>(
  Object.entries(SCRIPTED_RULE_MESSAGES).map(([key, text]) => [text, key as ScriptedRuleMessage]),
);

/** A success or failure message of the server in the user's language, else as sent. */
export function translatedScriptMessage(message: string): string {
  const key = MESSAGE_KEYS.get(message);
  return key ? i18next.t(`scriptedRules.messages.${key}`) : translatedAutomationMessage(message);
}

/** Why a request failed, in words: a known message of the server's, else the fallback. */
export function scriptFailureMessage(error: unknown): string {
  const message = error instanceof ApiError ? error.body?.message : undefined;
  if (message && MESSAGE_KEYS.has(message)) return translatedScriptMessage(message);
  const automation = message ? translatedAutomationMessage(message) : undefined;
  return automation && automation !== message ? automation : i18next.t('errors.requestFailed');
}

/** The compiler's words for a script or function that does not compile (details.source/.code). */
export function compileProblem(error: unknown, field: 'source' | 'code'): string | undefined {
  const details = error instanceof ApiError ? error.body?.details : undefined;
  const problem = details?.[field];
  return typeof problem === 'string' && !problem.startsWith('validation.') ? problem : undefined;
}

/** The line a compiler message names ("... (line 3)"), else the first. */
export function problemLine(problem: string): number {
  const line = /\bline (\d+)/i.exec(problem)?.[1];
  return line ? Number(line) : 1;
}
