// i18next over the eight languages of spec 1 §1; the choice is stored locally. English, the default
// and the fallback, is bundled; every other language is its own chunk, loaded when it is chosen.
import {
  DEFAULT_LOCALE,
  SUPPORTED_LOCALES,
  isLocale,
  validationMessages,
  type Locale,
} from '@tapwise/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { withTimeout } from '../chunks/with-timeout';
import { STORAGE_KEYS, readStored, writeStored } from '../storage/browser-storage';

export type Translation = Record<string, unknown>;

/** English validation messages live with the schemas in contracts; other languages translate them. */
const englishValidation = Object.fromEntries(
  Object.entries(validationMessages).map(([key, text]) => [key.replace(/^validation\./, ''), text]),
);

const english: Translation = { ...en, validation: englishValidation };

// Written out rather than globbed so that a language added to SUPPORTED_LOCALES fails the type check
// until its file is loaded here.
const otherLanguages: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Translation }>> = {
  de: () => import('../../locales/de.json'),
  es: () => import('../../locales/es.json'),
  ko: () => import('../../locales/ko.json'),
  zh: () => import('../../locales/zh.json'),
  ja: () => import('../../locales/ja.json'),
  fr: () => import('../../locales/fr.json'),
  ru: () => import('../../locales/ru.json'),
};

/** A language's strings: English at once, any other from its chunk. */
export async function loadTranslation(locale: Locale): Promise<Translation> {
  if (locale === 'en') return english;
  const module = await withTimeout(otherLanguages[locale]);
  return module.default;
}

export function storedLocale(): Locale {
  const stored = readStored(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/**
 * Starts i18next in the stored language, loaded before the first render so that English never
 * flashes; if that language cannot be loaded, the app starts in English and keeps the choice.
 */
export async function initI18n(locale: Locale = storedLocale()) {
  const resources: Partial<Record<Locale, { translation: Translation }>> = {
    en: { translation: english },
  };
  let language = locale;
  if (locale !== DEFAULT_LOCALE) {
    try {
      resources[locale] = { translation: await loadTranslation(locale) };
    } catch (error) {
      console.error(`Unable to load the ${locale} translation`, error);
      language = DEFAULT_LOCALE;
    }
  }
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
  return i18next;
}

let latestChoice: Locale | undefined;

/**
 * Switches to a language once its strings are loaded. A failed load rejects and changes nothing;
 * when choices overlap, the last one wins.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  latestChoice = locale;
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    const translation = await loadTranslation(locale);
    i18next.addResourceBundle(locale, 'translation', translation);
  }
  if (latestChoice !== locale) return;
  writeStored(STORAGE_KEYS.locale, locale);
  document.documentElement.lang = locale;
  await i18next.changeLanguage(locale);
}
