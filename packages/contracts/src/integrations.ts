// Integration partners, statuses and sync vocabulary (spec 2 §3.6).

/** Partners as the product stores them; BRANCH and CUSTOM_POSTBACK are the spec's "also" partners. */
export const INTEGRATION_PARTNERS = [
  'ADJUST',
  'APPLE_SEARCH_ADS',
  'APPSFLYER',
  'KOCHAVA',
  'SINGULAR',
  'SLACK',
  'TENJIN',
  'BRANCH',
  'CUSTOM_POSTBACK',
] as const;
export type IntegrationPartner = (typeof INTEGRATION_PARTNERS)[number];

/** Mobile measurement partners: the sources of goal events. */
export const ATTRIBUTION_PARTNERS = [
  'ADJUST',
  'APPSFLYER',
  'KOCHAVA',
  'SINGULAR',
  'TENJIN',
  'BRANCH',
  'CUSTOM_POSTBACK',
] as const satisfies readonly IntegrationPartner[];
export type AttributionPartner = (typeof ATTRIBUTION_PARTNERS)[number];

export const INTEGRATION_STATUSES = ['ACTIVE', 'DELETED', 'DISABLED', 'SUCCESS', 'FAILED'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

/** The sync-progress `mode` of the first sync after an integration; other syncs carry other modes. */
export const FIRST_SYNC_MODE = 'FIRST';

/** Error code of a sync refused because the Apple Ads integration is no longer valid. */
export const INVALID_INTEGRATION = 'INVALID_INTEGRATION';
