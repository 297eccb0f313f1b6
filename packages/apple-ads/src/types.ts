// Wire types of Apple Ads Platform API v1 (WIRE.md section 6 and 7), with the documented drifts
// widened: promotedObjectId as string or number, keyword report status ENABLED or ACTIVE.
import type { AD_GROUP_TARGETING_DIMENSIONS, AppStorePlacement } from '@tapwise/apple-ads-schemas';
import type { Money } from './money.js';

export type { AppStorePlacement, Money };

/** supplyplacement-data.dictionary.md: App Store placements, then Apple Maps ones. */
export type SupplyPlacement = AppStorePlacement | 'MAPS_SEARCH_RESULTS' | 'MAPS_SEARCH_HOME';

/** adgrouptargetingcreate.md: the dimensions an ad group is created or updated with. */
export type AdGroupTargetingCreate = Partial<
  Record<(typeof AD_GROUP_TARGETING_DIMENSIONS)[number], TargetingData>
>;

export interface TargetingData {
  include?: string[] | null;
  exclude?: string[] | null;
}

export interface QueryFilter {
  field: string;
  operator:
    | 'EQUALS'
    | 'NOT_EQUALS'
    | 'IN'
    | 'NOT_IN'
    | 'LESS_THAN'
    | 'LESS_THAN_OR_EQUAL_TO'
    | 'GREATER_THAN'
    | 'GREATER_THAN_OR_EQUAL_TO'
    | 'BETWEEN'
    | 'CONTAINS'
    | 'CONTAINS_ANY'
    | 'CONTAINS_ALL'
    | 'NOT_CONTAINS_ANY'
    | 'NOT_CONTAINS_ALL'
    | 'STARTS_WITH'
    | 'ENDS_WITH'
    | 'LIKE'
    | 'NOT_LIKE'
    | 'IS_NULL'
    | 'IS_NOT_NULL';
  value?: unknown;
  ignoreCase?: boolean;
}

export interface QuerySort {
  field: string;
  order: 'ASC' | 'DESC';
}

export interface Selector {
  filters?: QueryFilter[];
  sorting?: QuerySort[];
  pagination?: { offset?: number; pageSize?: number; fetchTotalCount?: boolean };
}

export interface Pagination {
  offset: number;
  pageSize: number;
  totalCount?: number;
}

export interface Page<T> {
  result: T[];
  pagination: Pagination;
}

export interface Me {
  userId: number;
  orgId: number;
}

export type Role =
  | 'Admin'
  | 'API Account Manager'
  | 'API Account Read Only'
  | 'Limited Access: API Read & Write'
  | 'Limited Access: API Read Only'
  | (string & {});

export interface UserAcl {
  adAccount: { id: number; name: string; orgId: number };
  roles: Role[];
}

export interface AdAccount {
  id: number;
  name: string;
  orgId: number;
  timezone: string;
  currency: string;
  paymentModel: string;
  systemStatus: string;
  systemStatusReasons: string[];
  productFeatures: string[];
  creationTime: string;
  modificationTime: string;
}

export interface BidStrategy {
  bidStrategyType:
    'MANUAL_CPT' | 'MANUAL_CPM' | 'MAX_CONVERSIONS' | 'MAX_ENGAGEMENTS' | (string & {});
  bidStrategyGoal: 'TAP' | 'INSTALL' | 'IMPRESSION' | (string & {});
  bid?: Money | null;
}

export type EntityStatus = 'ENABLED' | 'PAUSED';

export interface Campaign {
  id: number;
  adAccountId: number;
  name: string;
  billingEvent: string;
  paymentModel: string;
  startTime: string;
  endTime: string | null;
  promotedObjectType: 'APPSTORE_APP' | 'BUSINESS_BRAND' | (string & {});
  /** Documented as a string; numbers are tolerated. */
  promotedObjectId: string | number;
  status: EntityStatus;
  systemStatus: 'RUNNING' | 'NOT_RUNNING';
  systemStatusReasons: string[];
  systemStatusLimitingReasons: string[];
  displayStatus: string;
  dailyBudget: { value: Money };
  targeting: {
    countryOrRegion?: TargetingData;
    supplyPlacement?: TargetingData;
    supplySource?: TargetingData | null;
  };
  bidStrategy?: BidStrategy;
  sharedBudgets?: { budgetId: number }[];
  invoiceDetail?: Record<string, string | null> | null;
  regulationResponses?: { regulationType: string; responseValue: string }[];
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

export interface CampaignCreate {
  adAccountId: number;
  name: string;
  billingEvent: 'TAPS' | 'IMPRESSIONS' | 'INSTALLS';
  promotedObjectType: 'APPSTORE_APP' | 'BUSINESS_BRAND';
  promotedObjectId: string;
  dailyBudget: { value: Money };
  targeting: {
    countryOrRegion: TargetingData;
    /** One placement; search results when omitted. */
    supplyPlacement?: { include: [SupplyPlacement] };
    supplySource?: { include: ['APPSTORE' | 'MAPS'] };
  };
  status?: EntityStatus;
  startTime?: string;
  endTime?: string | null;
  bidStrategy?: BidStrategy;
}

export type CampaignUpdate = Partial<
  Pick<
    CampaignCreate,
    'name' | 'status' | 'dailyBudget' | 'targeting' | 'startTime' | 'endTime' | 'bidStrategy'
  >
>;

export interface AdGroup {
  id: number;
  name: string;
  adAccountId: number;
  campaignId: number;
  startTime: string;
  endTime: string | null;
  pricingModel: string;
  automatedKeywordsOptIn: boolean;
  automatedKeywordsRequired: boolean;
  status: EntityStatus;
  systemStatus: string;
  systemStatusReasons: string[];
  systemStatusLimitingReasons: string[];
  displayStatus: string;
  bidStrategy: BidStrategy;
  targeting: Record<string, TargetingData>;
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

export interface AdGroupCreate {
  campaignId: number;
  name: string;
  pricingModel: 'CPT' | 'CPM' | 'CPA';
  bidStrategy: BidStrategy;
  /** Search Match: search results campaigns only. */
  automatedKeywordsOptIn?: boolean;
  status?: EntityStatus;
  targeting?: AdGroupTargetingCreate;
  startTime?: string;
  endTime?: string | null;
}

export type AdGroupUpdate = Partial<Omit<AdGroupCreate, 'campaignId' | 'pricingModel'>>;

export type MatchType = 'EXACT' | 'BROAD' | 'PHRASE' | 'CATEGORY';

export interface Keyword {
  id: number;
  adAccountId: number;
  campaignId: number;
  adGroupId: number;
  text: string;
  matchType: MatchType;
  bid: Money | null;
  status: EntityStatus;
  displayStatus: string;
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

export interface KeywordCreate {
  adGroupId: number;
  text: string;
  matchType?: MatchType;
  bid?: Money;
  status?: EntityStatus;
}

export interface KeywordUpdate {
  bid?: Money;
  status?: EntityStatus;
}

export interface NegativeKeyword {
  id: number;
  adAccountId: number;
  campaignId: number;
  adGroupId?: number | null;
  text: string;
  matchType: MatchType;
  status: EntityStatus;
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

/** negativekeywordcreate.md: a campaign negative names its campaign, an ad group one its ad group. */
export type NegativeKeywordCreate = (
  { campaignId: number; adGroupId?: never } | { adGroupId: number; campaignId?: never }
) & {
  text: string;
  matchType?: MatchType;
  status?: EntityStatus;
};

export interface Ad {
  id: number;
  name: string;
  status: EntityStatus;
  adAccountId: number;
  campaignId: number;
  adGroupId: number;
  creativeId: number;
  systemStatus: string;
  systemStatusReasons: string[];
  systemStatusLimitingReasons?: string[];
  displayStatus: string;
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

export interface AdCreate {
  adGroupId: number;
  creativeId: number;
  name: string;
  status: EntityStatus;
}

export interface Creative {
  id: number;
  adAccountId: number;
  name: string;
  creativeType:
    'CUSTOM_PRODUCT_PAGE' | 'DEFAULT_PRODUCT_PAGE' | 'LOCAL_ADS_SEARCH_CREATIVE' | (string & {});
  destination: {
    destinationType: string;
    parameters: { adamId?: string | number; productPageId?: string | null };
    url?: string | null;
  };
  creativeSpec?: Record<string, unknown>;
  systemStatus: string;
  systemStatusReasons: string[];
  /** creative.md: always answered unless excluded with `fields`. */
  eligibility?: {
    status: string;
    allowedGroups: { supplyPlacement: string[]; countryOrRegion: string[] }[];
    blockedGroups: unknown[];
  };
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

export interface CreativeCreate {
  name: string;
  creativeType: 'CUSTOM_PRODUCT_PAGE' | 'DEFAULT_PRODUCT_PAGE';
  destination: {
    destinationType: 'APP_STORE_PRODUCT_PAGE';
    parameters: { adamId: string; productPageId?: string };
  };
}

export interface ProductPage {
  id: string;
  adamId: number | string;
  name: string;
  state: string;
  /** Present only for a page with a configured deep link. */
  deepLink?: string;
  creationTime: string;
  modificationTime: string;
}

/** One device display size of a locale (e.g. "iphone_6_5"): its asset ids, without orientation. */
export interface DeviceAssets {
  assets: { assetId: string }[];
  /** Sizes whose assets Apple shows on this size when it has too few of its own. */
  appPreviewDeviceFallBackDevices?: string[];
}

/** The App Store metadata of one locale of a product page (default or custom). */
export interface LocaleDetails {
  adamId: number;
  language: string;
  languageCode: string;
  appName?: string;
  subTitle?: string;
  promotionalText?: string;
  shortDescription?: string;
  deviceClasses?: string[];
  assetsByDevice?: Record<string, DeviceAssets>;
}

/** A locale of an app's default product page (query-default-product-page-locale-details…md). */
export interface AppLocaleDetails extends LocaleDetails {
  isPrimaryLocale?: boolean;
}

/** A locale of a custom product page (query-product-page-locale-details.md). */
export interface ProductPageLocaleDetails extends LocaleDetails {
  productPageId: string;
}

export interface AppSearchResult {
  adamId: number;
  appName: string;
  developerName: string;
  countryOrRegionCodes: string[];
}

/** eligibilityresponse.md: whether an app may run on one placement, country and device class. */
export interface AppEligibility {
  adamId: number;
  supplyPlacement: string;
  supplySource: string;
  countryOrRegion: string;
  deviceClass: string;
  state: 'ELIGIBLE' | 'INELIGIBLE' | (string & {});
  /** The youngest age the app may be shown to. */
  minAge: number | null;
}

/** appdetails.md: the App Store metadata of an app; `id` is its Adam ID as a string. */
export interface AppDetails {
  id: string;
  appName: string;
  artistName: string;
  primaryLanguage?: string;
  primaryGenre: string;
  secondaryGenre?: string | null;
  deviceClasses: string[];
  iconPictureUrl?: string;
  isPreorder: boolean;
  availableStorefronts: string[];
}

export interface BulkItemResult<T> {
  correlationId: number;
  operation: 'CREATE' | 'UPDATE' | 'DELETE';
  success: boolean;
  result?: T;
  error?: { code: string; message: string | null; details?: unknown[] };
}

// Reports

export type ReportLevel = 'campaigns' | 'adgroups' | 'keywords' | 'searchterms' | 'ads';

export interface ReportRequest {
  timeRange: {
    start: string;
    end: string;
    granularity?: 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY';
    timeZone?: 'ORTZ' | 'UTC';
  };
  /** Must include a campaignId filter (EQUALS or IN). */
  filters: { field: string; operator: string; value: unknown }[];
  groupBy?: string[];
  sorting?: QuerySort[];
  fields?: string[];
  options?: { includeRows?: ('GRAND_TOTAL' | 'EMPTY_METRICS')[] };
  pagination?: { offset?: number; pageSize?: number };
}

/** Metrics as Apple sends them; zero metrics may be omitted in granular rows. */
export interface WireMetrics {
  date?: string;
  impressions?: number;
  taps?: number;
  ttr?: number;
  localSpend?: Money;
  cpt?: Money;
  cpm?: Money;
  tapInstalls?: number;
  viewInstalls?: number;
  totalInstalls?: number;
  tapNewDownloads?: number;
  tapRedownloads?: number;
  viewNewDownloads?: number;
  viewRedownloads?: number;
  totalNewDownloads?: number;
  totalRedownloads?: number;
  tapPreOrdersPlaced?: number;
  viewPreOrdersPlaced?: number;
  totalPreOrdersPlaced?: number;
  tapInstallCPI?: Money;
  totalAvgCPI?: Money;
  tapInstallRate?: number;
  totalInstallRate?: number;
}

export interface ReportRow<M = Record<string, unknown>> {
  metadata: M;
  totalMetrics: WireMetrics;
  granularMetrics?: WireMetrics[];
  insights?: { bidRecommendation?: { suggestedBidAmount?: number } | null };
}

export interface ReportPage<M = Record<string, unknown>> {
  rows: ReportRow<M>[];
  grandTotal: WireMetrics | null;
  pagination: Pagination;
}

export interface KeywordReportMetadata {
  id: number;
  campaignId: number;
  adGroupId: number;
  adAccountId: number;
  text: string;
  matchType: MatchType;
  bid?: Money | null;
  /** Live Apple sends ENABLED although the SDK expects ACTIVE; both are accepted. */
  status: 'ENABLED' | 'ACTIVE' | 'PAUSED' | 'DELETED';
  deleted: boolean;
  deviceClass?: string;
  countryOrRegion?: string;
}

export interface SearchTermReportMetadata {
  campaignId: number;
  adGroupId: number;
  adAccountId: number;
  /** The keyword that matched (ReportingKeyword); Apple sends no keywordId of its own. */
  keyword?: KeywordReportMetadata;
  searchTermText: string | null;
  searchTermSource: 'AUTO' | 'TARGETED';
}
