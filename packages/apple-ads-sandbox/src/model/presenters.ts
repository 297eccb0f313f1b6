// Status derivation on read: displayStatus and system-status reasons follow from the entity and
// its parents (paused, deleted, schedule, ad groups or keywords missing), as Apple reports them.
import type {
  Ad,
  Asset,
  AdGroup,
  Campaign,
  Keyword,
  Location,
  LocationGroup,
  LocationRule,
  SharedBudget,
} from './entities.js';
import { parseAppleTimestamp } from './calendar.js';
import { APP_STOREFRONTS } from './catalogue.js';
import type { SandboxStore } from './store.js';

export function presentCampaign(store: SandboxStore, id: number): Campaign {
  const campaign = store.campaigns.get(id);
  if (!campaign) throw new Error(`unknown campaign ${id}`);
  const reasons: string[] = [];
  let displayStatus = 'RUNNING';
  const now = store.now();
  if (campaign.deleted) {
    displayStatus = 'DELETED';
    reasons.push('DELETED_BY_USER');
  } else if (campaign.status === 'PAUSED') {
    displayStatus = 'PAUSED';
    reasons.push('PAUSED_BY_USER');
  } else if (parseAppleTimestamp(campaign.startTime) > now) {
    displayStatus = 'ON_HOLD';
    reasons.push('SCHEDULE_PENDING');
  } else if (campaign.endTime && parseAppleTimestamp(campaign.endTime) <= now) {
    displayStatus = 'ON_HOLD';
    reasons.push('SCHEDULE_EXPIRED');
  } else {
    const adGroups = (store.adGroupIdsByCampaign.get(id) ?? [])
      .map((adGroupId) => store.adGroups.get(adGroupId))
      .filter((g): g is AdGroup => !!g && !g.deleted);
    if (adGroups.length === 0) {
      displayStatus = 'ON_HOLD';
      reasons.push('AD_GROUPS_MISSING');
    } else if (!adGroups.some((g) => g.status === 'ENABLED')) {
      displayStatus = 'ON_HOLD';
      reasons.push('AD_GROUPS_NOT_RUNNING');
    }
  }
  return {
    ...campaign,
    displayStatus,
    systemStatus: reasons.length === 0 ? 'RUNNING' : 'NOT_RUNNING',
    systemStatusReasons: reasons,
  };
}

/**
 * LegacyAppLimitedStatusReasonDetails: per targeted storefront, why delivery is limited there.
 * The one country-level limit the model knows is a storefront the app is not published in.
 */
export function legacyLimitedStatusReasons(campaign: Campaign) {
  const countries = campaign.targeting.countryOrRegion.include ?? [];
  return {
    countryOrRegionLimitedStatusReasons: Object.fromEntries(
      countries.map((country) => [
        country,
        APP_STOREFRONTS.includes(country) ? [] : ['APP_NOT_PUBLISHED_YET'],
      ]),
    ),
  };
}

export function presentAdGroup(store: SandboxStore, id: number): AdGroup {
  const adGroup = store.adGroups.get(id);
  if (!adGroup) throw new Error(`unknown ad group ${id}`);
  const campaign = presentCampaign(store, adGroup.campaignId);
  const reasons: string[] = [];
  let displayStatus = 'RUNNING';
  if (adGroup.deleted) {
    displayStatus = 'DELETED';
    reasons.push('DELETED_BY_USER');
  } else if (adGroup.status === 'PAUSED') {
    displayStatus = 'PAUSED';
    reasons.push('PAUSED_BY_USER');
  } else if (campaign.displayStatus !== 'RUNNING') {
    displayStatus = 'CAMPAIGN_ON_HOLD';
    reasons.push('CAMPAIGN_NOT_RUNNING');
  } else if (
    !adGroup.automatedKeywordsOptIn &&
    !(store.keywordIdsByAdGroup.get(id) ?? []).some(
      (keywordId) => store.keywords.get(keywordId)?.deleted === false,
    )
  ) {
    displayStatus = 'ON_HOLD';
    reasons.push('KEYWORDS_MISSING');
  }
  return {
    ...adGroup,
    displayStatus,
    systemStatus: reasons.length === 0 ? 'RUNNING' : 'NOT_RUNNING',
    systemStatusReasons: reasons,
  };
}

export function presentKeyword(store: SandboxStore, id: number): Keyword {
  const keyword = store.keywords.get(id);
  if (!keyword) throw new Error(`unknown keyword ${id}`);
  let displayStatus = 'RUNNING';
  if (keyword.deleted) displayStatus = 'DELETED';
  else if (keyword.status === 'PAUSED') displayStatus = 'PAUSED';
  else {
    const adGroup = presentAdGroup(store, keyword.adGroupId);
    if (adGroup.displayStatus === 'CAMPAIGN_ON_HOLD') displayStatus = 'CAMPAIGN_ON_HOLD';
    else if (adGroup.displayStatus !== 'RUNNING') displayStatus = 'AD_GROUP_ON_HOLD';
  }
  return { ...keyword, displayStatus };
}

export function presentAd(store: SandboxStore, id: number): Ad {
  const ad = store.ads.get(id);
  if (!ad) throw new Error(`unknown ad ${id}`);
  const reasons: string[] = [];
  let displayStatus = 'RUNNING';
  if (ad.deleted) {
    displayStatus = 'DELETED';
    reasons.push('DELETED_BY_USER');
  } else if (ad.status === 'PAUSED') {
    displayStatus = 'PAUSED';
    reasons.push('PAUSED_BY_USER');
  } else if (store.creatives.get(ad.creativeId)?.deleted !== false) {
    // delete-creatives-_id_.md: the ads of a deleted creative stay, NOT_RUNNING.
    displayStatus = 'ON_HOLD';
    reasons.push('CREATIVE_INVALID');
  } else {
    const adGroup = presentAdGroup(store, ad.adGroupId);
    if (adGroup.displayStatus === 'CAMPAIGN_ON_HOLD') displayStatus = 'CAMPAIGN_ON_HOLD';
    else if (adGroup.displayStatus !== 'RUNNING') displayStatus = 'AD_GROUP_ON_HOLD';
  }
  return {
    ...ad,
    displayStatus,
    systemStatus: reasons.length === 0 && displayStatus === 'RUNNING' ? 'RUNNING' : 'NOT_RUNNING',
    systemStatusReasons: reasons,
  };
}

/**
 * A budget order's status (sharedbudget.md): INACTIVE with DELETED_BY_USER, SCHEDULE_PENDING before
 * its start or SCHEDULE_EXPIRED after its end, else ACTIVE. Spend against it is not modelled, so
 * EXHAUSTED never appears.
 */
export function presentSharedBudget(store: SandboxStore, id: number): SharedBudget {
  const budget = store.sharedBudgets.get(id);
  if (!budget) throw new Error(`unknown shared budget ${id}`);
  const now = store.now();
  const reasons: string[] = [];
  if (budget.deleted) reasons.push('DELETED_BY_USER');
  else if (parseAppleTimestamp(budget.startTime) > now) reasons.push('SCHEDULE_PENDING');
  else if (budget.endTime && parseAppleTimestamp(budget.endTime) <= now)
    reasons.push('SCHEDULE_EXPIRED');
  return {
    ...budget,
    systemStatus: reasons.length === 0 ? 'ACTIVE' : 'INACTIVE',
    systemStatusReasons: reasons,
  };
}

/** How long a DYNAMIC group's rules take to evaluate after a change (a choice: Apple gives none). */
export const LOCATION_GROUP_EVALUATION_MS = 5 * 60_000;

function ruleValue(location: Location, field: string): string | undefined {
  const { address } = location;
  if (field === 'adminArea') return address.adminArea;
  if (field === 'locality')
    return `${address.countryOrRegion}|${address.adminArea}|${address.locality}`;
  if (field === 'locationId') return location.id;
  return undefined; // postalCode: the gazetteer has none
}

/** Rules are AND-ed; IN / NOT_IN take arrays (rule.md). */
export function matchesRules(location: Location, rules: readonly LocationRule[]): boolean {
  return rules.every((rule) => {
    const actual = ruleValue(location, rule.field);
    const values = [rule.value].flat();
    const found = actual !== undefined && values.includes(actual);
    return rule.operator.startsWith('NOT_') ? !found : found;
  });
}

/** The wire LocationGroup (locationgroup.md) without the store's bookkeeping fields. */
export type PresentedLocationGroup = Omit<LocationGroup, 'deleted' | 'rulesChangedAt'>;

/**
 * A location group as Apple reports it: DELETED once deleted; a DYNAMIC group is PENDING (with its
 * last known members) for LOCATION_GROUP_EVALUATION_MS after its rules change, then VALID with the
 * brand's locations that match its rules.
 */
export function presentLocationGroup(store: SandboxStore, id: string): PresentedLocationGroup {
  const group = store.locationGroups.get(id);
  if (!group) throw new Error(`unknown location group ${id}`);
  const { deleted, rulesChangedAt, ...wire } = group;
  if (deleted) return { ...wire, systemStatus: 'DELETED' };
  if (group.groupType === 'STATIC' || store.now() < rulesChangedAt + LOCATION_GROUP_EVALUATION_MS)
    return wire;
  const locationIds = [...store.locations.values()]
    .filter((location) => location.brandId === group.brandId)
    .filter((location) => matchesRules(location, group.rules ?? []))
    .map((location) => location.id);
  return {
    ...wire,
    systemStatus: 'VALID',
    locationIds,
    groupTotal: locationIds.length,
    eligibility: { status: 'ELIGIBLE' },
  };
}

/** Choice: Apple gives no review time; an uploaded image is PENDING this long, then ELIGIBLE. */
export const ASSET_REVIEW_MS = 5 * 60_000;

export type PresentedAsset = Omit<Asset, 'uploadedMs'> & {
  eligibility: { status: 'PENDING' | 'ELIGIBLE'; blockedGroups: []; allowedGroups: [] };
};

/** Asset (asset.md) with its eligibility (asseteligibility.md), which follows the review. */
export function presentAsset(store: SandboxStore, asset: Asset): PresentedAsset {
  const { uploadedMs, ...wire } = asset;
  const status = store.now() < uploadedMs + ASSET_REVIEW_MS ? 'PENDING' : 'ELIGIBLE';
  return { ...wire, eligibility: { status, blockedGroups: [], allowedGroups: [] } };
}
