// Wire shapes of the v1 entities as the sandbox stores and returns them (WIRE.md section 6).

export interface Money {
  amount: string;
  currency: string;
}

export interface TargetingData {
  include?: string[] | null;
  exclude?: string[] | null;
}

export interface AdAccount {
  id: number;
  name: string;
  orgId: number;
  timezone: string;
  currency: string;
  paymentModel: 'LOC' | 'PAYG';
  systemStatus: 'ACTIVE' | 'INACTIVE';
  systemStatusReasons: string[];
  delegations: { resourceId: string; resourceType: string; resourceName: string }[];
  productFeatures: string[];
  creationTime: string;
  modificationTime: string;
}

/** Org (org.md): the owner of every ad account, user and budget order. */
export interface Org {
  id: number;
  name: string;
  currency: string;
  timezone: string;
  paymentModel: 'LOC' | 'PAYG';
  systemStatus: 'ACTIVE' | 'INACTIVE';
  systemStatusReasons: string[];
}

/** A brand or content provider an ad account can be delegated (get-advertiser-resources.md). */
export interface AdvertiserResource {
  resourceId: string;
  resourceType: 'CONTENT_PROVIDER' | 'BUSINESS_BRAND';
  resourceName: string;
}

/** InvoiceDetail (invoicedetail.md). */
export interface InvoiceDetail {
  clientName: string | null;
  primaryBuyerName: string;
  primaryBuyerEmail: string;
  orderNumber: string | null;
  billingEmail: string;
}

/** A budget order (sharedbudget.md); systemStatus and its reasons are derived on read. */
export interface SharedBudget {
  id: number;
  name: string;
  startTime: string;
  endTime: string | null;
  value: Money;
  adAccountIds: number[];
  orgId: number;
  systemStatus: 'ACTIVE' | 'INACTIVE';
  systemStatusReasons: string[];
  invoiceDetail: InvoiceDetail;
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

/** A brand promoted on Apple Maps (brand.md): one per BUSINESS_BRAND advertiser resource. */
export interface Brand {
  id: string;
  name: string;
  countryOrRegion: string;
  categories: string[];
  eligibility: {
    status: string;
    blockedGroups: { supplyPlacement: string[]; countryOrRegion: string[] }[];
    allowedGroups: { supplyPlacement: string[]; countryOrRegion: string[] }[];
    modificationTime: string;
  };
  creationTime: string;
  modificationTime: string;
}

/** A brand's place from Apple Maps (location.md); the gazetteer gives no street or postal code. */
export interface Location {
  id: string;
  brandId: string;
  status: 'OPEN' | 'OPENING_SOON' | 'CLOSED' | 'MOVED' | 'TEMPORARILY_CLOSED';
  name: string;
  categories: string[];
  address: {
    countryOrRegion: string;
    adminArea: string;
    adminAreaCode: string;
    locality: string;
    fullAddress: string;
  };
  countryOrRegion: string;
  creationTime: string;
  modificationTime: string;
  eligibility: {
    status: string;
    blockedGroups: { supplyPlacement: string[]; countryOrRegion: string[] }[];
    allowedGroups: { supplyPlacement: string[]; countryOrRegion: string[] }[];
  };
}

export interface LocationRule {
  field: string;
  operator: string;
  value: string | string[];
}

/** A location group (locationgroup.md) as stored: `rulesChangedAt` drives DYNAMIC evaluation. */
export interface LocationGroup {
  id: string;
  name: string;
  brandId: string;
  adAccountId: string;
  groupType: 'STATIC' | 'DYNAMIC';
  systemStatus: 'PENDING' | 'VALID' | 'INVALID' | 'DELETED';
  rules: LocationRule[] | null;
  locationIds: string[];
  isAllLocationsGroup: boolean;
  description: string | null;
  groupTotal: number;
  eligibility: { status: string };
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
  rulesChangedAt: number;
}

/** AssetImage (assetimage.md): what the sandbox reads from an uploaded image. */
export interface AssetImage {
  width: number;
  height: number;
  format: 'PNG' | 'JPG' | 'HEIC';
  sizeBytes: number;
  orientation: 'PORTRAIT' | 'LANDSCAPE' | 'SQUARE';
  checkSum: string;
  /** The uploading account, as a string (assetimage.md: present for custom assets). */
  adAccountId: string;
}

/** An uploaded brand image (asset.md) as stored: `uploadedMs` drives its review. */
export interface Asset {
  id: string;
  name: string;
  assetType: 'IMAGE';
  providerAssetId: string;
  promotedObjectId: string;
  promotedObjectType: 'BUSINESS_BRAND';
  providerAssetMetadata: Record<string, never>;
  assetDetails: AssetImage;
  parentAssetId: null;
  variantIds: string[];
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
  uploadedMs: number;
}

export interface BidStrategy {
  bidStrategyType: string;
  bidStrategyGoal: string;
  bid?: Money | null;
}

export interface Campaign {
  id: number;
  adAccountId: number;
  name: string;
  billingEvent: string;
  paymentModel: string;
  startTime: string;
  endTime: string | null;
  promotedObjectType: string;
  promotedObjectId: string;
  status: 'ENABLED' | 'PAUSED';
  systemStatus: 'RUNNING' | 'NOT_RUNNING';
  systemStatusReasons: string[];
  systemStatusLimitingReasons: string[];
  displayStatus: string;
  dailyBudget: { value: Money };
  sharedBudgets: { budgetId: number }[];
  targeting: {
    countryOrRegion: TargetingData;
    supplyPlacement: TargetingData;
    supplySource?: TargetingData | null;
  };
  bidStrategy: BidStrategy;
  invoiceDetail: unknown;
  regulationResponses: { regulationType: string; responseValue: string }[];
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

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
  status: 'ENABLED' | 'PAUSED';
  systemStatus: 'RUNNING' | 'NOT_RUNNING';
  systemStatusReasons: string[];
  systemStatusLimitingReasons: string[];
  displayStatus: string;
  bidStrategy: BidStrategy;
  targeting: Record<string, TargetingData>;
  cpaCap: null;
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

export interface Keyword {
  id: number;
  adAccountId: number;
  campaignId: number;
  adGroupId: number;
  text: string;
  matchType: 'EXACT' | 'BROAD';
  bid: Money | null;
  status: 'ENABLED' | 'PAUSED';
  displayStatus: string;
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

export interface NegativeKeyword {
  id: number;
  adAccountId: number;
  campaignId: number;
  adGroupId: number | null;
  text: string;
  matchType: 'EXACT' | 'BROAD' | 'PHRASE';
  status: 'ENABLED' | 'PAUSED';
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

export interface Ad {
  id: number;
  name: string;
  status: 'ENABLED' | 'PAUSED';
  adAccountId: number;
  campaignId: number;
  adGroupId: number;
  creativeId: number;
  systemStatus: 'RUNNING' | 'NOT_RUNNING';
  systemStatusReasons: string[];
  systemStatusLimitingReasons: string[];
  displayStatus: string;
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

export interface Creative {
  id: number;
  adAccountId: number;
  name: string;
  creativeType: string;
  creativeSpec: Record<string, unknown>;
  destination: {
    destinationType: string;
    parameters: { adamId: string; productPageId: string | null };
    url: string;
  };
  systemStatus: 'VALID' | 'INVALID' | 'PENDING';
  systemStatusReasons: string[];
  eligibility: {
    status: string;
    allowedGroups: { supplyPlacement: string[]; countryOrRegion: string[] }[];
    blockedGroups: unknown[];
  };
  creationTime: string;
  modificationTime: string;
  deleted: boolean;
}

export interface ProductPage {
  id: string;
  adamId: number;
  name: string;
  state: string;
  /** productpagedetails.md: present only for a page with a configured deep link. */
  deepLink?: string;
  creationTime: string;
  modificationTime: string;
}

export type Role =
  | 'Admin'
  | 'API Account Manager'
  | 'API Account Read Only'
  | 'Limited Access: API Read & Write'
  | 'Limited Access: API Read Only';

export const READ_ONLY_ROLES: readonly Role[] = [
  'API Account Read Only',
  'Limited Access: API Read Only',
];

export interface ApiUser {
  clientId: string;
  teamId: string;
  keyId: string;
  publicKeyPem: string;
  userId: number;
  /** Ad account ids this user reaches; 'all' = every account of the org. */
  adAccountIds: number[] | 'all';
  role: Role;
  revoked: boolean;
}

export interface ChangeEvent {
  id: number;
  /** Shared by every change of one request, as Apple groups a bulk call into one transaction. */
  transactionId: number;
  adAccountId: number;
  entityType: string;
  entityId: number | string;
  changeType: 'CREATE' | 'UPDATE' | 'DELETE';
  changes: { field: string; oldValue: unknown; newValue: unknown }[];
  time: string;
  userId: number | null;
}
