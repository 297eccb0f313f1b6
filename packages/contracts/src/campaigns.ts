// Campaign-side vocabulary (spec 1 §2 and §9, spec 2 §3.3-3.4): match types, targets, segments, genders.

/** Keyword match types, spelled as Apple Ads v1 spells them. */
export const MATCH_TYPES = ['BROAD', 'EXACT'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** Where "add as negative keyword" puts the keywords. */
export const NEGATIVE_KEYWORD_TARGETS = [
  'SELECTED_AD_GROUPS',
  'ALL_AD_GROUPS_OF_SELECTED_CAMPAIGNS',
  'SELECTED_CAMPAIGNS',
] as const;
export type NegativeKeywordTarget = (typeof NEGATIVE_KEYWORD_TARGETS)[number];

/** Campaign generator segments (the brand/category/discovery/competitor/custom checks). */
export const GENERATOR_SEGMENTS = [
  'brand',
  'category',
  'discovery',
  'competitor',
  'custom',
] as const;
export type GeneratorSegment = (typeof GENERATOR_SEGMENTS)[number];
export const GENERATOR_SEGMENT_LABELS: Record<GeneratorSegment, string> = {
  brand: 'Brand',
  category: 'Category',
  discovery: 'Discovery',
  competitor: 'Competitor',
  custom: 'Custom',
};

/** Audience gender codes: all, male, female. */
export const GENDER_CODES = ['all', 'M', 'F'] as const;
export type GenderCode = (typeof GENDER_CODES)[number];

/** Audience customer types of the wizard and the generator. */
export const CUSTOMER_TYPES = ['all', 'new', 'otherApps', 'existing'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const DEVICE_CLASSES = ['IPHONE', 'IPAD'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const AD_PLACEMENTS = [
  'SEARCH_RESULTS',
  'SEARCH_TAB',
  'TODAY_TAB',
  'PRODUCT_PAGES',
] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

/** Ads Manager sub tabs. */
export const ENTITY_LIST_TABS = ['all', 'live', 'paused', 'deleted', 'draft'] as const;
export type EntityListTab = (typeof ENTITY_LIST_TABS)[number];
