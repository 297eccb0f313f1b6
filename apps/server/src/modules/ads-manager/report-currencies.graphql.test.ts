// The ads manager over ad accounts of two currencies, through the real API on a real database:
// one total per currency, the converted total in the reporting currency at each day's rate (a
// weekend at Friday's), money sorts and filters in the reporting currency, the chart's money in
// one currency, and no converted total at all when a currency has no rate.
import {
  METRIC_COUNT_FIELDS,
  REPORT_LEVEL_OPERATIONS,
  ZERO_COUNTS,
  type MetricCounts,
  type ReportLevel,
  type ReportPage,
  type ReportQuery,
  type ReportSeriesPoint,
} from '@tapwise/contracts';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { storeRates } from '../currencies/exchange-rates.repository';
import { updateTeam } from '../teams/teams.repository';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from './ads-manager-factories';

let server: TestServer;
let admin: Session;
let teamId: string;
let usd: SeededAccount;
let eur: SeededAccount;

const PERIOD = { start: '2025-03-01', end: '2025-03-10' };
const DAYS = Array.from({ length: 10 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`);
/** US dollars per euro as published; 1-2 and 8-9 March are weekends. */
const USD_PER_EUR: Record<string, number> = {
  '2025-02-28': 1.1,
  '2025-03-03': 1.12,
  '2025-03-04': 1.13,
  '2025-03-05': 1.14,
  '2025-03-06': 1.15,
  '2025-03-07': 1.16,
  '2025-03-10': 1.2,
};
/** The rate each day of the period takes: its own, else the last published before it. */
const RATE_OF_DAY = [1.1, 1.1, 1.12, 1.13, 1.14, 1.15, 1.16, 1.16, 1.16, 1.2];

const KEYWORD = {
  status: 'ENABLED',
  deleted: false,
  matchType: 'EXACT',
  bidMicros: 1_000_000,
} as const;
const dayCounts = (spendMicros: number): MetricCounts => ({
  ...ZERO_COUNTS,
  impressions: 100,
  taps: 10,
  tapInstalls: 2,
  totalInstalls: 2,
  localSpendMicros: spendMicros,
});
/** $10.00 a day in the US account, €9.50 a day in the EU one. */
const USD_DAY = 10_000_000;
const EUR_DAY = 9_500_000;
const EUR_IN_USD = Math.round(RATE_OF_DAY.reduce((sum, rate) => sum + EUR_DAY * rate, 0));

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const company = await createCompany(db);
  teamId = company.id;
  const member = await createMember(db, teamId, { role: 'ADMIN' });
  admin = await apiClient(server.url).signIn(member.email, member.password);
  usd = await seedAdsManagerAccount(
    db,
    teamId,
    [{ ...KEYWORD, text: 'dollar keyword' }],
    'Dollar app',
    {
      accountName: 'US account',
    },
  );
  eur = await seedAdsManagerAccount(
    db,
    teamId,
    [{ ...KEYWORD, text: 'euro keyword' }],
    'Euro app',
    {
      currency: 'EUR',
      accountName: 'EU account',
    },
  );
  for (const [account, spend] of [
    [usd, USD_DAY],
    [eur, EUR_DAY],
  ] as const)
    await writeAccountFacts(
      db,
      account,
      DAYS.map((date) => ({
        keywordId: account.keywordId,
        grain: 'DAILY' as const,
        date,
        counts: dayCounts(spend),
      })),
    );
  await storeRates(
    db,
    'ECB',
    Object.entries(USD_PER_EUR).map(([date, unitsPerEuro]) => ({
      date,
      currency: 'USD',
      unitsPerEuro,
    })),
    '2025-01-01',
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const COUNTS = `{ ${METRIC_COUNT_FIELDS.join(' ')} }`;
const PAGE = `rows { id name adAccountId details counts ${COUNTS} } total
  totals { byCurrency { currency counts ${COUNTS} }
    converted { currency counts ${COUNTS} unconvertible source } }`;

async function report(level: ReportLevel, query: Partial<ReportQuery> = {}, session = admin) {
  const answer = await apiClient(server.url).graphql<{ page: ReportPage }>(
    `query($q: ReportQueryInput!) { page: ${REPORT_LEVEL_OPERATIONS[level]}(query: $q) { ${PAGE} } }`,
    { q: { period: PERIOD, ...query } },
    session,
  );
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.page;
}

async function series(query: Partial<ReportQuery> = {}) {
  const answer = await apiClient(server.url).graphql<{ adsManagerSeries: ReportSeriesPoint[] }>(
    `query($q: ReportQueryInput!) { adsManagerSeries(level: "keywords", query: $q, granularity: "DAY") {
      date currency converted counts ${COUNTS} } }`,
    { q: { period: PERIOD, ...query } },
    admin,
  );
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.adsManagerSeries;
}

const spendOf = (page: ReportPage) => ({
  byCurrency: page.totals.byCurrency.map((entry) => [
    entry.currency,
    entry.counts.localSpendMicros,
  ]),
  converted: page.totals.converted && {
    currency: page.totals.converted.currency,
    spend: page.totals.converted.counts?.localSpendMicros ?? null,
    unconvertible: page.totals.converted.unconvertible,
  },
});

describe('totals over two currencies', () => {
  it.each(['accounts', 'apps', 'campaigns', 'adGroups', 'keywords', 'ads', 'searchTerms'] as const)(
    'never adds dollars and euros on %s: one total each, and a converted total',
    async (level) => {
      const page = await report(level);
      expect(spendOf(page)).toEqual({
        byCurrency: [
          ['USD', 10 * USD_DAY],
          ['EUR', 10 * EUR_DAY],
        ],
        converted: { currency: 'USD', spend: 10 * USD_DAY + EUR_IN_USD, unconvertible: [] },
      });
      // Counts other than money add up across currencies.
      expect(page.totals.converted!.counts!.impressions).toBe(2_000);
      expect(page.totals.converted!.source).toBe('ECB');
    },
  );

  it('names each creative set in its own currency and totals them apart', async () => {
    const page = await report('creativeSets');
    expect(page.rows.map((row) => [row.name, row.details.currency]).sort()).toEqual([
      ['Summer creative', 'EUR'],
      ['Summer creative', 'USD'],
    ]);
    expect(spendOf(page).byCurrency).toEqual([
      ['USD', 10 * USD_DAY],
      ['EUR', 10 * EUR_DAY],
    ]);
  });

  it('gives one account its own total, and converts it when it is not the reporting currency', async () => {
    const euros = await report('keywords', { filter: { adAccountIds: [eur.adAccountId] } });
    expect(spendOf(euros)).toEqual({
      byCurrency: [['EUR', 10 * EUR_DAY]],
      converted: { currency: 'USD', spend: EUR_IN_USD, unconvertible: [] },
    });
    const dollars = await report('keywords', { filter: { adAccountIds: [usd.adAccountId] } });
    expect(spendOf(dollars)).toEqual({ byCurrency: [['USD', 10 * USD_DAY]], converted: null });
  });

  it('converts into the reporting currency the company picks', async () => {
    await updateTeam(server.database.db, teamId, { reportingCurrency: 'EUR' });
    try {
      const page = await report('accounts');
      const dollarsInEuros = Math.round(RATE_OF_DAY.reduce((sum, rate) => sum + USD_DAY / rate, 0));
      expect(spendOf(page)).toEqual({
        byCurrency: [
          ['EUR', 10 * EUR_DAY],
          ['USD', 10 * USD_DAY],
        ],
        converted: { currency: 'EUR', spend: 10 * EUR_DAY + dollarsInEuros, unconvertible: [] },
      });
    } finally {
      await updateTeam(server.database.db, teamId, { reportingCurrency: 'USD' });
    }
  });
});

describe('money sorts and filters in the reporting currency', () => {
  it.each(['accounts', 'keywords'] as const)(
    'puts €95.00 (about $108.49) above $100.00 on %s',
    async (level) => {
      const page = await report(level, { sortBy: 'spend', sortDesc: true });
      expect(page.rows.map((row) => row.adAccountId)).toEqual([eur.adAccountId, usd.adAccountId]);
      const cheapest = await report(level, { sortBy: 'avgCpt', sortDesc: false });
      expect(cheapest.rows.map((row) => row.adAccountId)).toEqual([
        usd.adAccountId,
        eur.adAccountId,
      ]);
    },
  );

  it('compares a spend filter with the converted amounts', async () => {
    const page = await report('keywords', {
      filter: { metrics: [{ metric: 'spend', operator: 'GREATER_THAN', value: 105 }] },
    });
    expect(page.rows.map((row) => row.name)).toEqual(['euro keyword']);
    expect(spendOf(page).byCurrency).toEqual([['EUR', 10 * EUR_DAY]]);
  });
});

describe('the chart', () => {
  it('shows money of two currencies in the reporting currency, converted day by day', async () => {
    const points = await series();
    expect(points).toHaveLength(10);
    expect(points.every((point) => point.currency === 'USD' && point.converted)).toBe(true);
    expect(points.map((point) => point.counts.localSpendMicros)).toEqual(
      RATE_OF_DAY.map((rate) => USD_DAY + Math.round(EUR_DAY * rate)),
    );
    expect(points[0]!.counts.impressions).toBe(200);
  });

  it("shows one account's money in its own currency, unconverted", async () => {
    const points = await series({ filter: { adAccountIds: [eur.adAccountId] } });
    expect(points.every((point) => point.currency === 'EUR' && !point.converted)).toBe(true);
    expect(points.map((point) => point.counts.localSpendMicros)).toEqual(DAYS.map(() => EUR_DAY));
  });
});

describe('a currency without a rate', () => {
  it('keeps its own total and converts nothing rather than leaving it out', async () => {
    const db = server.database.db;
    const other = await createCompany(db);
    const member = await createMember(db, other.id, { role: 'ADMIN' });
    const session = await apiClient(server.url).signIn(member.email, member.password);
    const dollars = await seedAdsManagerAccount(db, other.id, [{ ...KEYWORD, text: 'a' }]);
    const dollarsTw = await seedAdsManagerAccount(db, other.id, [{ ...KEYWORD, text: 'b' }], 'TW', {
      currency: 'TWD',
    });
    for (const account of [dollars, dollarsTw])
      await writeAccountFacts(db, account, [
        {
          keywordId: account.keywordId,
          grain: 'DAILY',
          date: '2025-03-03',
          counts: dayCounts(USD_DAY),
        },
      ]);
    await writeAccountFacts(db, dollars, [
      {
        keywordId: dollars.keywordId,
        grain: 'DAILY',
        date: '2025-03-05',
        counts: dayCounts(USD_DAY),
      },
    ]);
    const page = await report('accounts', {}, session);
    expect(spendOf(page)).toEqual({
      byCurrency: [
        ['USD', 2 * USD_DAY],
        ['TWD', USD_DAY],
      ],
      converted: { currency: 'USD', spend: null, unconvertible: ['TWD'] },
    });
    // A currency without a rate that spent nothing needs none.
    const quiet = await report(
      'accounts',
      { period: { start: '2025-03-05', end: '2025-03-06' } },
      session,
    );
    expect(spendOf(quiet)).toEqual({
      byCurrency: [
        ['USD', USD_DAY],
        ['TWD', 0],
      ],
      converted: { currency: 'USD', spend: USD_DAY, unconvertible: [] },
    });
  });
});

describe('the export over two currencies', () => {
  it('writes one total per currency and the converted total, marked, never a sum of both', async () => {
    const response = await fetch(`${server.url}/v1/api/ads-manager/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${admin.token}`,
        'x-session-id': admin.sessId,
        'x-user-id': admin.userId,
      },
      body: JSON.stringify({
        level: 'keywords',
        format: 'csv',
        query: { period: PERIOD },
        columns: [
          { key: 'name', heading: 'Name' },
          { key: 'currency', heading: 'Currency' },
          { key: 'spend', heading: 'Spend' },
          { key: 'impressions', heading: 'Impressions' },
        ],
        codeWords: { 'total.currency': 'Gesamt {{currency}}' },
      }),
    });
    expect(response.status).toBe(200);
    const lines = Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, '').trim()).data;
    const money = (micros: number) =>
      (micros / 1_000_000).toLocaleString('en-US', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    expect(lines.slice(-3)).toEqual([
      ['Gesamt USD', 'USD', money(10 * USD_DAY), '1,000'],
      ['Gesamt EUR', 'EUR', money(10 * EUR_DAY), '1,000'],
      [
        "≈ Total in USD, converted at the ECB's daily reference rates",
        'USD',
        money(10 * USD_DAY + EUR_IN_USD),
        '2,000',
      ],
    ]);
  });
});
