// i18next over the eight bundled languages; the choice is stored locally (spec 1 §1).
import {
  DEFAULT_LOCALE,
  SUPPORTED_LOCALES,
  isLocale,
  validationMessages,
  type Locale,
} from '@tapwise/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import fr from '../../locales/fr.json';
import ja from '../../locales/ja.json';
import ko from '../../locales/ko.json';
import ru from '../../locales/ru.json';
import zh from '../../locales/zh.json';
import { STORAGE_KEYS, readStored, writeStored } from '../storage/browser-storage';

/** English validation messages live with the schemas in contracts; other languages translate them. */
const englishValidation = Object.fromEntries(
  Object.entries(validationMessages).map(([key, text]) => [key.replace(/^validation\./, ''), text]),
);

export const translations: Record<Locale, Record<string, unknown>> = {
  en: { ...en, validation: englishValidation },
  de,
  es,
  ko,
  zh,
  ja,
  fr,
  ru,
};

export function storedLocale(): Locale {
  const stored = readStored(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export async function initI18n(locale: Locale = storedLocale()) {
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    resources: Object.fromEntries(
      SUPPORTED_LOCALES.map((lng) => [lng, { translation: translations[lng] }]),
    ),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = locale;
  return i18next;
}

export async function changeLocale(locale: Locale): Promise<void> {
  writeStored(STORAGE_KEYS.locale, locale);
  document.documentElement.lang = locale;
  await i18next.changeLanguage(locale);
}
