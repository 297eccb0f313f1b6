// The page's read through the real API on a real database: seeded keywords, facts and impression
// share come back with the formula's numbers (those of bid-suggestion.test.ts, so the same hand
// computation), filtered, sorted and paged; previews cut to the caps; a read-only member may read
// but not apply; another company's keywords are neither read nor written.
import { ZERO_COUNTS, type MetricCounts } from '@tapwise/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { adGroups, keywords } from '../ads-data/ads-entities.tables';
import { replaceImpressionShare } from '../ads-data/impression-share.repository';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from '../ads-manager/ads-manager-factories';

const M = 1_000_000;
let server: TestServer;
let admin: Session;
let readOnly: Session;
let other: Session;
let account: SeededAccount;
let otherAccount: SeededAccount;

const daysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const counts = (spend: number, taps: number, installs: number): MetricCounts => ({
  ...ZERO_COUNTS,
  localSpendMicros: spend * M,
  impressions: taps * 10,
  taps,
  tapInstalls: installs,
  totalInstalls: installs,
});
const keyword = (
  text: string,
  matchType: 'EXACT' | 'BROAD',
  bid: number,
  status: 'ENABLED' | 'PAUSED' = 'ENABLED',
) => ({ text, matchType, bidMicros: bid * M, status, deleted: false }) as const;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const company = await createCompany(db);
  const adminMember = await createMember(db, company.id, { role: 'ADMIN' });
  const viewer = await createMember(db, company.id, { isReadOnly: true });
  admin = await apiClient(server.url).signIn(adminMember.email, adminMember.password);
  readOnly = await apiClient(server.url).signIn(viewer.email, viewer.password);
  account = await seedAdsManagerAccount(db, company.id, [
    keyword('fitness tracker', 'EXACT', 1),
    keyword('step counter', 'BROAD', 2),
    keyword('calorie app', 'EXACT', 1),
    keyword('paused keyword', 'EXACT', 1, 'PAUSED'),
  ]);
  const [fitness, steps, calories, paused] = account.keywords.map((each) => each.id);
  await db
    .update(adGroups)
    .set({ cpaGoalMicros: 4 * M })
    .where(and(eq(adGroups.teamId, company.id), eq(adGroups.id, account.adGroupId)));
  // Apple's suggestion as the keyword report sync stores it (sync.test.ts covers the sync).
  await db
    .update(keywords)
    .set({ appleSuggestedBidMicros: 1_450_000 })
    .where(and(eq(keywords.teamId, company.id), eq(keywords.id, fitness!)));
  await writeAccountFacts(db, account, [
    { keywordId: fitness!, grain: 'DAILY', date: daysAgo(1), counts: counts(30, 30, 10) },
    // Outside the 30 days, inside 90.
    { keywordId: fitness!, grain: 'DAILY', date: daysAgo(60), counts: counts(30, 30, 0) },
    { keywordId: steps!, grain: 'DAILY', date: daysAgo(2), counts: counts(60, 40, 12) },
    { keywordId: calories!, grain: 'DAILY', date: daysAgo(3), counts: counts(5, 5, 1) },
    { keywordId: paused!, grain: 'DAILY', date: daysAgo(3), counts: counts(5, 50, 1) },
  ]);
  await replaceImpressionShare(db, company.id, account.adAccountId, [
    {
      adAccountId: account.adAccountId,
      adamId: account.adamId,
      countryOrRegion: 'US',
      searchTerm: 'fitness tracker',
      day: daysAgo(1),
      lowShare: 0.4,
      highShare: 0.4,
      rank: 3,
      searchPopularity: 4,
    },
  ]);
  const otherCompany = await createCompany(db);
  const otherMember = await createMember(db, otherCompany.id, { role: 'ADMIN' });
  other = await apiClient(server.url).signIn(otherMember.email, otherMember.password);
  otherAccount = await seedAdsManagerAccount(db, otherCompany.id, [keyword('rival', 'EXACT', 1)]);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const PAGE = `query($input: KeywordOptimizationInput!) { keywordOptimization(input: $input) {
  from to total withSuggestion rows { keywordId text matchType bidMicros spendMicros taps installs
  cptMicros cpaMicros conversionRate targetCpaMicros targetCpaSource share rank searchPopularity
  auctionPriceMicros appleSuggestedBidMicros suggestedBidMicros suggestedChange action
  reasons { code value } suggestedMinMicros suggestedMaxMicros bidStrength difficultyScore } } }`;
const PREVIEW = `query($input: BidChangesInput!) { keywordBidChangePreview(input: $input) {
  keywordId oldBidMicros requestedBidMicros newBidMicros change capped refusal } }`;
const APPLY = `mutation($input: ApplyBidChangesInput!) { applyKeywordBids(input: $input) {
  successMessage runId lines { keywordId status refusal } } }`;

interface Row {
  keywordId: number;
  text: string;
  [field: string]: unknown;
}
interface Page {
  from: string;
  to: string;
  total: number;
  withSuggestion: number;
  rows: Row[];
}

async function gql<Data>(query: string, variables: object, session: Session = admin) {
  return apiClient(server.url).graphql<Data>(query, variables as Record<string, unknown>, session);
}
async function page(input: object, session: Session = admin): Promise<Page> {
  const answer = await gql<{ keywordOptimization: Page }>(
    PAGE,
    { input: { adamId: account.adamId, ...input } },
    session,
  );
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.keywordOptimization;
}

describe('the page', () => {
  it("answers the app's live keywords with the formula's numbers", async () => {
    const result = await page({});
    expect(result).toMatchObject({
      from: daysAgo(29),
      to: daysAgo(0),
      total: 3,
      withSuggestion: 2,
    });
    // Sorted by spend, highest first.
    expect(result.rows.map((row) => row.text)).toEqual([
      'step counter',
      'fitness tracker',
      'calorie app',
    ]);
    expect(result.rows[1]).toEqual({
      keywordId: account.keywords[0]!.id,
      text: 'fitness tracker',
      matchType: 'EXACT',
      bidMicros: 1 * M,
      spendMicros: 30 * M,
      taps: 30,
      installs: 10,
      cptMicros: 1 * M,
      cpaMicros: 3 * M,
      conversionRate: 10 / 30,
      targetCpaMicros: 4 * M,
      targetCpaSource: 'CPA_GOAL',
      share: 0.4,
      rank: 3,
      searchPopularity: 4,
      auctionPriceMicros: 1 * M,
      appleSuggestedBidMicros: 1_450_000,
      suggestedBidMicros: 1_300_000,
      suggestedChange: 0.3,
      action: 'RAISE',
      reasons: [
        { code: 'CPA_UNDER_TARGET', value: 25 },
        { code: 'SHARE', value: 40 },
        { code: 'STEP_CAPPED', value: 30 },
      ],
      suggestedMinMicros: 1 * M,
      suggestedMaxMicros: 1_330_000,
      bidStrength: 'MODERATE',
      difficultyScore: 68,
    });
    expect(result.rows[0]).toMatchObject({ suggestedBidMicros: 1_600_000, action: 'LOWER' });
    expect(result.rows[2]).toMatchObject({
      suggestedBidMicros: null,
      reasons: [{ code: 'TOO_FEW_TAPS', value: 5 }],
    });
  });

  it("falls back to the ad group's own CPA, and reads 90 days when asked", async () => {
    const db = server.database.db;
    await db
      .update(adGroups)
      .set({ cpaGoalMicros: null })
      .where(eq(adGroups.id, account.adGroupId));
    try {
      // The ad group over 30 days, its paused keyword too: spend 30 + 60 + 5 + 5 = 100.00 over
      // 10 + 12 + 1 + 1 installs = 4.166667.
      const result = await page({ sort: { column: 'keyword', direction: 'ASC' } });
      expect(result.rows[1]).toMatchObject({
        text: 'fitness tracker',
        targetCpaMicros: Math.round((100 * M) / 24),
        targetCpaSource: 'AD_GROUP_CPA',
      });
      // 90 days: the old day adds 30.00 and 30 taps to fitness tracker.
      const longer = await page({ lookbackDays: 90, search: 'fitness' });
      expect(longer.rows).toHaveLength(1);
      expect(longer.rows[0]).toMatchObject({ spendMicros: 60 * M, taps: 60 });
    } finally {
      await db
        .update(adGroups)
        .set({ cpaGoalMicros: 4 * M })
        .where(eq(adGroups.id, account.adGroupId));
    }
  });

  it('filters, sorts and pages', async () => {
    expect((await page({ hasSuggestion: true })).total).toBe(2);
    expect((await page({ bidStrength: 'MODERATE' })).rows.map((row) => row.text)).toEqual([
      'fitness tracker',
    ]);
    expect((await page({ matchType: 'BROAD' })).rows.map((row) => row.text)).toEqual([
      'step counter',
    ]);
    expect((await page({ storefront: 'GB' })).total).toBe(0);
    const sorted = await page({
      sort: { column: 'suggestedBid', direction: 'ASC' },
      limit: 1,
      offset: 1,
    });
    expect(sorted.total).toBe(3);
    expect(sorted.rows.map((row) => row.text)).toEqual(['step counter']);
    const bad = await gql(PAGE, { input: { adamId: account.adamId, lookbackDays: 10 } });
    expect(bad.errors?.length).toBeGreaterThan(0);
  });

  it('previews the change, cut to the caps', async () => {
    const [fitness] = account.keywords;
    const answer = await gql<{ keywordBidChangePreview: Row[] }>(PREVIEW, {
      input: {
        changes: [
          { adAccountId: account.adAccountId, keywordId: fitness!.id, bid: '1.80' },
          { adAccountId: account.adAccountId, keywordId: account.keywords[1]!.id, bid: '2.00' },
          {
            adAccountId: otherAccount.adAccountId,
            keywordId: otherAccount.keywords[0]!.id,
            bid: '1.10',
          },
        ],
      },
    });
    // 1.00 → 1.80 is +80%, over the 50% cap: 1.50.
    expect(answer.data!.keywordBidChangePreview).toEqual([
      {
        keywordId: fitness!.id,
        oldBidMicros: 1 * M,
        requestedBidMicros: 1_800_000,
        newBidMicros: 1_500_000,
        change: 0.5,
        capped: true,
        refusal: null,
      },
      {
        keywordId: account.keywords[1]!.id,
        oldBidMicros: 2 * M,
        requestedBidMicros: 2 * M,
        newBidMicros: null,
        change: null,
        capped: false,
        refusal: 'NO_CHANGE',
      },
      {
        keywordId: otherAccount.keywords[0]!.id,
        oldBidMicros: null,
        requestedBidMicros: 1_100_000,
        newBidMicros: null,
        change: null,
        capped: false,
        refusal: 'NOT_FOUND',
      },
    ]);
  });
});

describe('access', () => {
  it('lets a read-only member read but not apply', async () => {
    expect((await page({}, readOnly)).total).toBe(3);
    const answer = await gql(
      APPLY,
      {
        input: {
          requestId: crypto.randomUUID(),
          changes: [
            { adAccountId: account.adAccountId, keywordId: account.keywords[0]!.id, bid: '1.10' },
          ],
        },
      },
      readOnly,
    );
    expect(answer.errors?.[0]?.message).toMatch(/permission|not allowed|forbidden/i);
  });

  it("never reads nor writes another company's keywords", async () => {
    expect((await page({}, other)).total).toBe(0);
    const answer = await gql(
      APPLY,
      {
        input: {
          requestId: crypto.randomUUID(),
          changes: [
            { adAccountId: account.adAccountId, keywordId: account.keywords[0]!.id, bid: '1.10' },
          ],
        },
      },
      other,
    );
    expect(answer.errors?.[0]?.message).toBe('None of the chosen bids would change.');
    expect((await page({})).rows.find((row) => row.text === 'fitness tracker')?.bidMicros).toBe(
      1 * M,
    );
  });
});
