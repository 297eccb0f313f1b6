// Reads every entity of an ad account from Apple and maps it to Tapwise's rows.
import {
  adamIdOf,
  moneyToMicros,
  normaliseKeywordStatus,
  type AccountClient,
  type Ad,
  type AdGroup,
  type Campaign,
  type Creative,
  type Keyword,
  type NegativeKeyword,
} from '@tapwise/apple-ads';
import type { EntityRows } from '../ads-data/ads-data.repository';

export async function collect<T>(pages: AsyncGenerator<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}

const time = (value: string | null | undefined) => (value ? new Date(value) : null);

/** `adGroupId IN` takes at most 1000 values (post-keywords-query.md). */
const AD_GROUP_IN_MAX = 1000;

/**
 * Apple refuses a keyword or negative keyword query that names no ad group (or campaign), so
 * they are read by ad group, 1000 ad groups a query.
 */
async function byAdGroups<T>(
  adGroupIds: number[],
  pages: (ids: number[]) => AsyncGenerator<T[]>,
): Promise<T[]> {
  const all: T[] = [];
  for (let start = 0; start < adGroupIds.length; start += AD_GROUP_IN_MAX)
    all.push(...(await collect(pages(adGroupIds.slice(start, start + AD_GROUP_IN_MAX)))));
  return all;
}

/** Campaign-level negatives: `adGroupId IS_NULL` within one campaign at a time. */
async function campaignNegatives(
  account: AccountClient,
  campaignIds: number[],
): Promise<NegativeKeyword[]> {
  const all: NegativeKeyword[] = [];
  for (const campaignId of campaignIds)
    all.push(
      ...(await collect(
        account.negativeKeywords.all({
          filters: [
            { field: 'campaignId', operator: 'EQUALS', value: campaignId },
            { field: 'adGroupId', operator: 'IS_NULL' },
          ],
        }),
      )),
    );
  return all;
}

async function keywordsAndNegatives(
  account: AccountClient,
  campaigns: Campaign[],
  adGroups: AdGroup[],
): Promise<[Keyword[], NegativeKeyword[]]> {
  const adGroupIds = adGroups.map((adGroup) => adGroup.id);
  const inAdGroups = (ids: number[]) => ({
    filters: [{ field: 'adGroupId', operator: 'IN' as const, value: ids }],
  });
  const [keywords, adGroupNegatives, campaignLevel] = await Promise.all([
    byAdGroups(adGroupIds, (ids) => account.keywords.all(inAdGroups(ids))),
    byAdGroups(adGroupIds, (ids) => account.negativeKeywords.all(inAdGroups(ids))),
    campaignNegatives(
      account,
      campaigns.map((campaign) => campaign.id),
    ),
  ]);
  return [keywords, [...campaignLevel, ...adGroupNegatives]];
}

export async function fetchAccountEntities(account: AccountClient): Promise<EntityRows> {
  const adAccountId = account.adAccountId;
  const [campaigns, adGroups, ads, creatives, productPages, owned] = await Promise.all([
    collect(account.campaigns.all()),
    collect(account.adGroups.all()),
    collect(account.ads.all()),
    collect(account.creatives.all()),
    collect(account.productPages.all()),
    account.apps.search({ returnOwnedApps: true, limit: 1000 }),
  ]);
  const [keywords, negativeKeywords] = await keywordsAndNegatives(account, campaigns, adGroups);
  const appNames = new Map(owned.result.map((app) => [app.adamId, app.appName]));
  const adamIds = new Set([
    ...appNames.keys(),
    ...campaigns.map((campaign) => adamIdOf(campaign.promotedObjectId)),
  ]);
  return {
    apps: [...adamIds].map((adamId) => ({
      adAccountId,
      adamId,
      name: appNames.get(adamId) ?? String(adamId),
    })),
    campaigns: campaigns.map((campaign) => campaignRow(adAccountId, campaign)),
    adGroups: adGroups.map((adGroup) => adGroupRow(adAccountId, adGroup)),
    keywords: keywords.map((keyword) => keywordRow(adAccountId, keyword)),
    negativeKeywords: negativeKeywords.map((negative) => negativeKeywordRow(adAccountId, negative)),
    ads: ads.map((ad) => adRow(adAccountId, ad)),
    creatives: creatives.map((creative) => creativeRow(adAccountId, creative)),
    productPages: productPages.map((page) => ({
      adAccountId,
      id: page.id,
      adamId: adamIdOf(page.adamId),
      name: page.name,
      state: page.state,
      deepLink: page.deepLink ?? null,
    })),
  };
}

// One entity as Apple returns it → its stored row; the sync and the write gateway share these.

export function campaignRow(adAccountId: number, campaign: Campaign): EntityRows['campaigns'][0] {
  return {
    adAccountId,
    id: campaign.id,
    adamId: adamIdOf(campaign.promotedObjectId),
    name: campaign.name,
    status: campaign.status,
    deleted: campaign.deleted,
    modificationTime: time(campaign.modificationTime),
    displayStatus: campaign.displayStatus,
    servingStateReasons: [
      ...(campaign.systemStatusReasons ?? []),
      ...(campaign.systemStatusLimitingReasons ?? []),
    ],
    dailyBudgetMicros: campaign.dailyBudget ? moneyToMicros(campaign.dailyBudget.value) : null,
    currency: campaign.dailyBudget?.value.currency ?? '',
    countriesOrRegions: campaign.targeting.countryOrRegion?.include ?? [],
    supplySources: campaign.targeting.supplyPlacement?.include ?? [],
    startTime: time(campaign.startTime),
    endTime: time(campaign.endTime),
  };
}

/**
 * An ad group bids one way at a time: MANUAL_CPT's bid is the default bid, MAX_CONVERSIONS's bid
 * is the target CPA (the spec's CPA goal).
 */
export function adGroupRow(adAccountId: number, adGroup: AdGroup): EntityRows['adGroups'][0] {
  const bid = adGroup.bidStrategy?.bid ? moneyToMicros(adGroup.bidStrategy.bid) : null;
  const maxConversions = adGroup.bidStrategy?.bidStrategyType === 'MAX_CONVERSIONS';
  return {
    adAccountId,
    id: adGroup.id,
    campaignId: adGroup.campaignId,
    name: adGroup.name,
    status: adGroup.status,
    deleted: adGroup.deleted,
    modificationTime: time(adGroup.modificationTime),
    displayStatus: adGroup.displayStatus,
    defaultBidMicros: maxConversions ? null : bid,
    cpaGoalMicros: maxConversions ? bid : null,
    automatedKeywordsOptIn: adGroup.automatedKeywordsOptIn,
    targetingDimensions: adGroup.targeting ?? {},
    startTime: time(adGroup.startTime),
    endTime: time(adGroup.endTime),
  };
}

export function keywordRow(adAccountId: number, keyword: Keyword): EntityRows['keywords'][0] {
  return {
    adAccountId,
    id: keyword.id,
    campaignId: keyword.campaignId,
    adGroupId: keyword.adGroupId,
    text: keyword.text,
    matchType: keyword.matchType,
    bidMicros: keyword.bid ? moneyToMicros(keyword.bid) : null,
    status: normaliseKeywordStatus(keyword.status),
    deleted: keyword.deleted,
    modificationTime: time(keyword.modificationTime),
  };
}

export function negativeKeywordRow(
  adAccountId: number,
  negative: NegativeKeyword,
): EntityRows['negativeKeywords'][0] {
  return {
    adAccountId,
    id: negative.id,
    campaignId: negative.campaignId,
    adGroupId: negative.adGroupId ?? null,
    text: negative.text,
    matchType: negative.matchType,
    status: negative.status,
    deleted: negative.deleted,
    modificationTime: time(negative.modificationTime),
  };
}

export function adRow(adAccountId: number, ad: Ad): EntityRows['ads'][0] {
  return {
    adAccountId,
    id: ad.id,
    campaignId: ad.campaignId,
    adGroupId: ad.adGroupId,
    creativeId: ad.creativeId,
    name: ad.name,
    status: ad.status,
    deleted: ad.deleted,
    modificationTime: time(ad.modificationTime),
  };
}

export function creativeRow(adAccountId: number, creative: Creative): EntityRows['creatives'][0] {
  const { adamId, productPageId } = creative.destination.parameters;
  return {
    adAccountId,
    id: creative.id,
    adamId: adamId === undefined ? null : adamIdOf(adamId),
    name: creative.name,
    creativeType: creative.creativeType,
    productPageId: productPageId ?? null,
    deleted: creative.deleted,
  };
}
