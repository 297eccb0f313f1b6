// The rows rules evaluate, through the database: one query for several windows answers each
// window as one query for it alone does and as the seeded facts add up (a search term only where
// it has facts in the window), for daily and hourly facts; and a batch's scope filter in memory
// keeps the rows the query's scope filter keeps.
import {
  addCounts,
  ZERO_COUNTS,
  type MetricCounts,
  type RuleScope,
  type RuleTarget,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../../platform/testing/test-server';
import type { Database } from '../../../platform/db/database';
import { replaceFacts, saveEntities } from '../../ads-data/ads-data.repository';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type KeywordFact,
  type SeededAccount,
} from '../../ads-manager/ads-manager-factories';
import { seedAdGroup, seedCampaign } from '../../analytics/overview-factories';
import { valued } from './rule-evaluation';
import {
  indexRows,
  loadRuleFacts,
  loadRuleFactsByWindow,
  rowsInScope,
  WINDOWS_PER_QUERY,
  type RuleFactRow,
} from './rule-facts.repository';
import { addDays, factWindow, isoDay, type FactWindow } from './rule-windows';

let server: TestServer;
let teamId: string;
let accounts: SeededAccount[];
const facts: KeywordFact[] = [];
const now = new Date();
const today = isoDay(now);

const counts = (n: number): MetricCounts => ({
  ...ZERO_COUNTS,
  impressions: 100 * n,
  taps: 10 * n,
  tapInstalls: n,
  totalInstalls: n,
  localSpendMicros: n * 1_250_000,
});

// Days before today each keyword has facts on: alpha in every window, beta not today, gamma
// only in the widest, delta never.
const FACT_DAYS = [[0, 3, 10, 20, 35], [5, 12], [25], []];

const DAILY_WINDOWS: FactWindow[] = [
  factWindow({ range: 'LAST_1_DAY' }, 'KEYWORD', now),
  factWindow({ range: 'LAST_7_DAYS' }, 'KEYWORD', now),
  factWindow({ range: 'CUSTOM_HOUR', hours: 14 * 24 }, 'KEYWORD', now),
  factWindow({ range: 'LAST_30_DAYS' }, 'KEYWORD', now),
  // Apart from the others: the days between are read but counted in no other window.
  { grain: 'DAILY', from: addDays(today, -40), to: addDays(today, -34) },
];

const keyword = (text: string) => ({
  text,
  bidMicros: 1_000_000,
  status: 'ENABLED' as const,
  deleted: false,
  matchType: 'EXACT' as const,
});

/** A second app of the account (a company has one integration), its campaign and keywords. */
async function anotherApp(
  db: Database,
  account: SeededAccount,
  texts: string[],
): Promise<SeededAccount> {
  const id = (offset: number) => account.keywords[0]!.id + 1000 + offset;
  const other = {
    ...account,
    adamId: id(1),
    campaignId: id(2),
    adGroupId: id(3),
    keywords: texts.map((text, index) => ({ ...keyword(text), id: id(10 + index) })),
  };
  const { adAccountId, adamId, campaignId, adGroupId } = other;
  await saveEntities(db, teamId, 'apps', [{ adAccountId, adamId, name: 'Second app' }]);
  await seedCampaign(db, teamId, { adAccountId, id: campaignId, adamId, name: 'Second' });
  await seedAdGroup(db, teamId, { adAccountId, id: adGroupId, campaignId, name: 'Second exact' });
  await saveEntities(
    db,
    teamId,
    'keywords',
    other.keywords.map((each) => ({
      ...each,
      adAccountId,
      campaignId,
      adGroupId,
      modificationTime: null,
    })),
  );
  return other;
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  teamId = (await createCompany(db)).id;
  const first = await seedAdsManagerAccount(db, teamId, [keyword('alpha'), keyword('beta')]);
  accounts = [first, await anotherApp(db, first, ['gamma', 'delta'])];
  const keywords = accounts.flatMap((account) => account.keywords);
  for (const [account, seeded] of accounts.entries()) {
    const own = seeded.keywords.flatMap((each) =>
      FACT_DAYS[keywords.indexOf(each)]!.map((days) => ({
        keywordId: each.id,
        grain: 'DAILY' as const,
        date: addDays(today, -days),
        counts: counts(days + 1 + 10 * account),
      })),
    );
    await writeAccountFacts(db, seeded, own);
    facts.push(...own);
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const byEntity = (rows: readonly RuleFactRow[]) =>
  Object.fromEntries(rows.map((row) => [row.entityId, row]));

/** What the seeded keyword facts add up to in a daily window, by the keyword or term's id. */
function expectedCounts(target: RuleTarget, window: FactWindow): Record<string, MetricCounts> {
  if (window.grain !== 'DAILY') throw new Error('daily windows only');
  const sums: Record<string, MetricCounts> = {};
  const keywords = accounts.flatMap((account) =>
    account.keywords.map((keyword) => ({ account, keyword })),
  );
  for (const { account, keyword } of keywords) {
    const inWindow = facts.filter(
      (fact) => fact.keywordId === keyword.id && fact.date >= window.from && fact.date <= window.to,
    );
    const total = inWindow.reduce((sum, fact) => addCounts(sum, fact.counts), ZERO_COUNTS);
    if (target === 'KEYWORD') sums[String(keyword.id)] = total;
    else if (inWindow.length > 0) sums[`${account.adGroupId}:${keyword.text} search`] = total;
  }
  return sums;
}

describe('several windows in one query', () => {
  it.each(['KEYWORD', 'SEARCH_TERM'] as const)(
    'sums each window of %s rows as the facts add up, as one query per window does',
    async (target) => {
      const db = server.database.db;
      const together = await loadRuleFactsByWindow(db, teamId, target, DAILY_WINDOWS);
      for (const [index, window] of DAILY_WINDOWS.entries()) {
        const alone = await loadRuleFacts(db, teamId, target, window);
        expect(byEntity(together[index]!)).toEqual(byEntity(alone));
        const expected = expectedCounts(target, window);
        expect(
          Object.fromEntries(alone.map((row) => [row.entityId, row.counts])),
          `${target} ${JSON.stringify(window)}`,
        ).toEqual(expected);
      }
      // Terms without facts in a window are no rows: beta's is not there today.
      const terms = together.map((rows) => rows.length);
      if (target === 'SEARCH_TERM') expect(terms).toEqual([1, 2, 2, 3, 1]);
      else expect(terms).toEqual([4, 4, 4, 4, 4]);
    },
  );

  it('reads more windows than one query sums in several queries, each as the facts add up', async () => {
    const windows = Array.from({ length: WINDOWS_PER_QUERY + 4 }, (_, days) =>
      factWindow({ range: 'CUSTOM_HOUR', hours: (days + 1) * 24 }, 'KEYWORD', now),
    );
    const together = await loadRuleFactsByWindow(server.database.db, teamId, 'KEYWORD', windows);
    expect(together).toHaveLength(windows.length);
    for (const [index, window] of windows.entries())
      expect(Object.fromEntries(together[index]!.map((row) => [row.entityId, row.counts]))).toEqual(
        expectedCounts('KEYWORD', window),
      );
  });

  it('sums campaigns and ad groups over their windows as one query per window does', async () => {
    const db = server.database.db;
    for (const target of ['CAMPAIGN', 'AD_GROUP'] as const) {
      const together = await loadRuleFactsByWindow(db, teamId, target, DAILY_WINDOWS);
      for (const [index, window] of DAILY_WINDOWS.entries())
        expect(byEntity(together[index]!)).toEqual(
          byEntity(await loadRuleFacts(db, teamId, target, window)),
        );
      // The first account's campaign over 30 days: alpha's 1, 4, 11 and 21 and beta's 6 and 13.
      const campaign = together[3]!.find((row) => row.campaignId === accounts[0]!.campaignId);
      expect(campaign?.counts.taps).toBe(10 * (1 + 4 + 11 + 21 + 6 + 13));
    }
  });

  it('sums the hours of each hourly window as one query per window does', async () => {
    const db = server.database.db;
    const [first] = accounts;
    const hoursAgo = [0, 3, 30];
    const hourOf = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    await replaceFacts(
      db,
      teamId,
      'campaignHours',
      {
        adAccountId: first!.adAccountId,
        campaignIds: [first!.campaignId],
        grain: 'DAILY',
        from: isoDay(hourOf(30)),
        to: today,
      },
      hoursAgo.map((hours) => ({
        adAccountId: first!.adAccountId,
        adamId: first!.adamId,
        campaignId: first!.campaignId,
        date: isoDay(hourOf(hours)),
        hour: hourOf(hours).getUTCHours(),
        ...counts(hours + 1),
      })) as never,
    );
    const windows = [1, 24, 48].map((hours) =>
      factWindow({ range: 'CUSTOM_HOUR', hours }, 'CAMPAIGN', now),
    );
    const together = await loadRuleFactsByWindow(db, teamId, 'CAMPAIGN', windows);
    for (const [index, window] of windows.entries())
      expect(byEntity(together[index]!)).toEqual(
        byEntity(await loadRuleFacts(db, teamId, 'CAMPAIGN', window)),
      );
    const taps = together.map(
      (rows) => rows.find((row) => row.campaignId === first!.campaignId)?.counts.taps,
    );
    expect(taps).toEqual([10, 10 + 40, 10 + 40 + 310]);
  });
});

describe('the scope filter in memory', () => {
  it('keeps the rows the query keeps for every kind of scope', async () => {
    const db = server.database.db;
    const [first, second] = accounts as [SeededAccount, SeededAccount];
    const none: RuleScope = {
      adAccountIds: [],
      adamIds: [],
      campaignIds: [],
      adGroupIds: [],
      keywordIds: [],
    };
    const scopes: RuleScope[] = [
      none,
      { ...none, campaignIds: [first.campaignId] },
      { ...none, campaignIds: [first.campaignId, second.campaignId, first.campaignId] },
      { ...none, adamIds: [second.adamId] },
      { ...none, adamIds: [second.adamId], keywordIds: [second.keywords[0]!.id] },
      { ...none, campaignIds: [first.campaignId], adGroupIds: [second.adGroupId] },
      { ...none, adAccountIds: [first.adAccountId] },
      { ...none, keywordIds: [first.keywords[1]!.id] },
    ];
    const window = DAILY_WINDOWS[3]!;
    for (const target of ['CAMPAIGN', 'KEYWORD', 'SEARCH_TERM'] as const) {
      const rows = indexRows((await loadRuleFacts(db, teamId, target, window)).map(valued));
      for (const scope of scopes) {
        const inMemory = rowsInScope(rows, scope).map(({ row }) => row.entityId);
        const inQuery = (await loadRuleFacts(db, teamId, target, window, scope)).map(
          (row) => row.entityId,
        );
        expect(inMemory.sort(), `${target} ${JSON.stringify(scope)}`).toEqual(inQuery.sort());
      }
    }
  });
});
