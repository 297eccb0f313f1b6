// Other placement types through the real API on a real database: each placement's totals equal a
// sum written straight over the facts, for the period and the one compared with; its campaigns
// and daily chart; an empty placement; refusals; and another company's data never counted.
import { ZERO_COUNTS, type MetricCounts } from '@tapwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { replaceFacts, saveEntities } from '../ads-data/ads-data.repository';
import { rowsOf } from '../analytics/overview.repository';
import { seedAppleAdsApp, type SeededApp } from '../analytics/overview-factories';

let server: TestServer;
let member: Session;
let outsider: Session;
let app: SeededApp;
const TODAY_TAB_CAMPAIGN = 990_000_001;

const PERIOD = { start: '2025-03-01', end: '2025-03-10' };
const PREVIOUS = { start: '2025-02-19', end: '2025-02-28' };
const days = (from: number, to: number, month = '03') =>
  Array.from(
    { length: to - from + 1 },
    (_, i) => `2025-${month}-${String(from + i).padStart(2, '0')}`,
  );

const dayCounts = (scale: number): MetricCounts => ({
  ...ZERO_COUNTS,
  impressions: 100 * scale,
  taps: 10 * scale,
  tapInstalls: 3 * scale,
  totalInstalls: 4 * scale,
  localSpendMicros: 2_500_000 * scale,
});

async function writeCampaignFacts(
  teamId: string,
  target: SeededApp,
  campaignId: number,
  dates: string[],
  scale: number,
) {
  await replaceFacts(
    server.database.db,
    teamId,
    'campaigns',
    {
      adAccountId: target.adAccountId,
      campaignIds: [campaignId],
      grain: 'DAILY',
      from: dates[0]!,
      to: dates.at(-1)!,
    },
    dates.map((date) => ({
      adAccountId: target.adAccountId,
      adamId: target.adamId,
      campaignId,
      grain: 'DAILY' as const,
      date,
      ...dayCounts(scale),
    })),
  );
}

const QUERY = `query($input: OtherPlacementsInput!) { otherPlacements(input: $input) {
  currdate { start end } prevdate { start end }
  placements {
    placement
    campaigns { id name details counts { impressions localSpendMicros } }
    current { byCurrency { currency counts { impressions taps tapInstalls totalInstalls localSpendMicros } } }
    previous { byCurrency { currency counts { impressions taps tapInstalls totalInstalls localSpendMicros } } }
    series { date counts { localSpendMicros } }
  }
} }`;

interface Totals {
  byCurrency: { currency: string; counts: MetricCounts }[];
}
interface Placement {
  placement: string;
  campaigns: { id: string; name: string }[];
  current: Totals;
  previous: Totals;
  series: { date: string; counts: { localSpendMicros: number } }[];
}

async function placements(input: Record<string, unknown>, session: Session | null = member) {
  return apiClient(server.url).graphql<{
    otherPlacements: { placements: Placement[]; prevdate: unknown };
  }>(QUERY, { input }, session ?? undefined);
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const company = await createCompany(db);
  const user = await createMember(db, company.id, { role: 'ADMIN', isReadOnly: true });
  member = await apiClient(server.url).signIn(user.email, user.password);
  app = await seedAppleAdsApp(db, company.id, { appName: 'Placements app' });
  await saveEntities(db, company.id, 'campaigns', [
    {
      adAccountId: app.adAccountId,
      id: TODAY_TAB_CAMPAIGN,
      adamId: app.adamId,
      name: 'Today tab – US',
      status: 'ENABLED',
      deleted: false,
      modificationTime: null,
      displayStatus: 'RUNNING',
      servingStateReasons: [],
      dailyBudgetMicros: 20_000_000,
      currency: 'USD',
      countriesOrRegions: ['US'],
      supplySources: ['APPSTORE_TODAY_TAB'],
      startTime: null,
      endTime: null,
    },
  ]);
  await writeCampaignFacts(
    company.id,
    app,
    app.campaignId,
    [...days(19, 28, '02'), ...days(1, 10)],
    1,
  );
  await writeCampaignFacts(
    company.id,
    app,
    TODAY_TAB_CAMPAIGN,
    [...days(24, 28, '02'), ...days(3, 9)],
    2,
  );
  // Another company: its own app with far larger figures, and a member who tries A's ids.
  const otherCompany = await createCompany(db);
  const otherApp = await seedAppleAdsApp(db, otherCompany.id, { appName: 'Other app' });
  await writeCampaignFacts(otherCompany.id, otherApp, otherApp.campaignId, days(1, 10), 77);
  const otherUser = await createMember(db, otherCompany.id, { role: 'ADMIN' });
  outsider = await apiClient(server.url).signIn(otherUser.email, otherUser.password);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** A placement's sums written straight over the campaign facts, as the issue asks. */
async function sumBySql(supply: string, period: { start: string; end: string }) {
  const [row] = await rowsOf(
    server.database.db,
    sql`SELECT coalesce(sum(f.impressions), 0)::float8 AS impressions, coalesce(sum(f.taps), 0)::float8 AS taps,
        coalesce(sum(f.tap_installs), 0)::float8 AS "tapInstalls",
        coalesce(sum(f.total_installs), 0)::float8 AS "totalInstalls",
        coalesce(sum(f.local_spend_micros), 0)::float8 AS "localSpendMicros"
      FROM campaign_report_facts f JOIN campaigns c ON c.team_id = f.team_id
        AND c.ad_account_id = f.ad_account_id AND c.id = f.campaign_id
      WHERE f.team_id = ${app.teamId} AND f.adam_id = ${app.adamId} AND f.grain = 'DAILY'
        AND c.supply_sources[1] = ${supply}
        AND f.date BETWEEN ${period.start}::date AND ${period.end}::date`,
  );
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)]));
}

describe('otherPlacements', () => {
  const scope = () => ({ adAccountId: app.adAccountId, adamId: app.adamId, currdate: PERIOD });

  it("answers each placement's totals as a sum over the facts, for the period and the one before", async () => {
    const answer = await placements(scope());
    expect(answer.errors).toBeUndefined();
    const byPlacement = new Map(
      answer.data!.otherPlacements.placements.map((p) => [p.placement, p]),
    );
    expect([...byPlacement.keys()]).toEqual([
      'SEARCH_RESULTS',
      'SEARCH_TAB',
      'TODAY_TAB',
      'PRODUCT_PAGES',
    ]);
    expect(answer.data!.otherPlacements.prevdate).toEqual(PREVIOUS);
    for (const [placement, supply] of [
      ['SEARCH_RESULTS', 'APPSTORE_SEARCH_RESULTS'],
      ['TODAY_TAB', 'APPSTORE_TODAY_TAB'],
    ] as const) {
      const entry = byPlacement.get(placement)!;
      expect(entry.current.byCurrency).toHaveLength(1);
      expect(entry.current.byCurrency[0]!.counts).toMatchObject(await sumBySql(supply, PERIOD));
      expect(entry.previous.byCurrency[0]!.counts).toMatchObject(await sumBySql(supply, PREVIOUS));
    }
    expect(byPlacement.get('TODAY_TAB')!.current.byCurrency[0]!.counts.localSpendMicros).toBe(
      7 * 2 * 2_500_000,
    );
  });

  it("lists each placement's campaigns and charts it day by day", async () => {
    const list = (await placements(scope())).data!.otherPlacements.placements;
    const todayTab = list.find((p) => p.placement === 'TODAY_TAB')!;
    expect(todayTab.campaigns.map((c) => c.id)).toEqual([String(TODAY_TAB_CAMPAIGN)]);
    expect(todayTab.series).toHaveLength(10);
    expect(todayTab.series.reduce((sum, point) => sum + point.counts.localSpendMicros, 0)).toBe(
      todayTab.current.byCurrency[0]!.counts.localSpendMicros,
    );
    expect(todayTab.series[0]!.counts.localSpendMicros).toBe(0);
  });

  it('answers a placement without campaigns as empty', async () => {
    const list = (await placements(scope())).data!.otherPlacements.placements;
    expect(list.find((p) => p.placement === 'SEARCH_TAB')).toEqual({
      placement: 'SEARCH_TAB',
      campaigns: [],
      current: { byCurrency: [] },
      previous: { byCurrency: [] },
      series: [],
    });
  });

  it("gives another company's member nothing of the app, even with its ids", async () => {
    const answer = await placements(scope(), outsider);
    expect(answer.errors).toBeUndefined();
    for (const entry of answer.data!.otherPlacements.placements) {
      expect(entry.campaigns).toEqual([]);
      expect(entry.current.byCurrency).toEqual([]);
    }
  });

  it('refuses anonymous callers and bad periods', async () => {
    const anonymous = await placements(scope(), null);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe(20);
    const reversed = await placements({
      ...scope(),
      currdate: { start: '2025-03-10', end: '2025-03-01' },
    });
    expect(reversed.errors).toBeDefined();
  });
});
