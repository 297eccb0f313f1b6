import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage/browser-storage';
import { changeLocale, initI18n } from './i18n';

// Korean stands for a language whose chunk cannot be fetched (offline, a deployment replaced it).
vi.mock('../../locales/ko.json', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('languages', () => {
  it('bundles English only: another language is loaded when it is chosen', async () => {
    await initI18n('en');
    expect(i18next.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18next.hasResourceBundle('de', 'translation')).toBe(false);
  });

  it('loads German when it is chosen, then shows it and stores the choice', async () => {
    await initI18n('en');
    await changeLocale('de');
    expect(i18next.language).toBe('de');
    expect(i18next.t('login.title')).toBe('Bei Tapwise anmelden');
    expect(document.documentElement.lang).toBe('de');
    expect(window.localStorage.getItem(STORAGE_KEYS.locale)).toBe('de');
  });

  it('starts in a stored French choice, loaded before anything renders', async () => {
    window.localStorage.setItem(STORAGE_KEYS.locale, 'fr');
    await initI18n();
    expect(i18next.language).toBe('fr');
    expect(i18next.t('login.title')).toBe('Connexion à Tapwise');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('keeps English validation messages from the contracts', async () => {
    await initI18n('en');
    expect(i18next.t('validation.required')).toBe('This field is required.');
  });

  it('shows the last of two overlapping choices', async () => {
    await initI18n('en');
    await Promise.all([changeLocale('fr'), changeLocale('es')]);
    expect(i18next.language).toBe('es');
    expect(window.localStorage.getItem(STORAGE_KEYS.locale)).toBe('es');
  });

  it('keeps the current language when the chosen one cannot be loaded', async () => {
    await initI18n('en');
    await changeLocale('de');
    await expect(changeLocale('ko')).rejects.toThrow();
    expect(i18next.language).toBe('de');
    expect(i18next.t('login.title')).toBe('Bei Tapwise anmelden');
    expect(window.localStorage.getItem(STORAGE_KEYS.locale)).toBe('de');
  });

  it('starts in English, keeping the choice, when the stored language cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.localStorage.setItem(STORAGE_KEYS.locale, 'ko');
    await initI18n();
    expect(i18next.language).toBe('en');
    expect(i18next.t('login.title')).toBe('Sign in to Tapwise');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(STORAGE_KEYS.locale)).toBe('ko');
    expect(logged).toHaveBeenCalled();
  });
});
