// Interface languages of spec 1 §1 and 2 §9; English is the default and the fallback.
export const SUPPORTED_LOCALES = ['en', 'de', 'es', 'ko', 'zh', 'ja', 'fr', 'ru'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, for the language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  ko: '한국어',
  zh: '中文',
  ja: '日本語',
  fr: 'Français',
  ru: 'Русский',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}
