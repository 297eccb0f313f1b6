// How the overview combines grains, through the API, on facts written by the sync's repository:
// days from dailyFrom on, whole Sunday weeks before, whole months before the weeks; each coarse
// bucket counted once and only where no finer history exists; restated coarse rows that a later
// sync left behind ignored.
import {
  METRIC_COUNT_FIELDS,
  type BreakdownRow,
  type DateRange,
  type OverviewTotals,
  type SeriesPoint,
  type TopEntityRow,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { saveEntities } from '../ads-data/ads-data.repository';
import {
  seedAppleAdsApp,
  seedCampaign,
  uniformCounts as u,
  writeFacts,
  type FactEntry,
  type SeededApp,
} from './overview-factories';

let server: TestServer;
let session: Session;
let app: SeededApp;

const COUNTS = `{ ${METRIC_COUNT_FIELDS.join(' ')} }`;
const days = (from: string, count: number, counts = u(1)): FactEntry[] =>
  Array.from({ length: count }, (_, index) => ({
    grain: 'DAILY',
    date: new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
    counts,
  }));

// Days kept per day from Wednesday 2025-03-12; Sunday weeks from 2025-02-16 (the last one cut at
// 2025-03-11); months before, the first cut at 2024-12-05 and the last at 2025-02-15.
const HISTORY: FactEntry[] = [
  ...days('2025-03-12', 10),
  { grain: 'WEEKLY', date: '2025-02-16', counts: u(100) },
  { grain: 'WEEKLY', date: '2025-02-23', counts: u(200) },
  { grain: 'WEEKLY', date: '2025-03-02', counts: u(300) },
  { grain: 'WEEKLY', date: '2025-03-09', counts: u(400) },
  { grain: 'MONTHLY', date: '2024-12-05', counts: u(30_000) },
  { grain: 'MONTHLY', date: '2025-01-01', counts: u(10_000) },
  { grain: 'MONTHLY', date: '2025-02-01', counts: u(20_000) },
  // Left by later syncs where finer history exists already: never counted.
  { grain: 'WEEKLY', date: '2025-03-16', counts: u(5_000) },
  { grain: 'MONTHLY', date: '2025-03-01', counts: u(777_777) },
];

beforeAll(async () => {
  server = await startTestServer();
  const company = await createCompany(server.database.db);
  const admin = await createMember(server.database.db, company.id, { role: 'ADMIN' });
  session = await apiClient(server.url).signIn(admin.email, admin.password);
  app = await seedAppleAdsApp(server.database.db, company.id, { currency: 'EUR' });
  await writeFacts(server.database.db, app, HISTORY);
  await writeFacts(
    server.database.db,
    app,
    [
      { grain: 'DAILY', date: '2025-03-12', counts: u(2), value: 'M' },
      { grain: 'DAILY', date: '2025-03-12', counts: u(3), value: 'F' },
      { grain: 'WEEKLY', date: '2025-03-09', counts: u(50), value: 'M' },
    ],
    'gender',
  );
});
afterAll(async () => {
  await server?.close();
});

async function query<Data>(text: string, variables: Record<string, unknown>): Promise<Data> {
  const answer = await apiClient(server.url).graphql<Data>(text, variables, session);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
}

const scope = () => ({ adAccountId: app.adAccountId, adamId: app.adamId });

const totalsOf = async (currdate: DateRange, prevdate?: DateRange) =>
  (
    await query<{ getOverviewAloneForApp: OverviewTotals }>(
      `query($input: OverviewInput!) { getOverviewAloneForApp(input: $input) {
        currdate { start end } prevdate { start end } currency dailyFrom
        current ${COUNTS} previous ${COUNTS} } }`,
      { input: { ...scope(), currdate, prevdate } },
    )
  ).getOverviewAloneForApp;

const seriesOf = async (currdate: DateRange, granularity: string) =>
  (
    await query<{ getOverviewSeries: SeriesPoint[] }>(
      `query($input: OverviewSeriesInput!) { getOverviewSeries(input: $input) { date counts ${COUNTS} } }`,
      { input: { ...scope(), currdate, granularity } },
    )
  ).getOverviewSeries;

describe('totals over days, weeks and months', () => {
  const cases: [string, DateRange, number][] = [
    ['days kept per day', { start: '2025-03-12', end: '2025-03-21' }, 10],
    ['a few days', { start: '2025-03-14', end: '2025-03-16' }, 3],
    ['whole weeks, then days', { start: '2025-02-25', end: '2025-03-13' }, 200 + 300 + 400 + 2],
    ['a whole month, then a whole week', { start: '2025-02-03', end: '2025-02-17' }, 20_100],
    ['a week whose month ended before it', { start: '2025-02-17', end: '2025-02-18' }, 100],
    ['two months, the first cut at 24 months', { start: '2024-12-20', end: '2025-01-05' }, 40_000],
    ['one day of the week cut at dailyFrom', { start: '2025-03-10', end: '2025-03-10' }, 400],
    ['nothing stored', { start: '2023-01-01', end: '2023-12-31' }, 0],
  ];
  for (const [label, period, expected] of cases) {
    it(`counts ${label}`, async () => {
      const totals = await totalsOf(period);
      expect(totals.current).toEqual(u(expected));
      expect(totals.dailyFrom).toBe('2025-03-12');
    });
  }

  it('compares with the previous period by the same rules, in the account currency', async () => {
    const totals = await totalsOf({ start: '2025-03-12', end: '2025-03-21' });
    expect(totals.prevdate).toEqual({ start: '2025-03-02', end: '2025-03-11' });
    expect(totals.previous).toEqual(u(700));
    expect(totals.currency).toBe('EUR');
  });
});

describe('series over days, weeks and months', () => {
  const nonZero = (series: SeriesPoint[]) =>
    Object.fromEntries(
      series
        .filter((point) => point.counts.impressions > 0)
        .map((point) => [point.date, point.counts.impressions]),
    );

  it('puts a coarse bucket on its first day inside the period', async () => {
    const series = await seriesOf({ start: '2025-02-25', end: '2025-03-13' }, 'DAY');
    expect(series).toHaveLength(17);
    expect(nonZero(series)).toEqual({
      '2025-02-25': 200,
      '2025-03-02': 300,
      '2025-03-09': 400,
      '2025-03-12': 1,
      '2025-03-13': 1,
    });
  });

  it('groups by Sunday weeks and by months, the first bucket starting with the period', async () => {
    const weeks = await seriesOf({ start: '2025-02-25', end: '2025-03-13' }, 'WEEK');
    expect(weeks.map((point) => [point.date, point.counts.taps])).toEqual([
      ['2025-02-25', 200],
      ['2025-03-02', 300],
      ['2025-03-09', 402],
    ]);
    const months = await seriesOf({ start: '2025-01-10', end: '2025-03-13' }, 'MONTH');
    expect(months.map((point) => [point.date, point.counts.localSpendMicros / 1e6])).toEqual([
      ['2025-01-10', 10_000],
      ['2025-02-01', 20_300],
      ['2025-03-01', 702],
    ]);
  });
});

describe('top lists and breakdowns over mixed history', () => {
  it('ranks the entities by the same days, weeks and months as the totals', async () => {
    const period = { start: '2025-02-25', end: '2025-03-13' };
    const top = await query<{ keywords: TopEntityRow[]; adGroups: TopEntityRow[] }>(
      `query($input: TopEntitiesInput!) {
        keywords: getTopKeywords(input: $input) { id name matchType campaignId campaignName adGroupId counts ${COUNTS} }
        adGroups: getTopAdGroups(input: $input) { id name matchType adGroupId counts ${COUNTS} } }`,
      { input: { ...scope(), period, param: 'taps' } },
    );
    expect(top.keywords).toEqual([
      {
        id: app.keywordId,
        name: `${app.name.toLowerCase()} app`,
        matchType: 'EXACT',
        campaignId: app.campaignId,
        campaignName: `${app.name} – Brand – US`,
        adGroupId: app.adGroupId,
        counts: u(902),
      },
    ]);
    expect(top.adGroups).toEqual([
      {
        id: app.adGroupId,
        name: 'Brand exact',
        matchType: null,
        adGroupId: app.adGroupId,
        counts: u(902),
      },
    ]);
  });

  it('splits by the same rules, with both periods per value', async () => {
    const rows = (
      await query<{ rows: BreakdownRow[] }>(
        `query($input: OverviewInput!) { rows: getOverviewForApp(input: $input, gender: "MF") {
          value counts ${COUNTS} previous ${COUNTS} } }`,
        { input: { ...scope(), currdate: { start: '2025-03-10', end: '2025-03-12' } } },
      )
    ).rows;
    expect(rows).toEqual([
      // The week of 2025-03-09 overlaps both periods, so each counts it whole.
      { value: 'M', counts: u(52), previous: u(50) },
      { value: 'F', counts: u(3), previous: u(0) },
    ]);
  });
});

describe('apps and accounts without history', () => {
  it('answers zeros, USD and the DAILY window start for an app it does not know', async () => {
    const totals = await totalsOf({ start: '2025-03-12', end: '2025-03-21' });
    const unknown = (
      await query<{ getOverviewAloneForApp: OverviewTotals }>(
        `query($input: OverviewInput!) { getOverviewAloneForApp(input: $input) {
          currency dailyFrom current ${COUNTS} } }`,
        { input: { adAccountId: 1, adamId: 2, currdate: totals.currdate } },
      )
    ).getOverviewAloneForApp;
    expect(unknown.current).toEqual(u(0));
    expect(unknown.currency).toBe('USD');
    const today = new Date().toISOString().slice(0, 10);
    const windowStart = new Date(Date.parse(`${today}T00:00:00Z`) - 89 * 86_400_000);
    expect(Math.abs(Date.parse(unknown.dailyFrom) - windowStart.getTime())).toBeLessThanOrEqual(
      86_400_000,
    );
  });

  it("never lists Apple's placeholder app (adamId 0) or an app without campaigns", async () => {
    await saveEntities(server.database.db, app.teamId, 'apps', [
      { adAccountId: app.adAccountId, adamId: 0, name: 'Placeholder' },
      { adAccountId: app.adAccountId, adamId: 42, name: 'No campaigns' },
    ]);
    await seedCampaign(server.database.db, app.teamId, {
      adAccountId: app.adAccountId,
      id: app.campaignId + 1_000_000,
      adamId: 0,
      name: 'Campaign of no app',
    });
    const { getOwnAppsFromDB } = await query<{
      getOwnAppsFromDB: { adamId: number; currency: string }[];
    }>('{ getOwnAppsFromDB(at: 1) { adamId currency } }', {});
    expect(getOwnAppsFromDB).toEqual([{ adamId: app.adamId, currency: 'EUR' }]);
  });
});
