// The keyword journey through the real API on a real database: stage counts against a count
// written straight over the facts, the listed stage, the week-by-week movement, the goal's
// events, the wait warning, refusals, and another company's data never counted.
import {
  KEYWORD_STAGES,
  keywordStage,
  ZERO_COUNTS,
  type KeywordStage,
  type MetricCounts,
} from '@tapwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type KeywordFact,
  type SeededAccount,
} from '../ads-manager/ads-manager-factories';
import { rowsOf } from '../analytics/overview.repository';
import { createAttrIntegration } from '../attribution/attribution-factories';
import { seedAttributionDaily, seedGoal } from '../goals/goal-factories';
import { stageRankSql } from './keyword-journey.repository';

let server: TestServer;
let admin: Session;
let account: SeededAccount;
let other: SeededAccount;
let goalId: string;

const END = '2025-03-31';
const KEYWORD = {
  status: 'ENABLED',
  deleted: false,
  matchType: 'EXACT',
  bidMicros: 1_000_000,
} as const;
const counts = (partial: Partial<MetricCounts>): MetricCounts => ({ ...ZERO_COUNTS, ...partial });
const fact = (keywordId: number, date: string, partial: Partial<MetricCounts>): KeywordFact => ({
  keywordId,
  grain: 'DAILY',
  date,
  counts: counts(partial),
});

const QUERY = `query($input: KeywordJourneyInput!) { keywordJourney(input: $input) {
  window { start end } currency stage eventSource dataDays needsWait
  goal { id name } goals { id name }
  stageCounts { stage count }
  keywords { keywordId text matchType counts { impressions taps totalInstalls tapInstalls localSpendMicros } events }
  weeks { start end forward back stageCounts { stage count } }
} }`;

interface Journey {
  window: { start: string; end: string };
  stage: KeywordStage;
  eventSource: string;
  dataDays: number;
  needsWait: boolean;
  goal: { id: string } | null;
  stageCounts: { stage: KeywordStage; count: number }[];
  keywords: { keywordId: number; events: number; counts: MetricCounts }[];
  weeks: {
    start: string;
    end: string;
    forward: number;
    back: number;
    stageCounts: { stage: KeywordStage; count: number }[];
  }[];
}

async function journey(input: Record<string, unknown>, session: Session | null = admin) {
  return apiClient(server.url).graphql<{ keywordJourney: Journey }>(
    QUERY,
    { input },
    session ?? undefined,
  );
}
const countsOfStages = (list: { stage: KeywordStage; count: number }[]) =>
  Object.fromEntries(list.map((entry) => [entry.stage, entry.count]));

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const company = await createCompany(db);
  const member = await createMember(db, company.id, { role: 'STAFF' });
  admin = await apiClient(server.url).signIn(member.email, member.password);
  account = await seedAdsManagerAccount(
    db,
    company.id,
    [
      { ...KEYWORD, text: 'impression only' },
      { ...KEYWORD, text: 'tapped' },
      { ...KEYWORD, text: 'installed' },
      { ...KEYWORD, text: 'converted' },
      { ...KEYWORD, text: 'never shown' },
      { ...KEYWORD, text: 'deleted and silent', deleted: true },
    ],
    'Journey app',
  );
  const [impression, tap, install, converted] = account.keywords.map((keyword) => keyword.id);
  await writeAccountFacts(db, account, [
    // Eight weeks before the end, history begins: every keyword shown once.
    fact(impression!, '2025-02-01', { impressions: 40 }),
    fact(tap!, '2025-02-01', { impressions: 40 }),
    // The last week: the impression keyword is tapped (forward), the tap keyword only shown (back).
    fact(impression!, '2025-03-30', { impressions: 10, taps: 1, localSpendMicros: 1_500_000 }),
    fact(tap!, '2025-03-20', { impressions: 30, taps: 3, localSpendMicros: 4_000_000 }),
    fact(tap!, '2025-03-28', { impressions: 5 }),
    fact(install!, '2025-03-15', {
      impressions: 50,
      taps: 5,
      tapInstalls: 2,
      totalInstalls: 2,
      localSpendMicros: 6_000_000,
    }),
    fact(converted!, '2025-03-10', {
      impressions: 60,
      taps: 6,
      tapInstalls: 3,
      totalInstalls: 3,
      localSpendMicros: 9_000_000,
    }),
    // Before the 30-day window: does not count in it.
    fact(install!, '2025-02-20', { impressions: 9, taps: 9, tapInstalls: 9, totalInstalls: 9 }),
  ]);
  const goal = await seedGoal(db, company.id, { adamId: account.adamId, name: 'Trials' });
  goalId = goal.id;
  const integration = await createAttrIntegration(db, server.context.secrets, {
    teamId: company.id,
    adamId: account.adamId,
  });
  await seedAttributionDaily(db, integration, [
    {
      day: '2025-03-12',
      kind: 'event',
      campaignId: account.campaignId,
      adGroupId: account.adGroupId,
      keywordId: converted!,
      eventType: 'Start Trial',
      daysSinceInstall: 2,
      count: 4,
    },
  ]);
  // Another company with the same shape and far larger figures.
  const otherCompany = await createCompany(db);
  other = await seedAdsManagerAccount(
    db,
    otherCompany.id,
    [{ ...KEYWORD, text: 'theirs' }],
    'Other',
  );
  await writeAccountFacts(db, other, [
    fact(other.keywordId, '2025-03-20', {
      impressions: 999,
      taps: 99,
      localSpendMicros: 99_000_000,
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The stages counted straight over the tables, as the issue asks: no code of the module. */
async function stagesBySql(teamId: string, adAccountId: number, adamId: number) {
  const rows = await rowsOf(
    server.database.db,
    sql`WITH f AS (
        SELECT keyword_id, sum(impressions) AS i, sum(taps) AS t, sum(total_installs) AS n
        FROM keyword_report_facts WHERE team_id = ${teamId} AND ad_account_id = ${adAccountId}
          AND adam_id = ${adamId} AND grain = 'DAILY' AND date BETWEEN '2025-03-02' AND '2025-03-31'
        GROUP BY 1),
      e AS (
        SELECT keyword_id, sum(count) AS events FROM attribution_daily
        WHERE team_id = ${teamId} AND adam_id = ${adamId} AND kind = 'event'
          AND event_type = 'Start Trial' AND days_since_install <= 7 AND network = 'APPLE_ADS'
          AND day BETWEEN '2025-03-02' AND '2025-03-31' GROUP BY 1)
      SELECT CASE WHEN coalesce(e.events, 0) > 0 THEN 'EVENT'
          WHEN coalesce(f.n, 0) > 0 THEN 'INSTALL' WHEN coalesce(f.t, 0) > 0 THEN 'TAP'
          WHEN coalesce(f.i, 0) > 0 THEN 'IMPRESSION' ELSE 'NONE' END AS stage, count(*)::int AS count
      FROM keywords k LEFT JOIN f ON f.keyword_id = k.id LEFT JOIN e ON e.keyword_id = k.id
      WHERE k.team_id = ${teamId} AND k.ad_account_id = ${adAccountId}
        AND (NOT k.deleted OR f.keyword_id IS NOT NULL)
      GROUP BY 1`,
  );
  return Object.fromEntries(rows.map((row) => [String(row.stage), Number(row.count)]));
}

describe('keywordJourney', () => {
  const scope = () => ({ adAccountId: account.adAccountId, adamId: account.adamId });

  it('counts each stage as a count written over the facts does', async () => {
    const answer = await journey({ ...scope(), days: 30, end: END });
    expect(answer.errors).toBeUndefined();
    const data = answer.data!.keywordJourney;
    const expected = await stagesBySql(account.teamId, account.adAccountId, account.adamId);
    expect(countsOfStages(data.stageCounts)).toEqual({
      NONE: 0,
      IMPRESSION: 0,
      TAP: 0,
      INSTALL: 0,
      EVENT: 0,
      ...expected,
    });
    expect(countsOfStages(data.stageCounts)).toEqual({
      NONE: 1,
      IMPRESSION: 0,
      TAP: 2,
      INSTALL: 1,
      EVENT: 1,
    });
    expect(data.window).toEqual({ start: '2025-03-02', end: END });
    expect(data.goal?.id).toBe(goalId);
    expect(data.eventSource).toBe('READY');
    expect(data.needsWait).toBe(false);
  });

  it('stages in SQL as keywordStage() does, at each boundary', async () => {
    // Every input at zero and just past it: each stage's boundary and what beats what.
    const cases = Array.from({ length: 16 }, (_, bits) => ({
      impressions: bits & 1,
      taps: (bits >> 1) & 1,
      totalInstalls: (bits >> 2) & 1,
      events: (bits >> 3) & 1,
    }));
    const rank = stageRankSql({
      impressions: 'v.impressions',
      taps: 'v.taps',
      totalInstalls: 'v.installs',
      events: 'v.events',
    });
    const rows = await rowsOf(
      server.database.db,
      sql`SELECT v.n, ${sql.raw(rank)} AS rank
        FROM (VALUES ${sql.join(
          cases.map(
            (c, n) =>
              sql`(${n}::int, ${c.impressions}::float8, ${c.taps}::float8, ${c.totalInstalls}::float8, ${c.events}::float8)`,
          ),
          sql`, `,
        )}) v(n, impressions, taps, installs, events)
        ORDER BY v.n`,
    );
    expect(rows.map((row) => KEYWORD_STAGES[Number(row.rank)])).toEqual(
      cases.map(({ events, ...partial }) => keywordStage(counts(partial), events)),
    );
  });

  it("lists the chosen stage's keywords by spend, with their events", async () => {
    const taps = (await journey({ ...scope(), days: 30, end: END, stage: 'TAP' })).data!
      .keywordJourney;
    expect(taps.keywords.map((row) => row.keywordId)).toEqual([
      account.keywords[1]!.id,
      account.keywords[0]!.id,
    ]);
    expect(taps.keywords[0]!.counts).toMatchObject({
      taps: 3,
      impressions: 35,
      localSpendMicros: 4_000_000,
    });
    const events = (await journey({ ...scope(), days: 30, end: END, stage: 'EVENT' })).data!
      .keywordJourney;
    expect(events.keywords).toMatchObject([{ keywordId: account.keywords[3]!.id, events: 4 }]);
  });

  it('shows every stage per week and the keywords that moved forward or back', async () => {
    const { weeks } = (await journey({ ...scope(), days: 7, end: END })).data!.keywordJourney;
    expect(weeks).toHaveLength(8);
    expect(weeks.at(-1)).toMatchObject({ start: '2025-03-25', end: END, forward: 1, back: 1 });
    expect(countsOfStages(weeks.at(-1)!.stageCounts)).toMatchObject({
      TAP: 1,
      IMPRESSION: 1,
      NONE: 3,
    });
    // 2025-03-18..24: the tap keyword is tapped (forward); the install and event keywords of the
    // week before show nothing (back).
    expect(weeks.at(-2)).toMatchObject({ start: '2025-03-18', forward: 1, back: 2 });
  });

  it('explains the Event stage without a goal of the app and refuses a goal that is not its own', async () => {
    const noGoal = await journey({ adAccountId: other.adAccountId, adamId: other.adamId, days: 7 });
    // Not B's account: A reads it as one without data.
    expect(noGoal.data!.keywordJourney).toMatchObject({ eventSource: 'NO_GOAL', needsWait: true });
    const foreign = await journey({
      ...scope(),
      days: 7,
      goalId: '00000000-0000-4000-8000-000000000000',
    });
    expect(foreign.errors?.[0]?.message).toMatch(/goal/i);
  });

  it('warns to wait when every count is zero or the data is younger than seven days', async () => {
    const empty = (await journey({ ...scope(), days: 7, end: '2024-01-31' })).data!.keywordJourney;
    expect(empty).toMatchObject({ needsWait: true, dataDays: 0 });
    const young = (await journey({ ...scope(), days: 7, end: '2025-02-03' })).data!.keywordJourney;
    expect(young).toMatchObject({ needsWait: true, dataDays: 3 });
  });

  it("never counts another company's keywords, even with its ids", async () => {
    const answer = await journey({
      adAccountId: other.adAccountId,
      adamId: other.adamId,
      days: 30,
      end: END,
    });
    const data = answer.data!.keywordJourney;
    expect(data.stageCounts.every((entry) => entry.count === 0)).toBe(true);
    expect(data.keywords).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('999');
  });

  it('refuses callers without keywordOptimization.read and bad input', async () => {
    const anonymous = await journey({ ...scope(), days: 30 }, null);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe(20);
    const badWindow = await journey({ ...scope(), days: 10 });
    expect(badWindow.errors).toBeDefined();
    expect(badWindow.data?.keywordJourney ?? null).toBeNull();
  });
});
