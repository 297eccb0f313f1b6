import { AUTOMATION_LOG_STATUSES, AUTOMATION_MESSAGES, ERROR_CODES } from '@tapwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/http';
import { changeLocale, initI18n } from '../../shared/i18n/i18n';
import {
  automationFailureMessage,
  statusLabel,
  translatedAutomationMessage,
} from './automation-messages';

beforeAll(() => initI18n('en'));

describe('automation messages', () => {
  it("keeps the spec's English wording of every server message", () => {
    for (const text of Object.values(AUTOMATION_MESSAGES)) {
      expect(translatedAutomationMessage(text)).toBe(text);
    }
  });

  it('translates the server messages and leaves unknown ones as sent', async () => {
    await changeLocale('de');
    expect(translatedAutomationMessage(AUTOMATION_MESSAGES.enabled)).toBe(
      'Regel erfolgreich aktiviert',
    );
    expect(translatedAutomationMessage('Apple said no')).toBe('Apple said no');
    await changeLocale('en');
  });

  it('names every rule and log status of the spec, spaces and slash included', () => {
    const labels = AUTOMATION_LOG_STATUSES.map(statusLabel);
    expect(statusLabel('RE ACTIVATED')).toBe('Re-activated');
    expect(statusLabel('ASA/MMP CONDITION NOT MATCHED')).toBe('ASA/MMP condition not matched');
    // Each status has its own words, not the raw status sent back.
    expect(labels.filter((label, index) => label === AUTOMATION_LOG_STATUSES[index])).toEqual([]);
  });

  it("shows the server's automation message for a refusal, else the fallback", () => {
    const refused = new ApiError(423, {
      code: ERROR_CODES.AUTOMATION_SWITCHED_OFF,
      error: 'AUTOMATION_SWITCHED_OFF',
      message: AUTOMATION_MESSAGES.globalKillSwitchOn,
    });
    expect(automationFailureMessage(refused, 'fallback')).toBe(
      AUTOMATION_MESSAGES.globalKillSwitchOn,
    );
    expect(automationFailureMessage(new ApiError(500, undefined), 'fallback')).toBe('fallback');
    expect(automationFailureMessage(new Error('network'), 'fallback')).toBe('fallback');
  });
});
