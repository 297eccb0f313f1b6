import {
  ADS_MANAGER_MESSAGES,
  SUPPORTED_LOCALES,
  type AdsManagerMessage,
} from '@tapwise/contracts';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, initI18n } from '../../../shared/i18n/i18n';
import { adsMessage, translatedServerMessage } from './write-feedback';

beforeAll(async () => {
  await initI18n('en');
});
afterAll(() => changeLocale('en'));

const keys = Object.keys(ADS_MANAGER_MESSAGES) as AdsManagerMessage[];

describe('ads manager messages', () => {
  it("are the spec's wording in English", () => {
    expect(keys.map(adsMessage)).toEqual(Object.values(ADS_MANAGER_MESSAGES));
  });

  it.each(SUPPORTED_LOCALES)('has every message of the contracts in %s', async (locale) => {
    await changeLocale(locale);
    const missing = keys.filter((key) => !i18next.exists(`adsActions.messages.${key}`));
    expect(missing).toEqual([]);
  });

  it("translates the server's spec messages and keeps other text as sent", async () => {
    await changeLocale('de');
    expect(translatedServerMessage(ADS_MANAGER_MESSAGES.bidChanged)).toBe(
      'Gebotsbetrag erfolgreich geändert',
    );
    expect(translatedServerMessage('KEYWORD_NOT_FOUND')).toBe('KEYWORD_NOT_FOUND');
  });
});
