// Backtests as jobs through the real API, the real job queue and the socket: started by a
// read-only member, replayed by the worker with progress to that member, read once DONE; one at
// a time per member, the member's own only, bounded in range, rows and listed changes.
import type * as Contracts from '@tapwise/contracts';
import {
  AUTOMATION_MESSAGES,
  SOCKET_EVENTS,
  type AutomationRuleInput,
  type RuleBacktestProgress,
  type RuleBacktestRun,
} from '@tapwise/contracts';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, type GraphQLAnswer, type Session } from '../../../platform/testing/api-client';
import { createCompany, createMember } from '../../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../../platform/testing/test-server';
import { listActivityLogs } from '../../activity-log/activity-log.repository';
import { seedAdsManagerAccount } from '../../ads-manager/ads-manager-factories';
import {
  seedAppleAdsApp,
  uniformCounts,
  writeFacts,
  type SeededApp,
} from '../../analytics/overview-factories';
import { ruleInput } from '../automation-factories';
import { findBacktest, insertBacktest } from './rule-backtests.repository';

// Small bounds, so that a test can reach them: two entities a day, one change listed.
vi.mock('@tapwise/contracts', async (importOriginal) => ({
  ...(await importOriginal<typeof Contracts>()),
  BACKTEST_MAX_ROWS_PER_DAY: 2,
  BACKTEST_MAX_LISTED_CHANGES: 1,
}));

const ORIGIN = 'http://localhost:5173';
let server: TestServer;
let teamId: string;
let app: SeededApp;
let readOnly: Session;
let admin: Session;
let otherAdmin: Session;

const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const START = `mutation($input: JSON!) {
  startAutomationRuleBacktest(input: $input) { successMessage backtestId } }`;
const READ = `query($id: ID!) { automationRuleBacktest(id: $id) {
  backtestId status done total failure message
  result { start end totalChanges days { date evaluated matched changes } } } }`;

beforeAll(async () => {
  server = await startTestServer({ ALLOWED_ORIGINS: ORIGIN }, { withWorker: true });
  const db = server.database.db;
  const api = apiClient(server.url);
  const signIn = async (companyId: string, options: Parameters<typeof createMember>[2]) => {
    const person = await createMember(db, companyId, options);
    return api.signIn(person.email, person.password);
  };
  teamId = (await createCompany(db, 'Backtest Co')).id;
  app = await seedAppleAdsApp(db, teamId);
  readOnly = await signIn(teamId, { role: 'ADMIN', isReadOnly: true });
  admin = await signIn(teamId, { role: 'ADMIN' });
  otherAdmin = await signIn((await createCompany(db, 'Other Co')).id, { role: 'ADMIN' });
  // The keyword spent 10.00 three days ago, 2.00 two days ago and 8.00 yesterday.
  await writeFacts(db, app, [
    { grain: 'DAILY', date: day(3), counts: uniformCounts(10) },
    { grain: 'DAILY', date: day(2), counts: uniformCounts(2) },
    { grain: 'DAILY', date: day(1), counts: uniformCounts(8) },
  ]);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const gql = <Data = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown>,
  session: Session,
) => apiClient(server.url).graphql<Data>(query, variables, session);

async function start(input: unknown, session = readOnly) {
  const answer = await gql<{ startAutomationRuleBacktest: { backtestId: string } }>(
    START,
    { input },
    session,
  );
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.startAutomationRuleBacktest.backtestId;
}

const read = (id: string, session = readOnly) =>
  gql<{ automationRuleBacktest: RuleBacktestRun }>(READ, { id }, session);

/** Polls the backtest until it is no longer RUNNING. */
async function finished(id: string, session = readOnly): Promise<RuleBacktestRun> {
  for (;;) {
    const run = (await read(id, session)).data!.automationRuleBacktest;
    if (run.status !== 'RUNNING') return run;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const keywordRule = (overrides: Partial<AutomationRuleInput> = {}) =>
  ruleInput({
    scope: {
      adAccountIds: [],
      adamIds: [],
      campaignIds: [],
      adGroupIds: [app.adGroupId],
      keywordIds: [app.keywordId],
    },
    lookback: { range: 'LAST_1_DAY' },
    conditions: [{ metric: 'spend', comparator: 'GREATER_THAN', value: 5 }],
    actions: [{ type: 'CHANGE_BID', operation: 'DECREASE_BY', unit: 'PERCENT', value: 10 }],
    actionLimitFrequency: null,
    ...overrides,
  });

const errorOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions ?? {};

describe('a backtest', () => {
  it('runs as a job, tells the member each day replayed, and answers its result once done', async () => {
    const socket = connectSocket(server.url, {
      transports: ['websocket'],
      extraHeaders: { origin: ORIGIN },
      auth: { token: readOnly.token, sessId: readOnly.sessId },
      reconnection: false,
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const messages: RuleBacktestProgress[] = [];
    const done = new Promise<void>((resolve) =>
      socket.on(SOCKET_EVENTS.ruleBacktest, (message: RuleBacktestProgress) => {
        messages.push(message);
        if (message.status !== 'RUNNING') resolve();
      }),
    );

    const rule = keywordRule({ name: 'Backtested' });
    const answer = await gql<{
      startAutomationRuleBacktest: { successMessage: string; backtestId: string };
    }>(START, { input: { rule, start: day(3), end: day(1) } }, readOnly);
    const { successMessage, backtestId } = answer.data!.startAutomationRuleBacktest;
    expect(successMessage).toBe(AUTOMATION_MESSAGES.backtestStarted);
    await done;
    socket.close();

    expect(messages.map((message) => [message.status, message.done])).toEqual([
      ['RUNNING', 1],
      ['RUNNING', 2],
      ['RUNNING', 3],
      ['DONE', 3],
    ]);
    for (const message of messages) expect(message).toMatchObject({ backtestId, total: 3 });

    const run = (await read(backtestId)).data!.automationRuleBacktest;
    expect(run).toMatchObject({ status: 'DONE', done: 3, total: 3, failure: null, message: null });
    // Two days over 5.00; only the first change is listed (the bound is 1 here), both count.
    expect(run.result).toMatchObject({ start: day(3), end: day(1), totalChanges: 2 });
    expect(run.result!.days.map((entry) => [entry.date, entry.matched])).toEqual([
      [day(3), 1],
      [day(2), 0],
      [day(1), 1],
    ]);
    expect(run.result!.days.map((entry) => entry.changes.length)).toEqual([1, 0, 0]);
    expect(run.result!.days[0]!.changes[0]).toMatchObject({
      entityId: String(app.keywordId),
      before: { bidMicros: 1_000_000 },
      after: { bidMicros: 900_000 },
    });
    const rules = await gql<{ automationRules: { name: string }[] }>(
      '{ automationRules { name } }',
      {},
      readOnly,
    );
    expect(rules.data!.automationRules.map((entry) => entry.name)).not.toContain('Backtested');
    const [logged] = await listActivityLogs(server.database.db, teamId, 1);
    expect(logged).toMatchObject({
      logType: 'rule_tested',
      message: `Backtest of rule "Backtested" from ${day(3)} to ${day(1)}: 2 changes`,
    });
  });

  it('fails a scope holding more entities a day than a backtest evaluates, saying so', async () => {
    const db = server.database.db;
    const wideTeam = (await createCompany(db, 'Wide Co')).id;
    const person = await createMember(db, wideTeam, { role: 'ADMIN' });
    const session = await apiClient(server.url).signIn(person.email, person.password);
    const wide = await seedAdsManagerAccount(db, wideTeam, [
      { text: 'one', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1_000_000 },
      { text: 'two', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1_000_000 },
      {
        text: 'three',
        status: 'ENABLED',
        deleted: false,
        matchType: 'EXACT',
        bidMicros: 1_000_000,
      },
    ]);
    const rule = keywordRule({
      scope: {
        adAccountIds: [wide.adAccountId],
        adamIds: [],
        campaignIds: [],
        adGroupIds: [],
        keywordIds: [],
      },
    });
    const id = await start({ rule, start: day(2), end: day(1) }, session);
    expect(await finished(id, session)).toMatchObject({
      status: 'FAILED',
      failure: 'TOO_WIDE',
      result: null,
      message: AUTOMATION_MESSAGES.backtestTooWide,
    });
  });

  it('refuses a range over 90 days or past today before anything is queued', async () => {
    for (const [startDay, endDay] of [
      [day(95), day(1)],
      [day(1), day(-1)],
      [day(1), day(3)],
    ]) {
      const answer = await gql(
        START,
        { input: { rule: keywordRule(), start: startDay, end: endDay } },
        readOnly,
      );
      expect(errorOf(answer), `${startDay} to ${endDay}`).toMatchObject({
        error: 'BAD_REQUEST',
        details: { end: 'A backtest covers at most 90 days, ending today at the latest.' },
      });
    }
  });

  it("refuses a member's second backtest while the first is still running", async () => {
    const member = await createMember(server.database.db, teamId);
    const session = await apiClient(server.url).signIn(member.email, member.password);
    await insertBacktest(server.database.db, teamId, {
      userId: member.user.id,
      input: {},
      total: 90,
    });
    const answer = await gql(
      START,
      { input: { rule: keywordRule(), start: day(2), end: day(1) } },
      session,
    );
    expect(answer.errors?.[0]?.message).toBe(AUTOMATION_MESSAGES.backtestRunning);
    expect(errorOf(answer)).toMatchObject({ error: 'CONFLICT' });
    // Another member is not held up by it.
    await finished(await start({ rule: keywordRule(), start: day(2), end: day(1) }, admin), admin);
  });

  it("answers another member's or company's backtest, or no backtest, as not found", async () => {
    const id = await start({ rule: keywordRule(), start: day(2), end: day(1) });
    await finished(id);
    for (const [asked, session] of [
      [id, admin],
      [id, otherAdmin],
      ['00000000-0000-4000-8000-000000000000', readOnly],
    ] as const) {
      expect(errorOf(await read(asked, session)), asked).toMatchObject({ error: 'NOT_FOUND' });
    }
    // An id that cannot name a backtest is refused by its form, before any query.
    expect(errorOf(await read('not-a-uuid', readOnly))).toMatchObject({ error: 'BAD_REQUEST' });
  });

  it("keeps only the member's three newest finished backtests", async () => {
    const ids: string[] = [];
    for (let count = 0; count < 4; count += 1) {
      const id = await start({ rule: keywordRule(), start: day(1), end: day(1) }, admin);
      await finished(id, admin);
      ids.push(id);
    }
    const kept = await Promise.all(ids.map((id) => findBacktest(server.database.db, teamId, id)));
    expect(kept.map(Boolean)).toEqual([false, true, true, true]);
  });
});
