// The Apple Maps business taxonomy (businesscategory.md, query-categories.md): a small fixed
// tree whose dot-delimited qualifiedIds include every category a modelled brand or place carries.
import { hashString } from './hash.js';

export interface BusinessCategory {
  id: string;
  name: string;
  qualifiedId: string;
  eligibility: {
    status: 'ELIGIBLE' | 'INELIGIBLE';
    blockedGroups: { supplyPlacement: string[]; countryOrRegion: string[] }[];
    allowedGroups: { supplyPlacement: string[]; countryOrRegion: string[] }[];
  };
  creationTime: string;
  modificationTime: string;
}

/** [qualifiedId, English name]; a level's own name may hold underscores, never dots. */
const TAXONOMY: readonly [string, string][] = [
  ['dining', 'Dining'],
  ['dining.bakery', 'Bakery'],
  ['dining.cafe', 'Cafe'],
  ['dining.restaurant', 'Restaurant'],
  ['entertainment', 'Entertainment'],
  ['entertainment.movie_theater', 'Movie Theater'],
  ['health', 'Health'],
  ['health.pharmacy', 'Pharmacy'],
  ['services', 'Services'],
  ['services.association_or_organization', 'Association or Organization'],
  ['services.automotive_repair', 'Automotive Repair'],
  ['shopping', 'Shopping'],
  ['shopping.clothing', 'Clothing'],
  ['shopping.grocery', 'Grocery'],
  ['shopping.retail', 'Retail'],
  ['travel', 'Travel'],
  ['travel.hotel', 'Hotel'],
];

/** Choice: pharmacies are regulated, so their category cannot serve ads. */
const INELIGIBLE = new Set(['health.pharmacy']);
/** Choice: the taxonomy predates every seeded entity. */
const PUBLISHED = '2024-06-01T00:00:00.000';

export const BUSINESS_CATEGORIES: readonly BusinessCategory[] = TAXONOMY.map(
  ([qualifiedId, name]) => ({
    // Apple's ids are opaque MUIDs; a hash of the path keeps them stable.
    id: String(hashString(qualifiedId)),
    name,
    qualifiedId,
    eligibility: {
      status: INELIGIBLE.has(qualifiedId) ? 'INELIGIBLE' : 'ELIGIBLE',
      blockedGroups: [],
      allowedGroups: [],
    },
    creationTime: PUBLISHED,
    modificationTime: PUBLISHED,
  }),
);

/** A category and its ancestors, for the qualifiedIds a brand carries. */
export function categoriesWithAncestors(qualifiedIds: readonly string[]): BusinessCategory[] {
  const paths = new Set(
    qualifiedIds.flatMap((qualifiedId) =>
      qualifiedId.split('.').map((_, depth, levels) => levels.slice(0, depth + 1).join('.')),
    ),
  );
  return BUSINESS_CATEGORIES.filter((category) => paths.has(category.qualifiedId));
}
