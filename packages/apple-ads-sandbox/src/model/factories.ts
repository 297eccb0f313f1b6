// Builders of complete wire entities from the fields a create request carries, shared by the
// scenario generator and the create routes so both produce identical shapes.
import type {
  Ad,
  AdAccount,
  AdGroup,
  AdvertiserResource,
  Asset,
  AssetImage,
  Brand,
  Campaign,
  Creative,
  InvoiceDetail,
  Keyword,
  Location,
  LocationGroup,
  NegativeKeyword,
  Org,
  SharedBudget,
  TargetingData,
} from './entities.js';
import { APP_STORE_PLACEMENTS } from '@tapwise/apple-ads-schemas';
import { appleTimestamp } from './calendar.js';
import { ADMIN_AREAS } from '../geo/geo-dataset.js';
import { hash, hashString, unit } from './hash.js';
import { centsToAmount } from './money.js';

/** An ad account inherits currency, time zone and payment model from its org (post-ad-accounts.md). */
export function newAdAccount(
  id: number,
  input: {
    org: Org;
    name: string;
    productFeatures: string[];
    delegations: AdAccount['delegations'];
    currency?: string;
    timezone?: string;
  },
  createdMs: number,
): AdAccount {
  const created = appleTimestamp(createdMs);
  return {
    id,
    name: input.name,
    orgId: input.org.id,
    timezone: input.timezone ?? input.org.timezone,
    currency: input.currency ?? input.org.currency,
    paymentModel: input.org.paymentModel,
    systemStatus: 'ACTIVE',
    systemStatusReasons: [],
    delegations: input.delegations,
    productFeatures: input.productFeatures,
    creationTime: created,
    modificationTime: created,
  };
}

/** A content provider or brand with an id derived from the seed and its name. */
export function newAdvertiserResource(
  seed: number,
  resourceType: AdvertiserResource['resourceType'],
  resourceName: string,
): AdvertiserResource {
  const resourceId = String(
    10_000_000 + (hash(seed, hashString(resourceType + resourceName)) % 90_000_000),
  );
  return { resourceId, resourceType, resourceName };
}

export function newSharedBudget(
  id: number,
  input: {
    orgId: number;
    name: string;
    startTime: string;
    endTime: string | null;
    value: { amount: string; currency: string };
    adAccountIds: number[];
    invoiceDetail: InvoiceDetail;
  },
  createdMs: number,
): SharedBudget {
  const created = appleTimestamp(createdMs);
  return {
    id,
    name: input.name,
    startTime: input.startTime,
    endTime: input.endTime,
    value: input.value,
    adAccountIds: input.adAccountIds,
    orgId: input.orgId,
    systemStatus: 'ACTIVE',
    systemStatusReasons: [],
    invoiceDetail: input.invoiceDetail,
    creationTime: created,
    modificationTime: created,
    deleted: false,
  };
}

export interface CampaignInput {
  adAccountId: number;
  name: string;
  adamId: number;
  countries: string[];
  budgetCents: number;
  currency: string;
  status?: 'ENABLED' | 'PAUSED';
  supplyPlacement?: string[];
  billingEvent?: string;
  startMs: number;
  endMs?: number | null;
}

export function newCampaign(id: number, input: CampaignInput, createdMs: number): Campaign {
  const created = appleTimestamp(createdMs);
  return {
    id,
    adAccountId: input.adAccountId,
    name: input.name,
    billingEvent: input.billingEvent ?? 'TAPS',
    paymentModel: 'PAYG',
    startTime: appleTimestamp(input.startMs),
    endTime: input.endMs ? appleTimestamp(input.endMs) : null,
    promotedObjectType: 'APPSTORE_APP',
    promotedObjectId: String(input.adamId),
    status: input.status ?? 'ENABLED',
    systemStatus: 'RUNNING',
    systemStatusReasons: [],
    systemStatusLimitingReasons: [],
    displayStatus: 'RUNNING',
    dailyBudget: { value: { amount: centsToAmount(input.budgetCents), currency: input.currency } },
    sharedBudgets: [],
    targeting: {
      // campaign.md: the supply source is fixed at creation; every sandbox campaign promotes an app.
      supplySource: { include: ['APPSTORE'] },
      countryOrRegion: { include: input.countries },
      supplyPlacement: { include: input.supplyPlacement ?? ['APPSTORE_SEARCH_RESULTS'] },
    },
    bidStrategy: { bidStrategyType: 'MANUAL_CPT', bidStrategyGoal: 'TAP' },
    invoiceDetail: null,
    regulationResponses: [],
    creationTime: created,
    modificationTime: created,
    deleted: false,
  };
}

export interface AdGroupInput {
  campaign: Campaign;
  name: string;
  defaultBidCents: number;
  automatedKeywordsOptIn?: boolean;
  status?: 'ENABLED' | 'PAUSED';
  targeting?: Record<string, TargetingData>;
  startMs: number;
  endMs?: number | null;
}

export function newAdGroup(id: number, input: AdGroupInput, createdMs: number): AdGroup {
  const created = appleTimestamp(createdMs);
  return {
    id,
    name: input.name,
    adAccountId: input.campaign.adAccountId,
    campaignId: input.campaign.id,
    startTime: appleTimestamp(input.startMs),
    endTime: input.endMs ? appleTimestamp(input.endMs) : null,
    pricingModel: 'CPT',
    automatedKeywordsOptIn: input.automatedKeywordsOptIn ?? false,
    automatedKeywordsRequired: false,
    status: input.status ?? 'ENABLED',
    systemStatus: 'RUNNING',
    systemStatusReasons: [],
    systemStatusLimitingReasons: [],
    displayStatus: 'RUNNING',
    bidStrategy: {
      bidStrategyType: 'MANUAL_CPT',
      bidStrategyGoal: 'TAP',
      bid: {
        amount: centsToAmount(input.defaultBidCents),
        currency: input.campaign.dailyBudget.value.currency,
      },
    },
    targeting: input.targeting ?? { deviceClass: { include: ['IPHONE', 'IPAD'] } },
    cpaCap: null,
    creationTime: created,
    modificationTime: created,
    deleted: false,
  };
}

export interface KeywordInput {
  adGroup: AdGroup;
  text: string;
  matchType: 'EXACT' | 'BROAD';
  bidCents: number | null;
  currency: string;
  status?: 'ENABLED' | 'PAUSED';
}

export function newKeyword(id: number, input: KeywordInput, createdMs: number): Keyword {
  const created = appleTimestamp(createdMs);
  return {
    id,
    adAccountId: input.adGroup.adAccountId,
    campaignId: input.adGroup.campaignId,
    adGroupId: input.adGroup.id,
    text: input.text,
    matchType: input.matchType,
    bid:
      input.bidCents === null
        ? null
        : { amount: centsToAmount(input.bidCents), currency: input.currency },
    status: input.status ?? 'ENABLED',
    displayStatus: 'RUNNING',
    creationTime: created,
    modificationTime: created,
    deleted: false,
  };
}

export function newNegativeKeyword(
  id: number,
  input: {
    adAccountId: number;
    campaignId: number;
    adGroupId: number | null;
    text: string;
    matchType: 'EXACT' | 'BROAD' | 'PHRASE';
    status?: 'ENABLED' | 'PAUSED';
  },
  createdMs: number,
): NegativeKeyword {
  const created = appleTimestamp(createdMs);
  return {
    id,
    ...input,
    status: input.status ?? 'ENABLED',
    creationTime: created,
    modificationTime: created,
    deleted: false,
  };
}

export function newCreative(
  id: number,
  input: { adAccountId: number; name: string; adamId: number; productPageId: string | null },
  createdMs: number,
): Creative {
  const created = appleTimestamp(createdMs);
  return {
    id,
    adAccountId: input.adAccountId,
    name: input.name,
    creativeType: input.productPageId ? 'CUSTOM_PRODUCT_PAGE' : 'DEFAULT_PRODUCT_PAGE',
    creativeSpec: {},
    destination: {
      destinationType: 'APP_STORE_PRODUCT_PAGE',
      parameters: { adamId: String(input.adamId), productPageId: input.productPageId },
      // creative.md: the destination answers the App Store URL of the app.
      url: `https://apps.apple.com/us/app/id/${input.adamId}`,
    },
    systemStatus: 'VALID',
    systemStatusReasons: [],
    eligibility: {
      status: 'ELIGIBLE',
      allowedGroups: [
        // Choice: a product page creative serves on every App Store placement.
        { supplyPlacement: [...APP_STORE_PLACEMENTS], countryOrRegion: [] },
      ],
      blockedGroups: [],
    },
    creationTime: created,
    modificationTime: created,
    deleted: false,
  };
}

export function newAd(
  id: number,
  input: { adGroup: AdGroup; creativeId: number; name: string; status?: 'ENABLED' | 'PAUSED' },
  createdMs: number,
): Ad {
  const created = appleTimestamp(createdMs);
  return {
    id,
    name: input.name,
    status: input.status ?? 'ENABLED',
    adAccountId: input.adGroup.adAccountId,
    campaignId: input.adGroup.campaignId,
    adGroupId: input.adGroup.id,
    creativeId: input.creativeId,
    systemStatus: 'RUNNING',
    systemStatusReasons: [],
    systemStatusLimitingReasons: [],
    displayStatus: 'RUNNING',
    creationTime: created,
    modificationTime: created,
    deleted: false,
  };
}

/** The one category of the modelled brand and its places (the qualifiedId of Apple's examples). */
const BRAND_CATEGORY = 'shopping.retail';

/** The Apple Maps brand behind a BUSINESS_BRAND resource, in the category of its places. */
export function newBrand(
  resource: AdvertiserResource,
  countryOrRegion: string,
  createdMs: number,
): Brand {
  const created = appleTimestamp(createdMs);
  return {
    id: resource.resourceId,
    name: resource.resourceName,
    countryOrRegion,
    categories: [BRAND_CATEGORY],
    eligibility: {
      status: 'ELIGIBLE',
      blockedGroups: [],
      allowedGroups: [],
      modificationTime: created,
    },
    creationTime: created,
    modificationTime: created,
  };
}

/**
 * A brand's Apple Maps places: one per locality of the geo gazetteer, ids prefixed by the brand's,
 * about one in ten temporarily closed (from the seed).
 */
export function newBrandLocations(
  seed: number,
  brand: AdvertiserResource,
  createdMs: number,
): Location[] {
  const created = appleTimestamp(createdMs);
  return ADMIN_AREAS.flatMap(([country, code, adminArea, localities]) =>
    localities.map((locality) => ({ country, code, adminArea, locality })),
  ).map(({ country, code, adminArea, locality }, index) => {
    const id = `${brand.resourceId}${String(index + 1).padStart(4, '0')}`;
    return {
      id,
      brandId: brand.resourceId,
      status: unit(seed, hashString(id)) < 0.1 ? 'TEMPORARILY_CLOSED' : 'OPEN',
      name: `${brand.resourceName} ${locality}`,
      categories: [BRAND_CATEGORY],
      address: {
        countryOrRegion: country,
        adminArea,
        adminAreaCode: code,
        locality,
        fullAddress: `${locality}, ${adminArea}, ${country}`,
      },
      countryOrRegion: country,
      creationTime: created,
      modificationTime: created,
      eligibility: { status: 'ELIGIBLE', blockedGroups: [], allowedGroups: [] },
    };
  });
}

export function newLocationGroup(
  id: string,
  input: Pick<
    LocationGroup,
    'name' | 'brandId' | 'adAccountId' | 'groupType' | 'rules' | 'locationIds' | 'description'
  >,
  createdMs: number,
): LocationGroup {
  const created = appleTimestamp(createdMs);
  return {
    id,
    ...input,
    systemStatus: input.groupType === 'STATIC' ? 'VALID' : 'PENDING',
    isAllLocationsGroup: false,
    // A DYNAMIC group counts 0 until its first evaluation (locationgroupcreate.md).
    groupTotal: input.groupType === 'STATIC' ? input.locationIds.length : 0,
    eligibility: { status: input.groupType === 'STATIC' ? 'ELIGIBLE' : 'PENDING' },
    creationTime: created,
    modificationTime: created,
    deleted: false,
    rulesChangedAt: createdMs,
  };
}

/** A UUID in the version-4 layout drawn from hashes, so the same seed gives the same ids. */
function uuidFrom(...parts: number[]): string {
  const hex = [0, 1, 2, 3]
    .map((i) =>
      hash(...parts, i)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
  const variant = (8 | (parseInt(hex.charAt(16), 16) & 3)).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** An uploaded brand image (upload-asset.md): PENDING review, no variants, empty Maps metadata. */
export function newAsset(
  seed: number,
  serial: number,
  input: { name: string; promotedObjectId: string; image: Omit<AssetImage, 'orientation'> },
  createdMs: number,
): Asset {
  const created = appleTimestamp(createdMs);
  const { width, height } = input.image;
  return {
    id: uuidFrom(seed, serial),
    name: input.name,
    assetType: 'IMAGE',
    providerAssetId: [4, 5].map((part) => hash(seed, serial, part).toString(16)).join(''),
    promotedObjectId: input.promotedObjectId,
    promotedObjectType: 'BUSINESS_BRAND',
    providerAssetMetadata: {},
    assetDetails: {
      ...input.image,
      // orientation.md: classified from the pixel dimensions.
      orientation: width > height ? 'LANDSCAPE' : width < height ? 'PORTRAIT' : 'SQUARE',
    },
    parentAssetId: null,
    variantIds: [],
    creationTime: created,
    modificationTime: created,
    deleted: false,
    uploadedMs: createdMs,
  };
}
