// The wizard's choices as Apple Ads v1 create bodies (campaigncreate.md, adgroupcreate.md and
// their targeting pages). docs/campaign-creation.md says how each choice maps.
import {
  moneyFromMicros,
  type AdGroupCreate,
  type CampaignCreate,
  type KeywordCreate,
  type NegativeKeywordCreate,
  type TargetingData,
} from '@tapwise/apple-ads';
import {
  moneyToMicros,
  SUPPLY_PLACEMENT_OF,
  placementHasKeywords,
  type CampaignCreationInput,
  type WizardAdGroup,
  type WizardAudience,
  type WizardNegativeKeyword,
} from '@tapwise/contracts';
import { appleTime } from '../apple-writes/entity-changes';

const money = (amount: string, currency: string) =>
  moneyFromMicros(moneyToMicros(amount), currency);

const included = (values: readonly (string | number)[]): TargetingData => ({
  include: values.map(String),
});

export function campaignCreate(
  input: CampaignCreationInput,
  currency: string,
): Omit<CampaignCreate, 'adAccountId'> {
  return {
    name: input.campaignName,
    billingEvent: 'TAPS',
    promotedObjectType: 'APPSTORE_APP',
    promotedObjectId: String(input.adamId),
    dailyBudget: { value: money(input.dailyBudget, currency) },
    targeting: {
      countryOrRegion: included(input.countries),
      supplyPlacement: { include: [SUPPLY_PLACEMENT_OF[input.placement]] },
    },
    status: 'ENABLED',
    ...(input.startTime ? { startTime: appleTime(input.startTime) } : {}),
    ...(input.endTime ? { endTime: appleTime(input.endTime) } : {}),
  };
}

/** Who sees the ads by their relation to the app (v1 appDownloader). */
function appDownloader(
  audience: WizardAudience,
  adamId: number,
  otherAppIds: readonly number[],
): TargetingData | null {
  switch (audience.customerType) {
    case 'all':
      return null;
    case 'new':
      return { exclude: [String(adamId)] };
    case 'existing':
      return included([adamId]);
    case 'otherApps':
      return { include: otherAppIds.map(String), exclude: [String(adamId)] };
  }
}

/** Only the dimensions the wizard narrows; "all" of a dimension is no targeting. */
function adGroupTargeting(
  input: CampaignCreationInput,
  audience: WizardAudience,
  otherAppIds: readonly number[],
): Record<string, TargetingData> {
  const targeting: Record<string, TargetingData> = {
    deviceClass: included(audience.devices),
  };
  if (audience.gender !== 'all') targeting.gender = included([audience.gender]);
  if (audience.age) {
    targeting.minAge = included([audience.age.min]);
    if (audience.age.max !== null) targeting.maxAge = included([audience.age.max]);
  }
  if (audience.daypart) targeting.daypart = included(audience.daypart);
  const downloader = appDownloader(audience, input.adamId, otherAppIds);
  if (downloader) targeting.appDownloader = downloader;
  if (input.adminAreas.length > 0) targeting.adminArea = included(input.adminAreas);
  if (input.localities.length > 0) targeting.locality = included(input.localities);
  return targeting;
}

/** v1 bids one way at a time: a CPA goal bids for conversions, else the default max CPT bid. */
export function adGroupCreate(
  input: CampaignCreationInput,
  adGroup: WizardAdGroup,
  context: { campaignId: number; currency: string; otherAppIds: readonly number[] },
): AdGroupCreate {
  return {
    campaignId: context.campaignId,
    name: adGroup.name,
    pricingModel: 'CPT',
    bidStrategy: adGroup.cpaGoal
      ? {
          bidStrategyType: 'MAX_CONVERSIONS',
          bidStrategyGoal: 'INSTALL',
          bid: money(adGroup.cpaGoal, context.currency),
        }
      : {
          bidStrategyType: 'MANUAL_CPT',
          bidStrategyGoal: 'TAP',
          bid: money(adGroup.defaultBid, context.currency),
        },
    ...(placementHasKeywords(input.placement)
      ? { automatedKeywordsOptIn: adGroup.searchMatch }
      : {}),
    status: 'ENABLED',
    targeting: adGroupTargeting(input, adGroup.audience, context.otherAppIds),
  };
}

/** Keywords carry their own bid in the custom bid mode only. */
export function keywordCreates(
  adGroup: WizardAdGroup,
  adGroupId: number,
  currency: string,
): KeywordCreate[] {
  return adGroup.keywords.map((keyword) => ({
    adGroupId,
    text: keyword.text,
    matchType: keyword.matchType,
    status: 'ENABLED',
    ...(adGroup.bidMode === 'custom' && keyword.bid ? { bid: money(keyword.bid, currency) } : {}),
  }));
}

export function negativeKeywordCreates(
  negatives: readonly WizardNegativeKeyword[],
  owner: { campaignId: number } | { adGroupId: number },
): NegativeKeywordCreate[] {
  return negatives.map(({ text, matchType }) => ({ ...owner, text, matchType }));
}

/** Same text (any case) and match type: how Apple tells keywords apart. */
export const keywordKey = (keyword: { text: string; matchType: string }) =>
  `${keyword.matchType}|${keyword.text.toLowerCase()}`;
