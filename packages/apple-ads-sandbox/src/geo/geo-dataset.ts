// A small static gazetteer for geo search: the storefronts the market model knows, some of their
// admin areas and a few localities each. Ids are stable numeric strings, legacy ids Apple's
// pipe-delimited hierarchy (US, US|CA, US|CA|San Francisco). No postal codes.
import type { GeoEntityType } from '@tapwise/apple-ads-schemas';

export interface GeoLocation {
  id: string;
  legacyId: string;
  entity: GeoEntityType;
  displayName: string;
  countryOrRegion: string;
  adminArea?: string;
  locality?: string;
}

/** The storefronts of the market model: [code, name]. */
export const COUNTRIES: readonly [string, string][] = [
  ['US', 'United States'],
  ['GB', 'United Kingdom'],
  ['CA', 'Canada'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['AU', 'Australia'],
  ['JP', 'Japan'],
  ['KR', 'South Korea'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['MX', 'Mexico'],
  ['BR', 'Brazil'],
];

/** [country, admin-area code, admin-area name, localities]; brand locations are placed in them. */
export const ADMIN_AREAS: readonly [string, string, string, readonly string[]][] = [
  [
    'US',
    'CA',
    'California',
    ['San Francisco', 'South San Francisco', 'Los Angeles', 'Cupertino', 'San Diego'],
  ],
  ['US', 'NY', 'New York', ['New York City', 'Buffalo', 'Albany']],
  ['US', 'TX', 'Texas', ['Austin', 'Houston', 'Dallas', 'San Antonio']],
  ['US', 'WA', 'Washington', ['Seattle', 'Spokane']],
  ['US', 'FL', 'Florida', ['Miami', 'Orlando', 'Tampa']],
  ['US', 'IL', 'Illinois', ['Chicago', 'Springfield']],
  ['US', 'MA', 'Massachusetts', ['Boston', 'Cambridge']],
  ['GB', 'ENG', 'England', ['London', 'Manchester', 'Birmingham', 'Cambridge']],
  ['GB', 'SCT', 'Scotland', ['Edinburgh', 'Glasgow']],
  ['GB', 'WLS', 'Wales', ['Cardiff']],
  ['CA', 'ON', 'Ontario', ['Toronto', 'Ottawa']],
  ['CA', 'BC', 'British Columbia', ['Vancouver', 'Victoria']],
  ['CA', 'QC', 'Quebec', ['Montreal', 'Quebec City']],
  ['DE', 'BE', 'Berlin', ['Berlin']],
  ['DE', 'BY', 'Bavaria', ['Munich', 'Nuremberg']],
  ['DE', 'HH', 'Hamburg', ['Hamburg']],
  ['FR', 'IDF', 'Île-de-France', ['Paris']],
  ['AU', 'NSW', 'New South Wales', ['Sydney', 'Newcastle']],
  ['AU', 'VIC', 'Victoria', ['Melbourne', 'Geelong']],
  ['JP', '13', 'Tokyo', ['Shibuya', 'Shinjuku']],
];

function build(): GeoLocation[] {
  const locations: GeoLocation[] = [];
  const countryName = new Map(COUNTRIES);
  COUNTRIES.forEach(([code, name], index) =>
    locations.push({
      id: String(10_001 + index),
      legacyId: code,
      entity: 'Country',
      displayName: name,
      countryOrRegion: code,
    }),
  );
  let localityId = 11_390_001;
  ADMIN_AREAS.forEach(([country, code, name, localities], index) => {
    const countryLabel = countryName.get(country) ?? country;
    locations.push({
      id: String(20_001 + index),
      legacyId: `${country}|${code}`,
      entity: 'AdminArea',
      displayName: `${name}, ${countryLabel}`,
      countryOrRegion: country,
      adminArea: code,
    });
    for (const locality of localities)
      locations.push({
        id: String(localityId++),
        legacyId: `${country}|${code}|${locality}`,
        entity: 'Locality',
        displayName: `${locality}, ${name}, ${countryLabel}`,
        countryOrRegion: country,
        adminArea: code,
        locality,
      });
  });
  return locations.sort((a, b) => (a.displayName < b.displayName ? -1 : 1));
}

/** Sorted by displayName, as Apple returns results. */
export const GEO_LOCATIONS: readonly GeoLocation[] = build();
