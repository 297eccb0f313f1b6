// Builders of complete wire entities from the fields a create request carries, shared by the
// scenario generator and the create routes so both produce identical shapes.
import type {
  Ad,
  AdGroup,
  Campaign,
  Creative,
  Keyword,
  NegativeKeyword,
  TargetingData,
} from './entities.js';
import { appleTimestamp } from './calendar.js';
import { centsToAmount } from './money.js';

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
        {
          supplyPlacement: ['APPSTORE_SEARCH_RESULTS', 'APPSTORE_SEARCH_TAB'],
          countryOrRegion: [],
        },
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
