// Strategic losing through the real API on a real database: the terms an app loses with its own
// numbers on them over the impression share window, the matching keywords and their bids, the
// spend to win, the filters and sorts, the empty state, the guard and another company's data.
import { addDays, ERROR_CODES, ZERO_COUNTS, type StrategicLosingAnswer } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { impressionShareWindow } from '../ads-data/impression-share-window';
import {
  refreshSearchTermShareTotals,
  replaceImpressionShare,
  type ImpressionShareRow,
} from '../ads-data/impression-share.repository';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from '../ads-manager/ads-manager-factories';

const QUERY = `query StrategicLosing($input: StrategicLosingInput!) {
  strategicLosing(input: $input) {
    windowStart windowEnd currency hasShareData storefronts total
    rows {
      countryOrRegion searchTerm share rank searchPopularity days spendMicros impressions taps
      installs cptMicros cpaMicros spendToWinMicros
      keywords { keywordId adGroupId campaignId text matchType bidMicros modificationTime }
    }
  }
}`;

let server: TestServer;
let admin: Session;
let account: SeededAccount;
const window = impressionShareWindow(new Date());
const api = () => apiClient(server.url);

const shareRow = (
  searchTerm: string,
  day: string,
  share: number,
  overrides: Partial<ImpressionShareRow> = {},
): ImpressionShareRow => ({
  adAccountId: account.adAccountId,
  adamId: account.adamId,
  countryOrRegion: 'US',
  searchTerm,
  day,
  lowShare: share,
  highShare: share,
  rank: 2,
  searchPopularity: 4,
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const company = await createCompany(db);
  const member = await createMember(db, company.id, { role: 'ADMIN' });
  admin = await api().signIn(member.email, member.password);
  account = await seedAdsManagerAccount(db, company.id, [
    {
      text: 'habit tracker',
      status: 'ENABLED',
      deleted: false,
      matchType: 'EXACT',
      bidMicros: 1_500_000,
    },
    {
      text: 'daily planner',
      status: 'ENABLED',
      deleted: false,
      matchType: 'BROAD',
      bidMicros: null,
    },
  ]);
  const [tracker, planner] = account.keywords;
  const counts = (spend: number, taps: number, installs: number) => ({
    ...ZERO_COUNTS,
    impressions: taps * 10,
    taps,
    tapInstalls: installs,
    totalInstalls: installs,
    localSpendMicros: spend,
  });
  // The factory names each keyword's search term "<keyword> search". A day before the window
  // is not counted.
  await writeAccountFacts(db, account, [
    { keywordId: tracker!.id, grain: 'DAILY', date: window.end, counts: counts(30_000_000, 20, 4) },
    {
      keywordId: tracker!.id,
      grain: 'DAILY',
      date: addDays(window.end, -1),
      counts: counts(10_000_000, 5, 1),
    },
    {
      keywordId: tracker!.id,
      grain: 'DAILY',
      date: addDays(window.start, -1),
      counts: counts(99_000_000, 50, 9),
    },
    { keywordId: planner!.id, grain: 'DAILY', date: window.end, counts: counts(5_000_000, 4, 0) },
  ]);
  // As the sync does once the window's facts are stored.
  await refreshSearchTermShareTotals(db, company.id, account.adAccountId, window);
  await replaceImpressionShare(db, company.id, account.adAccountId, [
    // Lost: 20 % then 40 % → 30 %, rank 2.
    shareRow('habit tracker search', window.end, 0.2),
    shareRow('habit tracker search', addDays(window.end, -1), 0.4),
    // Won: the top band and first.
    shareRow('daily planner search', window.end, 0.91, { highShare: 1, rank: 1 }),
    // Lost in Britain, where the app spends nothing.
    shareRow('sleep sounds', window.end, 0.5, {
      countryOrRegion: 'GB',
      rank: 3,
      searchPopularity: 2,
    }),
  ]);
});
afterAll(async () => {
  await server?.close();
});

async function strategicLosing(input: Record<string, unknown>, session: Session | null = admin) {
  const answer = await api().graphql<{ strategicLosing: StrategicLosingAnswer }>(
    QUERY,
    { input: { adAccountId: account.adAccountId, adamId: account.adamId, ...input } },
    session ?? undefined,
  );
  return answer;
}

describe('strategicLosing', () => {
  it('lists the terms the app loses with its numbers, keywords and the spend to win', async () => {
    const answer = await strategicLosing({});
    expect(answer.errors).toBeUndefined();
    const result = answer.data!.strategicLosing;
    expect(result).toMatchObject({
      windowStart: window.start,
      windowEnd: window.end,
      currency: 'USD',
      hasShareData: true,
      storefronts: ['GB', 'US'],
      total: 2,
    });
    const tracker = account.keywords[0]!;
    expect(result.rows).toEqual([
      {
        countryOrRegion: 'US',
        searchTerm: 'habit tracker search',
        share: expect.closeTo(0.3, 10),
        rank: 2,
        searchPopularity: 4,
        days: 2,
        spendMicros: 40_000_000,
        impressions: 250,
        taps: 25,
        installs: 5,
        cptMicros: 1_600_000,
        cpaMicros: 8_000_000,
        // By hand: 40.00 × (0.91 / 0.30 − 1) = 40 × 2.0333… = 81.333333
        spendToWinMicros: 81_333_333,
        keywords: [
          {
            keywordId: tracker.id,
            adGroupId: account.adGroupId,
            campaignId: account.campaignId,
            text: 'habit tracker',
            matchType: 'EXACT',
            bidMicros: 1_500_000,
            modificationTime: null,
          },
        ],
      },
      // No spend to scale from: no spend to win, sorted last; a US campaign's facts stay in the US.
      expect.objectContaining({
        countryOrRegion: 'GB',
        searchTerm: 'sleep sounds',
        share: 0.5,
        rank: 3,
        spendMicros: 0,
        cptMicros: null,
        spendToWinMicros: null,
        keywords: [],
      }),
    ]);
  });

  it('filters by storefront, popularity and share, and sorts', async () => {
    const terms = async (input: Record<string, unknown>) =>
      (await strategicLosing(input)).data!.strategicLosing.rows.map((row) => row.searchTerm);
    expect(await terms({ storefront: 'GB' })).toEqual(['sleep sounds']);
    expect(await terms({ minPopularity: 3 })).toEqual(['habit tracker search']);
    expect(await terms({ maxShare: 0.4 })).toEqual(['habit tracker search']);
    expect(await terms({ sort: 'share' })).toEqual(['habit tracker search', 'sleep sounds']);
    expect(await terms({ sort: 'rank' })).toEqual(['sleep sounds', 'habit tracker search']);
    expect(await terms({ sort: 'spend' })).toEqual(['habit tracker search', 'sleep sounds']);
  });

  it('pages the sorted terms and counts them all', async () => {
    const page = async (input: Record<string, unknown>) => {
      const { total, rows } = (await strategicLosing(input)).data!.strategicLosing;
      return { total, terms: rows.map((row) => row.searchTerm) };
    };
    // Sorted before slicing: the second page of one row is the second term of the sort.
    expect(await page({ sort: 'rank', limit: 1 })).toEqual({ total: 2, terms: ['sleep sounds'] });
    expect(await page({ sort: 'rank', limit: 1, offset: 1 })).toEqual({
      total: 2,
      terms: ['habit tracker search'],
    });
    expect(await page({ offset: 2 })).toEqual({ total: 2, terms: [] });
    // The page's term keeps its keywords.
    const first = (await strategicLosing({ limit: 1 })).data!.strategicLosing.rows[0]!;
    expect(first.keywords.map((keyword) => keyword.text)).toEqual(['habit tracker']);
  });

  it('refuses bad input with a validation error', async () => {
    const answer = await strategicLosing({ storefront: 'usa', minPopularity: 9 });
    expect(answer.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.BAD_REQUEST);
    for (const paging of [{ limit: 0 }, { limit: 501 }, { offset: -1 }]) {
      const refused = await strategicLosing(paging);
      expect(refused.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.BAD_REQUEST);
    }
  });

  it('says when no impression share is stored for the app', async () => {
    const answer = await strategicLosing({ adamId: account.adamId + 1 });
    expect(answer.data!.strategicLosing).toMatchObject({
      hasShareData: false,
      storefronts: [],
      total: 0,
      rows: [],
    });
  });

  it('needs keywordOptimization.read: a visitor without a session is refused', async () => {
    const answer = await strategicLosing({}, null);
    expect(answer.data?.strategicLosing ?? null).toBeNull();
    expect(answer.errors?.[0]?.extensions?.error).toBe('INVALID_SESSION');
  });

  it("lets a read-only member read but not raise a bid (the ads manager's write)", async () => {
    const db = server.database.db;
    const viewer = await createMember(db, account.teamId, { role: 'ADMIN', isReadOnly: true });
    const session = await api().signIn(viewer.email, viewer.password);
    expect((await strategicLosing({}, session)).data!.strategicLosing.rows).toHaveLength(2);
    const raise = await api().graphql(
      `mutation Raise($input: KeywordBidInput!) { changeKeywordBid(input: $input) { successMessage } }`,
      {
        input: {
          adAccountId: account.adAccountId,
          keyword: { id: account.keywords[0]!.id },
          bid: '2.00',
        },
      },
      session,
    );
    expect(raise.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.FORBIDDEN);
  });

  it("never shows another company's terms", async () => {
    const db = server.database.db;
    const other = await createCompany(db);
    const member = await createMember(db, other.id, { role: 'ADMIN' });
    const session = await api().signIn(member.email, member.password);
    const answer = await strategicLosing({}, session);
    expect(answer.data?.strategicLosing ?? null).toBeNull();
    expect(answer.errors?.[0]?.extensions?.error).toBe('NOT_FOUND');
  });
});
