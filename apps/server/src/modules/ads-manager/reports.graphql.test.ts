// The ads manager's reports through the real API on a real database, over facts written by the
// sync's repository: sums against the facts summed here, sorting (a ratio with undefined values
// too), search, sub tabs, paging and All, the totals row, filters, the chart, and tenancy.
import {
  addCounts,
  METRIC_COUNT_FIELDS,
  metricValues,
  REPORT_LEVEL_OPERATIONS,
  REPORT_LEVELS,
  ZERO_COUNTS,
  type MetricCounts,
  type ReportLevel,
  type ReportPage,
  type ReportQuery,
  type SeriesPoint,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type KeywordFact,
  type SeededAccount,
} from './ads-manager-factories';

let server: TestServer;
let admin: Session;
let readOnly: Session;
let otherCompany: Session;
let account: SeededAccount;
let facts: KeywordFact[];

const PERIOD = { start: '2025-03-01', end: '2025-03-10' };
const WITH_WEEK = { start: '2025-02-16', end: '2025-03-10' };
const DAYS = Array.from(
  { length: 10 },
  (_, index) => `2025-03-${String(index + 1).padStart(2, '0')}`,
);

const KEYWORDS = [
  {
    text: 'Alpha photo',
    status: 'ENABLED',
    deleted: false,
    matchType: 'EXACT',
    bidMicros: 1_000_000,
  },
  {
    text: 'beta Photo editor',
    status: 'ENABLED',
    deleted: false,
    matchType: 'BROAD',
    bidMicros: 2_000_000,
  },
  {
    text: 'gamma camera',
    status: 'PAUSED',
    deleted: false,
    matchType: 'EXACT',
    bidMicros: 500_000,
  },
  {
    text: 'delta filter',
    status: 'ENABLED',
    deleted: true,
    matchType: 'BROAD',
    bidMicros: 1_500_000,
  },
  { text: 'epsilon', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 3_000_000 },
  {
    text: 'zeta without facts',
    status: 'PAUSED',
    deleted: false,
    matchType: 'EXACT',
    bidMicros: 1_000_000,
  },
] as const;

/** Distinct counts per keyword and day; `epsilon` is served without impressions or taps. */
function countsFor(keyword: number, day: number): MetricCounts {
  if (keyword === 4)
    return { ...ZERO_COUNTS, localSpendMicros: 0, viewInstalls: 1, totalInstalls: 1 };
  const k = keyword + 1;
  return {
    impressions: 100 * k + day,
    taps: 10 * k + (day % 3),
    tapInstalls: k + (day % 2),
    viewInstalls: day % 2,
    totalInstalls: k + 2 * (day % 2),
    tapNewDownloads: k,
    tapRedownloads: day % 2,
    viewNewDownloads: day % 2,
    viewRedownloads: 0,
    localSpendMicros: (5 - keyword) * 1_000_000 + day * 10_000,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  const company = await createCompany(db);
  const adminMember = await createMember(db, company.id, { role: 'ADMIN' });
  const readOnlyMember = await createMember(db, company.id, { isReadOnly: true });
  admin = await api.signIn(adminMember.email, adminMember.password);
  readOnly = await api.signIn(readOnlyMember.email, readOnlyMember.password);
  account = await seedAdsManagerAccount(db, company.id, [...KEYWORDS], 'Snapshot');
  facts = [
    ...account.keywords.slice(0, 5).flatMap((keyword, index) =>
      DAYS.filter((_, day) => index !== 4 || day === 0).map((date, day) => ({
        keywordId: keyword.id,
        grain: 'DAILY' as const,
        date,
        counts: countsFor(index, day),
      })),
    ),
    // A whole Sunday week before the first day kept per day.
    {
      keywordId: account.keywords[0]!.id,
      grain: 'WEEKLY',
      date: '2025-02-16',
      counts: countsFor(0, 20),
    },
  ];
  await writeAccountFacts(db, account, facts);

  const other = await createCompany(db);
  const otherAdmin = await createMember(db, other.id, { role: 'ADMIN' });
  otherCompany = await api.signIn(otherAdmin.email, otherAdmin.password);
  const otherAccount = await seedAdsManagerAccount(db, other.id, [KEYWORDS[0]], 'Other');
  await writeAccountFacts(db, otherAccount, [
    { keywordId: otherAccount.keywordId, grain: 'DAILY', date: DAYS[0]!, counts: countsFor(0, 0) },
  ]);
});
afterAll(async () => {
  await server?.close();
});

const COUNTS = `{ ${METRIC_COUNT_FIELDS.join(' ')} }`;
const PAGE = `rows { level id name status displayStatus deleted modificationTime adAccountId
  campaignId adGroupId details counts ${COUNTS} } total
  totals { byCurrency { currency counts ${COUNTS} } converted { currency } }
  statusCounts { all live paused deleted draft }`;

/** A page of this USD-only company, its totals row being its one currency's. */
type UsdPage = Omit<ReportPage, 'totals'> & { totals: MetricCounts };

async function report(
  level: ReportLevel,
  query: Partial<ReportQuery> = {},
  session = admin,
): Promise<UsdPage> {
  const operation = REPORT_LEVEL_OPERATIONS[level];
  const answer = await apiClient(server.url).graphql<Record<string, ReportPage>>(
    `query($q: ReportQueryInput!) { page: ${operation}(query: $q) { ${PAGE} } }`,
    { q: { period: PERIOD, filter: { adAccountIds: [account.adAccountId] }, ...query } },
    session,
  );
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  const page = answer.data!.page!;
  expect(page.totals.converted).toBeNull();
  expect(page.totals.byCurrency.map((entry) => entry.currency)).toEqual(
    page.total > 0 ? ['USD'] : [],
  );
  return { ...page, totals: page.totals.byCurrency[0]?.counts ?? ZERO_COUNTS };
}

/** The facts of the period summed here, per keyword id. */
function expectedByKeyword(period = PERIOD): Map<number, MetricCounts> {
  const sums = new Map<number, MetricCounts>(account.keywords.map((k) => [k.id, ZERO_COUNTS]));
  for (const fact of facts) {
    const inside =
      fact.grain === 'DAILY'
        ? fact.date >= period.start && fact.date <= period.end
        : fact.date >= period.start && fact.date < '2025-03-01';
    if (inside) sums.set(fact.keywordId, addCounts(sums.get(fact.keywordId)!, fact.counts));
  }
  return sums;
}
const sum = (counts: Iterable<MetricCounts>) => [...counts].reduce(addCounts, ZERO_COUNTS);
const textOf = (id: string) => account.keywords.find((k) => String(k.id) === id)!.text;

describe('keyword report', () => {
  it('sums each keyword over the period as the facts do, rows without facts at zero', async () => {
    const page = await report('keywords', { limit: null });
    const expected = expectedByKeyword();
    expect(page.rows).toHaveLength(6);
    for (const row of page.rows) expect(row.counts, row.name).toEqual(expected.get(Number(row.id)));
    expect(page.totals).toEqual(sum(expected.values()));
    expect(page.total).toBe(6);
  });

  it('counts the whole Sunday week before the first day kept per day', async () => {
    const page = await report('keywords', { period: WITH_WEEK, limit: null });
    const expected = expectedByKeyword(WITH_WEEK);
    const alpha = page.rows.find((row) => row.name === 'Alpha photo')!;
    expect(alpha.counts).toEqual(expected.get(account.keywords[0]!.id));
    expect(alpha.counts.impressions).toBeGreaterThan(
      expectedByKeyword().get(alpha ? account.keywords[0]!.id : 0)!.impressions,
    );
  });

  it('sorts by spend, highest first, and by name', async () => {
    const bySpend = await report('keywords', { sortBy: 'spend', sortDesc: true });
    const spends = bySpend.rows.map((row) => row.counts.localSpendMicros);
    expect(spends).toEqual([...spends].sort((a, b) => b - a));
    expect(bySpend.rows[0]!.name).toBe('Alpha photo');
    const byName = await report('keywords', { sortBy: 'name', sortDesc: false });
    expect(byName.rows.map((row) => row.name)).toEqual(
      [...KEYWORDS]
        .map((k) => k.text)
        .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
  });

  it('sorts by a ratio both ways with undefined values last', async () => {
    for (const sortDesc of [true, false]) {
      const page = await report('keywords', { sortBy: 'ttr', sortDesc });
      const ttrs = page.rows.map((row) => metricValues(row.counts).ttr);
      const defined = ttrs.filter((value): value is number => value !== null);
      expect(defined).toHaveLength(4);
      expect(ttrs.slice(4)).toEqual([null, null]);
      expect(defined).toEqual([...defined].sort((a, b) => (sortDesc ? b - a : a - b)));
    }
  });

  it('sorts by an entity column, the bid', async () => {
    const page = await report('keywords', { sortBy: 'bid', sortDesc: true });
    expect(page.rows.map((row) => row.details.bidMicros)).toEqual([
      3_000_000, 2_000_000, 1_500_000, 1_000_000, 1_000_000, 500_000,
    ]);
  });

  it('searches the keyword text case-insensitively', async () => {
    const page = await report('keywords', { search: 'PHOTO' });
    expect(page.rows.map((row) => row.name).sort()).toEqual(['Alpha photo', 'beta Photo editor']);
    expect(page.total).toBe(2);
    expect(page.statusCounts).toEqual({ all: 2, live: 2, paused: 0, deleted: 0, draft: 0 });
  });

  it('counts the sub tabs and lists one of them', async () => {
    const all = await report('keywords');
    expect(all.statusCounts).toEqual({ all: 6, live: 3, paused: 2, deleted: 1, draft: 0 });
    const paused = await report('keywords', {
      filter: { adAccountIds: [account.adAccountId], statusTab: 'paused' },
    });
    expect(paused.rows.map((row) => row.name).sort()).toEqual([
      'gamma camera',
      'zeta without facts',
    ]);
    expect(paused.total).toBe(2);
    expect(paused.statusCounts.all).toBe(6);
    const deleted = await report('keywords', {
      filter: { adAccountIds: [account.adAccountId], statusTab: 'deleted' },
    });
    expect(deleted.rows.map((row) => [row.name, row.deleted])).toEqual([['delta filter', true]]);
  });

  it('pages through the rows, and All answers every row; the totals ignore the page', async () => {
    const first = await report('keywords', { limit: 2, offset: 0 });
    const second = await report('keywords', { limit: 2, offset: 2 });
    const all = await report('keywords', { limit: null });
    expect(first.rows).toHaveLength(2);
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(
      all.rows.slice(0, 4).map((row) => row.id),
    );
    expect(all.rows).toHaveLength(6);
    expect(first.total).toBe(6);
    expect(first.totals).toEqual(all.totals);
    expect(first.totals).toEqual(sum(expectedByKeyword().values()));
  });

  it('filters by match type and by metrics, money in currency units', async () => {
    const broad = await report('keywords', {
      filter: { adAccountIds: [account.adAccountId], matchType: 'BROAD' },
    });
    expect(broad.rows.map((row) => row.name).sort()).toEqual(['beta Photo editor', 'delta filter']);
    const expected = expectedByKeyword();
    const spender = await report('keywords', {
      filter: {
        adAccountIds: [account.adAccountId],
        metrics: [{ metric: 'spend', operator: 'GREATER_THAN', value: 35 }],
      },
    });
    const overThirtyFive = account.keywords.filter(
      (k) => expected.get(k.id)!.localSpendMicros > 35_000_000,
    );
    expect(spender.rows.map((row) => row.name).sort()).toEqual(
      overThirtyFive.map((k) => k.text).sort(),
    );
    expect(spender.totals).toEqual(sum(overThirtyFive.map((k) => expected.get(k.id)!)));
    const ttr = await report('keywords', {
      filter: {
        adAccountIds: [account.adAccountId],
        metrics: [{ metric: 'ttr', operator: 'BETWEEN', value: 0.1, to: 0.103 }],
      },
    });
    const inRange = account.keywords.filter((k) => {
      const value = metricValues(expected.get(k.id)!).ttr;
      return value !== null && value >= 0.1 && value <= 0.103;
    });
    expect(inRange.length).toBeGreaterThan(1);
    expect(inRange.length).toBeLessThan(4);
    expect(ttr.rows.map((row) => row.name).sort()).toEqual(inRange.map((k) => k.text).sort());
  });

  it('narrows to the drill-down scope: an ad group of another campaign has no rows', async () => {
    const inGroup = await report('keywords', {
      filter: { adAccountIds: [account.adAccountId], adGroupIds: [account.adGroupId] },
    });
    expect(inGroup.total).toBe(6);
    const elsewhere = await report('keywords', {
      filter: { adAccountIds: [account.adAccountId], campaignIds: [1] },
    });
    expect(elsewhere).toMatchObject({ rows: [], total: 0, totals: ZERO_COUNTS });
  });
});

describe('other levels', () => {
  const allOf = (counts: Map<number, MetricCounts>) => sum(counts.values());

  it('sums the account, app, campaign and ad group as their keywords', async () => {
    const expected = allOf(expectedByKeyword());
    for (const level of ['accounts', 'apps', 'campaigns', 'adGroups', 'ads'] as const) {
      const page = await report(level);
      expect(page.rows, level).toHaveLength(1);
      expect(page.rows[0]!.counts, level).toEqual(expected);
      expect(page.totals, level).toEqual(expected);
    }
    const [accountRow] = (await report('accounts')).rows;
    expect(accountRow).toMatchObject({
      id: String(account.adAccountId),
      details: { currency: 'USD', timeZone: 'America/Los_Angeles', campaignCount: 1 },
    });
    const [appRow] = (await report('apps')).rows;
    expect(appRow).toMatchObject({ id: String(account.adamId), name: 'Snapshot' });
    const [campaignRow] = (await report('campaigns')).rows;
    expect(campaignRow).toMatchObject({
      id: String(account.campaignId),
      status: 'ENABLED',
      displayStatus: 'RUNNING',
      details: {
        dailyBudgetMicros: 50_000_000,
        countriesOrRegions: ['US'],
        supplySources: ['APPSTORE_SEARCH_RESULTS'],
      },
    });
    const [adGroupRow] = (await report('adGroups')).rows;
    expect(adGroupRow?.details.supplySources).toEqual(['APPSTORE_SEARCH_RESULTS']);
  });

  it('sums creative sets and product pages through the ads that show them', async () => {
    const expected = allOf(expectedByKeyword());
    const creatives = await report('creativeSets');
    expect(creatives.rows.map((row) => [row.id, row.counts])).toEqual([
      [String(account.creativeId), expected],
    ]);
    const pages = await report('productPages');
    expect(pages.rows.map((row) => [row.id, row.name, row.counts])).toEqual([
      [account.productPageId, 'Summer page', expected],
    ]);
  });

  it('lists search terms only with facts, one per ad group, keyword, text and source', async () => {
    const page = await report('searchTerms', { limit: null, sortBy: 'name', sortDesc: false });
    const expected = expectedByKeyword();
    const served = account.keywords.filter((k) =>
      facts.some((f) => f.keywordId === k.id && f.date >= PERIOD.start),
    );
    expect(page.rows.map((row) => row.name)).toEqual(
      served
        .map((k) => `${k.text} search`)
        .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    for (const row of page.rows) {
      const keywordId = row.details.keywordId!;
      expect(row.counts).toEqual(expected.get(keywordId));
      expect(row.details).toMatchObject({
        searchTermSource: 'TARGETED',
        keywordText: textOf(String(keywordId)),
      });
    }
  });

  it('lists negative keywords with their match type and no counts', async () => {
    const page = await report('negativeKeywords');
    expect(page.rows).toEqual([
      expect.objectContaining({
        id: String(account.negativeKeywordId),
        name: 'free',
        status: 'ENABLED',
        deleted: false,
        details: expect.objectContaining({ matchType: 'EXACT' }),
        counts: ZERO_COUNTS,
      }),
    ]);
  });
});

describe('chart', () => {
  it('sums the matching rows per day and per month, whatever the page', async () => {
    const series = async (granularity: string, query: Partial<ReportQuery>) => {
      const answer = await apiClient(server.url).graphql<{ adsManagerSeries: SeriesPoint[] }>(
        `query($q: ReportQueryInput!, $g: String!) {
          adsManagerSeries(level: "keywords", query: $q, granularity: $g) { date counts ${COUNTS} } }`,
        { q: { period: PERIOD, ...query }, g: granularity },
        admin,
      );
      if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
      return answer.data!.adsManagerSeries;
    };
    const days = await series('DAY', { limit: 1 });
    expect(days.map((point) => point.date)).toEqual(DAYS);
    DAYS.forEach((date, index) =>
      expect(days[index]!.counts).toEqual(
        sum(facts.filter((f) => f.grain === 'DAILY' && f.date === date).map((f) => f.counts)),
      ),
    );
    const photo = await series('MONTH', { search: 'photo' });
    const photoIds = account.keywords.slice(0, 2).map((k) => k.id);
    expect(photo).toEqual([
      { date: PERIOD.start, counts: sum(photoIds.map((id) => expectedByKeyword().get(id)!)) },
    ]);
  });

  it('adds up to the totals row at every level, whatever the search, sub tab or metric filter', async () => {
    const queries: Partial<ReportQuery>[] = [
      { period: WITH_WEEK },
      { period: WITH_WEEK, search: 'photo' },
      { filter: { statusTab: 'paused' } },
      { filter: { metrics: [{ metric: 'impressions', operator: 'GREATER_THAN', value: 2500 }] } },
    ];
    for (const level of REPORT_LEVELS)
      for (const query of queries) {
        const full = { period: PERIOD, ...query };
        const answer = await apiClient(server.url).graphql<{
          adsManagerSeries: SeriesPoint[];
          page: ReportPage;
        }>(
          `query($level: String!, $q: ReportQueryInput!) {
            adsManagerSeries(level: $level, query: $q, granularity: "WEEK") { date counts ${COUNTS} }
            page: ${REPORT_LEVEL_OPERATIONS[level]}(query: $q) {
              totals { byCurrency { currency counts ${COUNTS} } }
            }
          }`,
          { level, q: full },
          admin,
        );
        expect(answer.errors, level).toBeUndefined();
        const charted = sum(answer.data!.adsManagerSeries.map((point) => point.counts));
        // The company's one currency: its totals row is the whole of the chart.
        const totals = answer.data!.page.totals.byCurrency[0]?.counts ?? ZERO_COUNTS;
        expect(charted, `${level} ${JSON.stringify(query)}`).toEqual(totals);
      }
  });
});

describe('access', () => {
  it('answers a read-only member', async () => {
    const page = await report('keywords', {}, readOnly);
    expect(page.total).toBe(6);
  });

  it("shows another company none of the rows, even given the account's ids", async () => {
    for (const level of REPORT_LEVELS) {
      const page = await report(level, { limit: null }, otherCompany);
      expect(page, level).toMatchObject({ rows: [], total: 0, totals: ZERO_COUNTS });
    }
    const own = await report('keywords', { filter: {} }, otherCompany);
    expect(own.rows.map((row) => row.name)).toEqual(['Alpha photo']);
    expect(own.rows[0]!.id).not.toBe(String(account.keywordId));
  });

  it('refuses an invalid query with a validation error', async () => {
    const answer = await apiClient(server.url).graphql(
      `query { targetingKeywordReports(query: { period: { start: "2025-03-10", end: "2025-03-01" }, sortBy: "nope" }) { total } }`,
      {},
      admin,
    );
    expect(answer.errors?.length).toBeGreaterThan(0);
    expect(answer.data).toBeNull();
  });
});
