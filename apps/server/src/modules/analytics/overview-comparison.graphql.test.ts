// The overview's comparison through the API on facts written by the sync's repository: whole
// calendar months compared with the month before, and a period still running (`until`) compared
// with its comparison's last day counted only as far as the running day has come in the
// account's zone, from the hourly facts; whole days where those hours are not kept.
import { METRIC_COUNT_FIELDS, type DateRange, type OverviewTotals } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type GraphQLAnswer, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { replaceFacts } from '../ads-data/ads-data.repository';
import {
  seedAppleAdsApp,
  uniformCounts as u,
  writeFacts,
  type FactEntry,
  type SeededApp,
} from './overview-factories';

let server: TestServer;
/** Each app's company (one integration each) and its admin's session. */
const sessions = new Map<SeededApp, Session>();
/** Los Angeles: 24 a day from 13 to 19 March 2025, 10 so far on the 20th; hours of the 19th. */
let losAngeles: SeededApp;
/** Berlin: 24 on 19 March, 20 so far on the 20th; hours of the 19th. */
let berlin: SeededApp;
/** 1 a day from 29 January to 31 March 2025. */
let monthly: SeededApp;

const COUNTS = `{ ${METRIC_COUNT_FIELDS.join(' ')} }`;
const DAY_MS = 86_400_000;
const dailyFrom = (from: string, count: number, perDay: number): FactEntry[] =>
  Array.from({ length: count }, (_, index) => ({
    grain: 'DAILY',
    date: new Date(Date.parse(`${from}T00:00:00Z`) + index * DAY_MS).toISOString().slice(0, 10),
    counts: u(perDay),
  }));

/** One of each count per hour of the account's day. */
async function writeHours(app: SeededApp, date: string) {
  const rows = Array.from({ length: 24 }, (_, hour) => ({
    adAccountId: app.adAccountId,
    adamId: app.adamId,
    campaignId: app.campaignId,
    date,
    hour,
    ...u(1),
  }));
  await replaceFacts(
    server.database.db,
    app.teamId,
    'campaignHours',
    {
      adAccountId: app.adAccountId,
      campaignIds: [app.campaignId],
      grain: 'HOURLY',
      from: date,
      to: date,
    },
    rows,
  );
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const seedApp = async (timeZone: string) => {
    const company = await createCompany(db);
    const admin = await createMember(db, company.id, { role: 'ADMIN' });
    const app = await seedAppleAdsApp(db, company.id, { timeZone });
    sessions.set(app, await apiClient(server.url).signIn(admin.email, admin.password));
    return app;
  };

  losAngeles = await seedApp('America/Los_Angeles');
  await writeFacts(db, losAngeles, [
    ...dailyFrom('2025-03-13', 7, 24),
    { grain: 'DAILY', date: '2025-03-20', counts: u(10) },
  ]);
  await writeHours(losAngeles, '2025-03-19');

  berlin = await seedApp('Europe/Berlin');
  await writeFacts(db, berlin, [
    { grain: 'DAILY', date: '2025-03-19', counts: u(24) },
    { grain: 'DAILY', date: '2025-03-20', counts: u(20) },
  ]);
  await writeHours(berlin, '2025-03-19');

  monthly = await seedApp('America/Los_Angeles');
  await writeFacts(db, monthly, dailyFrom('2025-01-29', 62, 1));
});
afterAll(async () => {
  await server?.close();
});

interface Ask {
  currdate: DateRange;
  prevdate?: DateRange;
  until?: string;
}

const TOTALS = `query($input: OverviewInput!) { getOverviewAloneForApp(input: $input) {
  currdate { start end } prevdate { start end } comparedUntil current ${COUNTS} previous ${COUNTS} } }`;

const ask = (app: SeededApp, input: Ask) =>
  apiClient(server.url).graphql<{ getOverviewAloneForApp: OverviewTotals }>(
    TOTALS,
    { input: { adAccountId: app.adAccountId, adamId: app.adamId, ...input } },
    sessions.get(app),
  );

async function totalsOf(app: SeededApp, input: Ask): Promise<OverviewTotals> {
  const answer: GraphQLAnswer<{ getOverviewAloneForApp: OverviewTotals }> = await ask(app, input);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.getOverviewAloneForApp;
}

const TODAY = { start: '2025-03-20', end: '2025-03-20' };
const YESTERDAY = { start: '2025-03-19', end: '2025-03-19' };

describe('a period still running', () => {
  it("compares today with yesterday until the same time of the account's day", async () => {
    // 21:00 UTC is 14:00 in Los Angeles (daylight time from 9 March).
    const totals = await totalsOf(losAngeles, {
      currdate: TODAY,
      prevdate: YESTERDAY,
      until: '2025-03-20T21:00:00Z',
    });
    expect(totals.current).toEqual(u(10));
    expect(totals.previous).toEqual(u(14));
    expect(totals.comparedUntil).toBe('2025-03-19T21:00:00.000Z');
  });

  it('compares complete days whole', async () => {
    const totals = await totalsOf(losAngeles, { currdate: TODAY, prevdate: YESTERDAY });
    expect(totals.previous).toEqual(u(24));
    expect(totals.comparedUntil).toBeNull();
  });

  it("counts none of the comparison's last day while the running day has not begun there", async () => {
    // 05:00 UTC on the 20th is still the 19th in Los Angeles.
    const totals = await totalsOf(losAngeles, {
      currdate: TODAY,
      prevdate: YESTERDAY,
      until: '2025-03-20T05:00:00Z',
    });
    expect(totals.previous).toEqual(u(0));
    expect(totals.comparedUntil).toBe('2025-03-19T05:00:00.000Z');
  });

  it("counts in the account's zone ahead of UTC, and whole once its day has ended", async () => {
    // 10:00 UTC is 11:00 in Berlin; 23:30 UTC is already the 21st there.
    const morning = await totalsOf(berlin, {
      currdate: TODAY,
      prevdate: YESTERDAY,
      until: '2025-03-20T10:00:00Z',
    });
    expect(morning.previous).toEqual(u(11));
    expect(morning.comparedUntil).toBe('2025-03-19T10:00:00.000Z');
    const night = await totalsOf(berlin, {
      currdate: TODAY,
      prevdate: YESTERDAY,
      until: '2025-03-20T23:30:00Z',
    });
    expect(night.previous).toEqual(u(24));
    expect(night.comparedUntil).toBeNull();
  });

  it('cuts only the last day of a longer comparison', async () => {
    const totals = await totalsOf(losAngeles, {
      currdate: { start: '2025-03-14', end: '2025-03-20' },
      prevdate: { start: '2025-03-13', end: '2025-03-19' },
      until: '2025-03-20T21:00:00Z',
    });
    expect(totals.current).toEqual(u(6 * 24 + 10));
    expect(totals.previous).toEqual(u(6 * 24 + 14));
    expect(totals.comparedUntil).toBe('2025-03-19T21:00:00.000Z');
  });

  it("compares whole days, and says so, where the comparison's hours are not kept", async () => {
    const totals = await totalsOf(losAngeles, {
      currdate: { start: '2025-03-14', end: '2025-03-20' },
      prevdate: { start: '2025-03-07', end: '2025-03-13' },
      until: '2025-03-20T21:00:00Z',
    });
    expect(totals.previous).toEqual(u(24));
    expect(totals.comparedUntil).toBeNull();
  });

  it('refuses a moment that is not a UTC time, naming the field', async () => {
    const answer = await ask(losAngeles, { currdate: TODAY, until: '20 March, 2 pm' });
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      error: 'BAD_REQUEST',
      details: { until: 'validation.instantInvalid' },
    });
  });
});

describe('the comparison when none is asked for', () => {
  it('is the calendar month before a whole month, not the days of equal length', async () => {
    const totals = await totalsOf(monthly, {
      currdate: { start: '2025-03-01', end: '2025-03-31' },
    });
    expect(totals.prevdate).toEqual({ start: '2025-02-01', end: '2025-02-28' });
    expect(totals.current).toEqual(u(31));
    expect(totals.previous).toEqual(u(28));
  });

  it('is the days of equal length just before any other period', async () => {
    const totals = await totalsOf(monthly, {
      currdate: { start: '2025-03-10', end: '2025-03-16' },
    });
    expect(totals.prevdate).toEqual({ start: '2025-03-03', end: '2025-03-09' });
    expect(totals.previous).toEqual(u(7));
  });
});
