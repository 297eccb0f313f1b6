// Test support for the ads manager: an app (from the overview's factory) grown into a small
// account, with keywords of every status, negative keywords, ads on creatives and product
// pages, and facts at every level written through the sync's own repository. Campaign and ad
// group facts are the sums of their keywords' facts, as Apple's reports are.
import { addCounts, ZERO_COUNTS, type MetricCounts } from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { replaceFacts, saveEntities, type FactKind } from '../ads-data/ads-data.repository';
import type { ReportGrain } from '../ads-data/report-facts.tables';
import { seedAppleAdsApp, type SeededApp } from '../analytics/overview-factories';

export interface SeededKeyword {
  id: number;
  text: string;
  status: 'ENABLED' | 'PAUSED';
  deleted: boolean;
  matchType: 'EXACT' | 'BROAD';
  /** null: the keyword bids its ad group's default bid. */
  bidMicros: number | null;
}

export interface KeywordFact {
  keywordId: number;
  grain: ReportGrain;
  date: string;
  counts: MetricCounts;
}

export interface SeededAccount extends SeededApp {
  keywords: SeededKeyword[];
  negativeKeywordId: number;
  adId: number;
  creativeId: number;
  productPageId: string;
}

let sequence = 0;
const nextId = () => 800_000_000 + ++sequence;

/**
 * The app's account (USD unless told) with `keywords` in its ad group (the app's own keyword
 * among them).
 */
export async function seedAdsManagerAccount(
  db: Database,
  teamId: string,
  keywords: Omit<SeededKeyword, 'id'>[],
  appName?: string,
  options: { currency?: string; accountName?: string } = {},
): Promise<SeededAccount> {
  const app = await seedAppleAdsApp(db, teamId, { appName, ...options });
  const [first, ...others] = keywords;
  const seeded: SeededKeyword[] = [
    { ...first!, id: app.keywordId },
    ...others.map((keyword) => ({ ...keyword, id: nextId() })),
  ];
  const base = { adAccountId: app.adAccountId, campaignId: app.campaignId, modificationTime: null };
  await saveEntities(
    db,
    teamId,
    'keywords',
    seeded.map((keyword) => ({ ...base, ...keyword, adGroupId: app.adGroupId })),
  );
  const account = {
    ...app,
    keywords: seeded,
    negativeKeywordId: nextId(),
    adId: nextId(),
    creativeId: nextId(),
    productPageId: `pp-${nextId()}`,
  };
  await saveEntities(db, teamId, 'negativeKeywords', [
    {
      ...base,
      id: account.negativeKeywordId,
      adGroupId: null,
      text: 'free',
      matchType: 'EXACT',
      status: 'ENABLED',
      deleted: false,
    },
  ]);
  await saveEntities(db, teamId, 'productPages', [
    {
      adAccountId: app.adAccountId,
      id: account.productPageId,
      adamId: app.adamId,
      name: 'Summer page',
      state: 'VISIBLE',
      deepLink: null,
    },
  ]);
  await saveEntities(db, teamId, 'creatives', [
    {
      adAccountId: app.adAccountId,
      id: account.creativeId,
      adamId: app.adamId,
      name: 'Summer creative',
      creativeType: 'CUSTOM_PRODUCT_PAGE',
      productPageId: account.productPageId,
      deleted: false,
    },
  ]);
  await saveEntities(db, teamId, 'ads', [
    {
      ...base,
      id: account.adId,
      adGroupId: app.adGroupId,
      creativeId: account.creativeId,
      name: 'Summer ad',
      status: 'ENABLED',
      deleted: false,
    },
  ]);
  return account;
}

/** Sums of the facts per (grain, date). */
function byDate(facts: readonly KeywordFact[]): Map<string, KeywordFact> {
  const sums = new Map<string, KeywordFact>();
  for (const fact of facts) {
    const key = `${fact.grain} ${fact.date}`;
    const sum = sums.get(key) ?? { ...fact, counts: ZERO_COUNTS };
    sums.set(key, { ...sum, counts: addCounts(sum.counts, fact.counts) });
  }
  return sums;
}

/**
 * Writes the keywords' facts, the ad group's and campaign's (their sums), the ad's (the sums
 * too: one ad serves the ad group) and one search term per keyword fact, named after the keyword.
 */
export async function writeAccountFacts(
  db: Database,
  account: SeededAccount,
  facts: readonly KeywordFact[],
): Promise<void> {
  const base = {
    adAccountId: account.adAccountId,
    adamId: account.adamId,
    campaignId: account.campaignId,
  };
  const textOf = (id: number) => account.keywords.find((keyword) => keyword.id === id)!.text;
  const rowsOf: Record<
    Exclude<FactKind, 'campaignBreakdowns' | 'campaignHours' | 'adgroupHours'>,
    (grain: ReportGrain) => object[]
  > = {
    keywords: (grain) =>
      facts
        .filter((fact) => fact.grain === grain)
        .map((fact) => ({
          ...base,
          ...fact.counts,
          grain,
          date: fact.date,
          adGroupId: account.adGroupId,
          keywordId: fact.keywordId,
        })),
    searchterms: (grain) =>
      facts
        .filter((fact) => fact.grain === grain)
        .map((fact) => ({
          ...base,
          ...fact.counts,
          grain,
          date: fact.date,
          adGroupId: account.adGroupId,
          keywordId: fact.keywordId,
          searchTermText: `${textOf(fact.keywordId)} search`,
          searchTermSource: 'TARGETED',
        })),
    adgroups: (grain) =>
      [...byDate(facts).values()]
        .filter((fact) => fact.grain === grain)
        .map((fact) => ({
          ...base,
          ...fact.counts,
          grain,
          date: fact.date,
          adGroupId: account.adGroupId,
        })),
    campaigns: (grain) =>
      [...byDate(facts).values()]
        .filter((fact) => fact.grain === grain)
        .map((fact) => ({ ...base, ...fact.counts, grain, date: fact.date })),
    ads: (grain) =>
      [...byDate(facts).values()]
        .filter((fact) => fact.grain === grain)
        .map((fact) => ({
          ...base,
          ...fact.counts,
          grain,
          date: fact.date,
          adGroupId: account.adGroupId,
          adId: account.adId,
        })),
  };
  for (const grain of new Set(facts.map((fact) => fact.grain))) {
    const dates = facts
      .filter((fact) => fact.grain === grain)
      .map((fact) => fact.date)
      .sort();
    const window = {
      adAccountId: account.adAccountId,
      campaignIds: [account.campaignId],
      grain,
      from: dates[0]!,
      to: dates.at(-1)!,
    };
    for (const [kind, rows] of Object.entries(rowsOf))
      await replaceFacts(db, account.teamId, kind as FactKind, window, rows(grain) as never);
  }
}
