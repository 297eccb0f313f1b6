// The work limit of a GraphQL request and what a heavy request leaves to others, through the
// real server on a real database: the probe that held /healthz for seconds is refused, the web
// app's largest requests pass, and while a heavy request allowed by the limit runs, health
// checks and another member's report keep answering.
import { ZERO_COUNTS, type MetricCounts } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type KeywordFact,
} from '../../modules/ads-manager/ads-manager-factories';
import { apiClient, type Session } from '../testing/api-client';
import { createCompany, createMember } from '../testing/factories';
import { startTestServer, type TestServer } from '../testing/test-server';
import { QUERY_WORK_LIMIT } from './query-work';

let server: TestServer;
let readOnly: Session;
let otherMember: Session;

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const TODAY = Date.now();
const TWO_YEARS = { start: isoDay(TODAY - 730 * DAY_MS), end: isoDay(TODAY) };
/** Days of stored daily facts: enough keyword-days that each report takes a while. */
const FACT_DAYS = Array.from({ length: 60 }, (_, index) => isoDay(TODAY - (index + 1) * DAY_MS));
const SIXTY_DAYS = { start: FACT_DAYS.at(-1)!, end: FACT_DAYS[0]! };
const KEYWORD_COUNT = 1_000;

const counts = (keyword: number, day: number): MetricCounts => ({
  ...ZERO_COUNTS,
  impressions: 100 + keyword + day,
  taps: 10 + (keyword % 7),
  tapInstalls: keyword % 3,
  totalInstalls: keyword % 3,
  localSpendMicros: 1_000_000 + keyword * 1_000 + day,
});

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  const company = await createCompany(db);
  const member = await createMember(db, company.id, { isReadOnly: true });
  readOnly = await api.signIn(member.email, member.password);
  const account = await seedAdsManagerAccount(
    db,
    company.id,
    Array.from({ length: KEYWORD_COUNT }, (_, index) => ({
      text: `keyword ${index}`,
      status: 'ENABLED' as const,
      deleted: false,
      matchType: 'EXACT' as const,
      bidMicros: 1_000_000,
    })),
  );
  const facts: KeywordFact[] = account.keywords.flatMap((keyword, index) =>
    FACT_DAYS.map((date, day) => ({
      keywordId: keyword.id,
      grain: 'DAILY' as const,
      date,
      counts: counts(index, day),
    })),
  );
  await writeAccountFacts(db, account, facts);

  const other = await createCompany(db);
  const otherAdmin = await createMember(db, other.id, { role: 'ADMIN' });
  otherMember = await api.signIn(otherAdmin.email, otherAdmin.password);
  await seedAdsManagerAccount(db, other.id, [
    { text: 'own', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1_000_000 },
  ]);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** `count` aliases of the keyword report, each over `period` with `limit` rows. */
function aliasedReports(count: number, period: { start: string; end: string }, limit: number) {
  const fields = Array.from(
    { length: count },
    (_, index) =>
      `r${index}: targetingKeywordReports(query: { period: { start: "${period.start}", end: "${period.end}" }, limit: ${limit} }) { total rows { id counts { impressions } } }`,
  );
  return `{ ${fields.join('\n')} }`;
}

describe('the work limit', () => {
  it('refuses fifteen two-year reports of 2,000 rows, naming the limit, before any runs', async () => {
    const answer = await apiClient(server.url).graphql(
      aliasedReports(15, TWO_YEARS, 2000),
      {},
      readOnly,
    );
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors![0]!.message).toBe(
      `Query work limit of ${QUERY_WORK_LIMIT} exceeded, found 40965. Ask for shorter periods ` +
        'or fewer rows, or send the fields in separate requests.',
    );
    expect(answer.errors![0]!.extensions).toMatchObject({ code: 10, error: 'BAD_REQUEST' });
  });

  it('prices the arguments given as variables and the fields of fragments', async () => {
    const api = apiClient(server.url);
    const variables = await api.graphql(
      `query($q: ReportQueryInput!) {
        a: targetingKeywordReports(query: $q) { total }
        b: targetingKeywordReports(query: $q) { total }
        c: adsManagerSeries(level: "keywords", query: $q, granularity: "DAY") { date }
        d: adsManagerSeries(level: "keywords", query: $q, granularity: "DAY") { date }
      }`,
      { q: { period: TWO_YEARS, limit: null } },
      readOnly,
    );
    // Two "All" pages (10,731 each) and two two-year charts (3,924 each).
    expect(variables.errors?.[0]?.message).toMatch(/found 29310\./);
    const fragments = await api.graphql(
      `query { ...first ...second }
      fragment first on Query { a: getTopAppBySpend(period: { start: "${TWO_YEARS.start}", end: "${TWO_YEARS.end}" }) { name }
        b: targetingKeywordReports(query: { period: { start: "${TWO_YEARS.start}", end: "${TWO_YEARS.end}" }, limit: null }) { total } }
      fragment second on Query { c: targetingKeywordReports(query: { period: { start: "${TWO_YEARS.start}", end: "${TWO_YEARS.end}" }, limit: 2000 }) { total } }`,
      {},
      readOnly,
    );
    expect(fragments.errors?.[0]?.message).toMatch(/found 14194\./);
  });

  it('prices each request with its own variables, whatever the same document asked before', async () => {
    const api = apiClient(server.url);
    // Five 2,000-row pages: 13,655 over two years, 10,035 over a week.
    const document = `query($q: ReportQueryInput!) {
      ${['a', 'b', 'c', 'd', 'e'].map((alias) => `${alias}: targetingKeywordReports(query: $q) { total }`).join('\n')}
    }`;
    const week = { start: FACT_DAYS[6]!, end: FACT_DAYS[0]! };
    const asked = [TWO_YEARS, week, TWO_YEARS, week];
    const answers = [];
    for (const period of asked) {
      answers.push(await api.graphql(document, { q: { period, limit: 2000 } }, readOnly));
    }
    expect(answers.map((answer) => answer.errors?.[0]?.message ?? 'answered')).toEqual([
      expect.stringMatching(/found 13655\./),
      'answered',
      expect.stringMatching(/found 13655\./),
      'answered',
    ]);
    expect(answers[0]!.status).toBe(400);
  });

  it("answers the web app's largest requests", async () => {
    const api = apiClient(server.url);
    const requests = [
      `{ adsManagerSeries(level: "keywords", granularity: "DAY", query: { period: { start: "${TWO_YEARS.start}", end: "${TWO_YEARS.end}" } }) { date } }`,
      `{ targetingKeywordReports(query: { period: { start: "${TWO_YEARS.start}", end: "${TWO_YEARS.end}" }, limit: 2000 }) { total } }`,
      `{ targetingKeywordReports(query: { period: { start: "${TWO_YEARS.start}", end: "${TWO_YEARS.end}" }, limit: null }) { total } }`,
    ];
    for (const query of requests) {
      const answer = await api.graphql(query, {}, readOnly);
      expect(answer.errors, query).toBeUndefined();
    }
  });

  it('leaves a missing or invalid argument to the usual validation errors', async () => {
    const api = apiClient(server.url);
    const missing = await api.graphql('{ targetingKeywordReports { total } }', {}, readOnly);
    expect(missing.errors?.[0]?.message).toMatch(/argument "query" of type/i);
    const badVariable = await api.graphql(
      'query($q: ReportQueryInput!) { targetingKeywordReports(query: $q) { total } }',
      { q: { period: 'soon' } },
      readOnly,
    );
    expect(badVariable.errors?.[0]?.message).toMatch(/\$q/);
  });
});

describe('a heavy request', () => {
  it('leaves health checks and other members answering while it runs', async () => {
    const api = apiClient(server.url);
    // Fifteen reports of 700 rows over the sixty days of facts: 11,400, just within the limit.
    const heavy = aliasedReports(15, SIXTY_DAYS, 700);
    const started = performance.now();
    let heavyEnded = 0;
    const heavyAnswer = api.graphql(heavy, {}, readOnly).then((answer) => {
      heavyEnded = performance.now();
      return answer;
    });
    // Another company's member opens the keywords tab meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 20));
    let otherEnded = 0;
    const otherAnswer = api
      .graphql(aliasedReports(1, SIXTY_DAYS, 50), {}, otherMember)
      .then((answer) => {
        otherEnded = performance.now();
        return answer;
      });
    const healthWaits: number[] = [];
    while (!heavyEnded) {
      const asked = performance.now();
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      if (!heavyEnded) healthWaits.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const answer = await heavyAnswer;
    expect(answer.errors).toBeUndefined();
    expect(Object.keys(answer.data!)).toHaveLength(15);
    expect((await otherAnswer).errors).toBeUndefined();

    const heavyTook = heavyEnded - started;
    const longestWait = Math.max(...healthWaits);
    const context = JSON.stringify({ heavyTook, longestWait, checks: healthWaits.length });
    // Generous bounds, relative to the request itself: health checks kept answering throughout
    // (before, the first waited for the whole request), and the other member's one report did
    // not wait for the fifteen.
    expect(healthWaits.length, context).toBeGreaterThanOrEqual(5);
    expect(longestWait, context).toBeLessThan(heavyTook / 2);
    expect(otherEnded, context).toBeLessThan(heavyEnded);
  });
});
