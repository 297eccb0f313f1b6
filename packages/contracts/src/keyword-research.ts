// Keyword-research and overview constants (spec 2 §2, §3.2 and §7.3): lookups, data-request kinds.

/** Metadata lookups default to the US store, English, iPhone. */
export const DEFAULT_METADATA_LOOKUP = {
  location: 'us',
  language: 'en',
  device: 'iphone',
} as const;

/** searchForApps always asks for this many results (its `num` argument). */
export const KEYWORD_SEARCH_RESULT_COUNT = 100;

/** getOwnAppsFromDB's `at` argument defaults to 1. */
export const OWN_APPS_DEFAULT_AT = 1;
/** Apps with this adamId are placeholders and never listed as own apps. */
export const EXCLUDED_OWN_APP_ADAM_ID = 0;

/** Gender codes the overview queries send: MF to getOverviewForApp, PH to getDeviceOverviewForApp. */
export const OVERVIEW_GENDER_CODES = ['MF', 'PH'] as const;
export type OverviewGenderCode = (typeof OVERVIEW_GENDER_CODES)[number];
export const OVERVIEW_GENDER_CODE_BY_QUERY = {
  getOverviewForApp: 'MF',
  getDeviceOverviewForApp: 'PH',
} as const satisfies Record<string, OverviewGenderCode>;

export const DATA_REQUEST_KINDS = [
  'keywordsForApp',
  'appsForKeyword',
  'suggestedCompetitors',
  'topAppsForCategory',
] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/** opId stored on a data request per kind; opId 3 also occurs in progress messages, meaning unknown. */
export const DATA_REQUEST_OP_IDS = {
  keywordsForApp: 1,
  appsForKeyword: 2,
  suggestedCompetitors: 4,
  topAppsForCategory: 5,
} as const satisfies Record<DataRequestKind, number>;
export type DataRequestOpId = (typeof DATA_REQUEST_OP_IDS)[DataRequestKind];

/** Tab of /keyword-auction-insights that opens a data request of each kind. */
export const DATA_REQUEST_TABS = {
  keywordsForApp: 0,
  appsForKeyword: 1,
  suggestedCompetitors: 2,
  topAppsForCategory: 3,
} as const satisfies Record<DataRequestKind, number>;

/** States a data request is shown in. */
export const DATA_REQUEST_DISPLAY_STATES = [
  'Remaining',
  'Fetching',
  'Fetched',
  'Complete',
] as const;
export type DataRequestDisplayState = (typeof DATA_REQUEST_DISPLAY_STATES)[number];
