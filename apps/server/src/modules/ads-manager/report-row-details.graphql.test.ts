// What a row shows besides its sums, through the real API on a real database: a keyword that
// bids its ad group's default bid, the match type of search terms (Search Match included), and a
// creative set's status, ad group and campaign, read from the ads that show it.
import {
  METRIC_COUNT_FIELDS,
  REPORT_LEVEL_OPERATIONS,
  type ReportLevel,
  type ReportPage,
  type ReportQuery,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { replaceFacts, saveEntities } from '../ads-data/ads-data.repository';
import { seedAdGroup, uniformCounts } from '../analytics/overview-factories';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from './ads-manager-factories';

let server: TestServer;
let admin: Session;
let account: SeededAccount;
const DAY = '2025-03-02';
const PERIOD = { start: '2025-03-01', end: '2025-03-10' };
const OTHER_AD_GROUP_ID = 870_000_001;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const company = await createCompany(db);
  const member = await createMember(db, company.id, { role: 'ADMIN' });
  admin = await apiClient(server.url).signIn(member.email, member.password);
  account = await seedAdsManagerAccount(db, company.id, [
    {
      text: 'own bid',
      status: 'ENABLED',
      deleted: false,
      matchType: 'BROAD',
      bidMicros: 3_000_000,
    },
    { text: 'inherits', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: null },
    { text: 'cheap', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 500_000 },
  ]);
  const [broad] = account.keywords;
  const facts = [
    { keywordId: broad!.id, grain: 'DAILY' as const, date: DAY, counts: uniformCounts(2) },
  ];
  await writeAccountFacts(db, account, facts);
  // The terms the keyword matched, and one Search Match found without a keyword.
  const term = (keywordId: number, searchTermText: string, searchTermSource: string) => ({
    adAccountId: account.adAccountId,
    adamId: account.adamId,
    campaignId: account.campaignId,
    adGroupId: account.adGroupId,
    grain: 'DAILY',
    date: DAY,
    keywordId,
    searchTermText,
    searchTermSource,
    ...uniformCounts(1),
  });
  await replaceFacts(
    db,
    company.id,
    'searchterms',
    {
      adAccountId: account.adAccountId,
      campaignIds: [account.campaignId],
      grain: 'DAILY',
      from: DAY,
      to: DAY,
    },
    [
      term(broad!.id, 'own bid games', 'TARGETED'),
      term(0, 'found by search match', 'AUTO'),
    ] as never,
  );
});
afterAll(async () => {
  await server?.close();
});

const PAGE = `rows { id name status deleted details counts { ${METRIC_COUNT_FIELDS.join(' ')} } }
  total statusCounts { all live paused deleted draft }`;

async function report(level: ReportLevel, query: Partial<ReportQuery> = {}): Promise<ReportPage> {
  const answer = await apiClient(server.url).graphql<{ page: ReportPage }>(
    `query($q: ReportQueryInput!) { page: ${REPORT_LEVEL_OPERATIONS[level]}(query: $q) { ${PAGE} } }`,
    { q: { period: PERIOD, filter: { adAccountIds: [account.adAccountId] }, ...query } },
    admin,
  );
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.page;
}

describe('keywords', () => {
  it("show the ad group's default bid for a keyword without its own, and sort by it", async () => {
    const page = await report('keywords', { sortBy: 'bid', sortDesc: true });
    expect(
      page.rows.map((row) => [row.name, row.details.bidMicros, row.details.defaultBidMicros]),
    ).toEqual([
      ['own bid', 3_000_000, 1_000_000],
      ['inherits', null, 1_000_000],
      ['cheap', 500_000, 1_000_000],
    ]);
    expect(page.rows[1]!.details.cpaGoalMicros).toBeNull();
  });
});

describe('search terms', () => {
  it("carry their keyword's match type, or Search Match without a keyword", async () => {
    const page = await report('searchTerms', { sortBy: 'name', sortDesc: false });
    expect(
      page.rows.map((row) => [row.name, row.details.matchType, row.details.searchTermSource]),
    ).toEqual([
      ['found by search match', 'AUTO', 'AUTO'],
      ['own bid games', 'BROAD', 'TARGETED'],
    ]);
  });
});

describe('creative sets', () => {
  it('take their status, ad group and campaign from the ads that show them', async () => {
    const [live] = (await report('creativeSets')).rows;
    expect(live).toMatchObject({
      status: 'ENABLED',
      details: {
        adGroupName: 'Brand exact',
        campaignName: expect.stringContaining('Brand'),
        adGroupCount: 1,
        campaignCount: 1,
      },
    });

    const db = server.database.db;
    const ad = {
      adAccountId: account.adAccountId,
      campaignId: account.campaignId,
      creativeId: account.creativeId,
      modificationTime: null,
      deleted: false,
    };
    await seedAdGroup(db, account.teamId, {
      adAccountId: account.adAccountId,
      id: OTHER_AD_GROUP_ID,
      campaignId: account.campaignId,
      name: 'Brand broad',
    });
    await saveEntities(db, account.teamId, 'ads', [
      {
        ...ad,
        id: account.adId,
        adGroupId: account.adGroupId,
        name: 'Summer ad',
        status: 'PAUSED',
      },
      {
        ...ad,
        id: 870_000_002,
        adGroupId: OTHER_AD_GROUP_ID,
        name: 'Summer ad 2',
        status: 'PAUSED',
      },
    ]);
    const page = await report('creativeSets', {
      filter: { adAccountIds: [account.adAccountId], statusTab: 'paused' },
    });
    expect(page.statusCounts).toMatchObject({ all: 1, live: 0, paused: 1 });
    expect(page.rows[0]).toMatchObject({
      status: 'PAUSED',
      details: {
        adGroupName: null,
        campaignName: expect.stringContaining('Brand'),
        adGroupCount: 2,
      },
    });
  });
});
