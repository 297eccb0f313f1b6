// Languages of the App Store: the ad-supported languages of each storefront of the market model,
// and the locales of an app's default product page (one per storefront it is published in) and
// of its custom product pages (a seeded subset). Texts are English in every locale.
import { COUNTRIES } from '../geo/geo-dataset.js';
import { APP_STOREFRONTS, categoryOf, type CatalogueApp } from './catalogue.js';
import type { ProductPage } from './entities.js';
import { hashString, unit, uuidFrom } from './hash.js';

/** LocaleInfo: a language and its locale code. */
export interface LocaleInfo {
  language: string;
  languageCode: string;
}

/** A row of query-supported-app-languages.md. */
export interface StorefrontLanguages {
  name: string;
  countryCode: string;
  adsSupportedLanguages: LocaleInfo[];
  adsDefaultLanguages: LocaleInfo[];
}

/** Locale codes per storefront, the default first. */
const STOREFRONT_LOCALES: Readonly<Record<string, readonly string[]>> = {
  US: ['en-US', 'es-US'],
  GB: ['en-GB'],
  CA: ['en-CA', 'fr-CA'],
  DE: ['de-DE', 'en-GB'],
  FR: ['fr-FR', 'en-GB'],
  AU: ['en-AU'],
  JP: ['ja-JP', 'en-US'],
  KR: ['ko-KR', 'en-US'],
  ES: ['es-ES', 'en-GB'],
  IT: ['it-IT', 'en-GB'],
  MX: ['es-MX', 'en-US'],
  BR: ['pt-BR', 'en-US'],
};

function localeInfo(languageCode: string): LocaleInfo {
  return { language: languageCode.split('-')[0] ?? languageCode, languageCode };
}

export const STOREFRONT_LANGUAGES: readonly StorefrontLanguages[] = COUNTRIES.map(
  ([countryCode, name]) => {
    const locales = STOREFRONT_LOCALES[countryCode] ?? [];
    return {
      name,
      countryCode,
      adsSupportedLanguages: locales.map(localeInfo),
      adsDefaultLanguages: locales.slice(0, 1).map(localeInfo),
    };
  },
);

/** The storefront whose default language is `languageCode`. */
export function storefrontOfLocale(languageCode: string): string | undefined {
  return APP_STOREFRONTS.find((country) => STOREFRONT_LOCALES[country]?.[0] === languageCode);
}

/** The default page's locales: each storefront's default language; en-US is the primary. */
export const APP_LOCALES: readonly string[] = [
  ...new Set(APP_STOREFRONTS.map((country) => STOREFRONT_LOCALES[country]?.[0] ?? 'en-US')),
];
const PRIMARY_LOCALE = 'en-US';

/** A custom page carries the primary locale and, by the seed, about half of the others. */
export function productPageLocales(seed: number, page: ProductPage): string[] {
  return APP_LOCALES.filter(
    (locale, index) =>
      locale === PRIMARY_LOCALE || unit(seed, 51, hashString(page.id), index) < 0.5,
  );
}

/** The metadata of one locale (locale details without their identifying fields). */
function localeContent(seed: number, app: CatalogueApp, languageCode: string, page: string) {
  const asset = (index: number) => ({
    assetId: uuidFrom(seed, hashString(page), hashString(languageCode), index),
  });
  return {
    appName: app.name,
    subTitle: `${categoryOf(app).name} made simple`,
    promotionalText: `New in ${app.name}: ${categoryOf(app).heads[0] ?? 'more'} tools`,
    shortDescription: `${app.name} by ${app.developer}.`,
    deviceClasses: ['IPHONE', 'IPAD'],
    assetsByDevice: assetsByDevice(seed, page, asset),
  };
}

/**
 * Screenshots per display size: the smaller size of each device falls back to the larger. The
 * default page has a full set; a custom page has one to three for the largest iPhone (choice), so
 * some pages fall short of the three portrait screenshots Apple asks for.
 */
function assetsByDevice(seed: number, page: string, asset: (index: number) => { assetId: string }) {
  const custom = !/^\d+$/.test(page);
  const iphones = custom ? 1 + Math.floor(unit(seed, 52, hashString(page)) * 3) : 3;
  const assets = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => asset(from + index));
  return {
    iphone_6_7: { assets: assets(0, iphones), appPreviewDeviceFallBackDevices: [] },
    iphone_6_5: { assets: assets(3, 2), appPreviewDeviceFallBackDevices: ['iphone_6_7'] },
    ipad_12_9: { assets: assets(5, 2), appPreviewDeviceFallBackDevices: [] },
    ipad_11: { assets: assets(7, 1), appPreviewDeviceFallBackDevices: ['ipad_12_9'] },
  };
}

/** AppLocaleDetails of an app's default product page, the primary locale first. */
export function appLocaleDetails(seed: number, app: CatalogueApp) {
  return APP_LOCALES.map((languageCode) => ({
    adamId: app.adamId,
    ...localeInfo(languageCode),
    isPrimaryLocale: languageCode === PRIMARY_LOCALE,
    ...localeContent(seed, app, languageCode, `${app.adamId}`),
  }));
}

/** ProductPageLocaleDetails of a custom product page. */
export function productPageLocaleDetails(seed: number, app: CatalogueApp, page: ProductPage) {
  return productPageLocales(seed, page).map((languageCode) => ({
    productPageId: page.id,
    adamId: app.adamId,
    ...localeInfo(languageCode),
    ...localeContent(seed, app, languageCode, page.id),
    promotionalText: page.name,
  }));
}
