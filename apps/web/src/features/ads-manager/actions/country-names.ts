// Country and region names in the interface language, for the searchable multi-select.
import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json';
import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import ja from 'i18n-iso-countries/langs/ja.json';
import ko from 'i18n-iso-countries/langs/ko.json';
import ru from 'i18n-iso-countries/langs/ru.json';
import zh from 'i18n-iso-countries/langs/zh.json';

for (const locale of [de, en, es, fr, ja, ko, ru, zh]) countries.registerLocale(locale);

/** Alpha-2 codes with their names, sorted by name in the given language. */
export function countryOptions(language: string): { value: string; label: string }[] {
  const names = countries.getNames(language, { select: 'official' });
  const fallback = countries.getNames('en', { select: 'official' });
  return Object.keys(fallback)
    .map((code) => ({ value: code, label: names[code] ?? fallback[code]! }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
