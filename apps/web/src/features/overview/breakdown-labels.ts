// How Apple's breakdown values read: genders, placements and "unknown" translated, device classes
// by their product names, countries and regions named in the interface language.
import type { BreakdownDimension } from '@tapwise/contracts';
import type { TFunction } from 'i18next';

/** Apple reports a value it could not attribute as UNKNOWN. */
const UNKNOWN = 'UNKNOWN';

/** Product names, the same in every language. */
const DEVICE_NAMES: Record<string, string> = { IPHONE: 'iPhone', IPAD: 'iPad', IPOD: 'iPod' };

export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    // Not a region code Intl knows: show Apple's code as it is.
    return code;
  }
}

export function breakdownValueLabel(
  dimension: BreakdownDimension,
  value: string,
  t: TFunction,
  language: string,
): string {
  if (value === UNKNOWN) return t('overview.breakdowns.unknown');
  switch (dimension) {
    case 'gender':
      return t(`overview.breakdowns.genders.${value}`, { defaultValue: value });
    case 'deviceClass':
      return DEVICE_NAMES[value] ?? value;
    case 'placement':
      return t(`overview.breakdowns.placements.${value}`, { defaultValue: value });
    case 'ageRange':
      return value;
    case 'countryOrRegion':
      return countryName(value, language);
  }
}
