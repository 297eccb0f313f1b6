// The Keywords tab reads DAILY periods from the keyword running totals: through the real API on
// a real database, every period of the daily range (boundary days where a keyword has no fact,
// periods running past the last synced day) equals the facts summed straight from the table, as
// first written, after a re-sync that restates the last days, after a sync that left a gap, and
// for facts stored before the running totals existed.
import {
  addCounts,
  METRIC_COUNT_FIELDS,
  ZERO_COUNTS,
  type MetricCounts,
  type ReportPage,
} from '@tapwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { replaceFacts, sumFacts } from '../ads-data/ads-data.repository';
import { keywordRunningTotals } from '../ads-data/report-facts.tables';
import { seedAdsManagerAccount, type SeededAccount } from './ads-manager-factories';

let server: TestServer;
let admin: Session;
let account: SeededAccount;

const range = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, offset) => first + offset);

const day = (n: number) => `2025-05-${String(n).padStart(2, '0')}`;
const KEYWORD = {
  status: 'ENABLED',
  deleted: false,
  matchType: 'EXACT',
  bidMicros: 1_000_000,
} as const;
/** Which days of May each keyword is served on: every day, odd days, from the 6th, to the 3rd. */
const SERVED: ((n: number) => boolean)[] = [
  () => true,
  (n) => n % 2 === 1,
  (n) => n >= 6,
  (n) => n <= 3,
  () => false,
];

const countsFor = (keyword: number, n: number, restated = 0): MetricCounts => ({
  impressions: 1000 * (keyword + 1) + 10 * n + restated,
  taps: 50 + keyword + n,
  tapInstalls: 10 + n,
  viewInstalls: n % 3,
  totalInstalls: 10 + n + (n % 3),
  tapNewDownloads: 8 + restated,
  tapRedownloads: 2,
  viewNewDownloads: n % 2,
  viewRedownloads: 0,
  localSpendMicros: 1_234_567 * (keyword + 1) + n * 1_001 + restated,
});

/**
 * Writes the keyword facts of days `from`..`to` as a sync does, the window replaced, with the
 * campaign's (their sums: the account's history bounds are read from them).
 */
async function syncDays(from: number, to: number, served: (keyword: number, n: number) => number) {
  const base = {
    adAccountId: account.adAccountId,
    adamId: account.adamId,
    campaignId: account.campaignId,
    grain: 'DAILY' as const,
  };
  const days = range(from, to);
  const keywordRows = account.keywords.flatMap((keyword, index) =>
    days
      .filter((n) => served(index, n) >= 0)
      .map((n) => ({
        ...base,
        adGroupId: account.adGroupId,
        keywordId: keyword.id,
        date: day(n),
        ...countsFor(index, n, served(index, n)),
      })),
  );
  const campaignRows = days.map((n) => ({
    ...base,
    date: day(n),
    ...keywordRows.filter((row) => row.date === day(n)).reduce(addCounts, ZERO_COUNTS),
  }));
  const window = {
    adAccountId: account.adAccountId,
    campaignIds: [account.campaignId],
    grain: 'DAILY' as const,
    from: day(from),
    to: day(to),
  };
  const db = server.database.db;
  await replaceFacts(db, account.teamId, 'keywords', window, keywordRows);
  await replaceFacts(db, account.teamId, 'campaigns', window, campaignRows);
}

const COUNTS = `{ ${METRIC_COUNT_FIELDS.join(' ')} }`;

async function keywordsTab(start: string, end: string): Promise<ReportPage> {
  const answer = await apiClient(server.url).graphql<{ page: ReportPage }>(
    `query($q: ReportQueryInput!) { page: targetingKeywordReports(query: $q) {
      rows { id counts ${COUNTS} } totals { byCurrency { currency counts ${COUNTS} } } } }`,
    { q: { period: { start, end }, limit: null } },
    admin,
  );
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.page;
}

/** Every period starting and ending on one of `days` (of May) answers the facts summed in SQL. */
async function expectEveryPeriodExact(days: readonly number[]) {
  for (const start of days)
    for (const end of days.filter((n) => n >= start)) {
      const page = await keywordsTab(day(start), day(end));
      for (const row of page.rows) {
        const straight = await sumFacts(
          server.database.db,
          account.teamId,
          'keywords',
          Number(row.id),
          'DAILY',
          day(start),
          day(end),
        );
        expect(row.counts, `${row.id} ${day(start)}..${day(end)}`).toEqual(straight);
      }
    }
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const company = await createCompany(db);
  const member = await createMember(db, company.id, { role: 'ADMIN' });
  admin = await apiClient(server.url).signIn(member.email, member.password);
  account = await seedAdsManagerAccount(
    db,
    company.id,
    SERVED.map((_, index) => ({ ...KEYWORD, text: `keyword ${index}` })),
  );
  await syncDays(1, 10, (keyword, n) => (SERVED[keyword]!(n) ? 0 : -1));
});
afterAll(async () => {
  await server?.close();
});

describe('Keywords tab over the keyword running totals', () => {
  it('answers every period of the daily range as the facts summed, days without facts too', async () => {
    await expectEveryPeriodExact(range(1, 12));
    const page = await keywordsTab(day(4), day(5));
    const late = page.rows.find((row) => row.id === String(account.keywords[2]!.id))!;
    expect(late.counts.impressions).toBe(0);
  });

  it('answers the restated days after a re-sync of the last three', async () => {
    // Apple restates: new counts, one keyword no longer served, one served for the first time.
    await syncDays(8, 10, (keyword, n) =>
      keyword === 1 ? -1 : keyword === 4 ? 0 : SERVED[keyword]!(n) ? 7 : -1,
    );
    await expectEveryPeriodExact(range(1, 11));
    // The same re-sync again changes nothing.
    await syncDays(8, 10, (keyword, n) =>
      keyword === 1 ? -1 : keyword === 4 ? 0 : SERVED[keyword]!(n) ? 7 : -1,
    );
    await expectEveryPeriodExact(range(7, 10));
  });

  it('answers periods across days no sync wrote', async () => {
    await syncDays(13, 15, (keyword) => (keyword === 3 ? -1 : 3));
    await expectEveryPeriodExact(range(9, 16));
  });

  it('reads facts stored before the running totals from the facts, until a sync fills them', async () => {
    await server.database.db
      .delete(keywordRunningTotals)
      .where(eq(keywordRunningTotals.teamId, account.teamId));
    await expectEveryPeriodExact([1, 2, 5, 8, 11, 13, 14, 16]);
    // The next sync's last days bring every day of the campaign's running totals.
    await syncDays(14, 15, (keyword) => (keyword === 3 ? -1 : 5));
    await expectEveryPeriodExact([1, 2, 5, 8, 11, 13, 14, 16]);
  });
});
