// The worker killed (SIGKILL) in the middle of a company's first sync and started again on the
// same embedded data: the same sync resumes from its checkpoint and ends with exactly Apple's
// numbers, with no day lost and none counted twice. Apple is the sandbox, run here so that it
// outlives the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createAppleAdsClient,
  generateKeyPair,
  toMetrics,
  type AccountClient,
  type ReportLevel,
  type WireMetrics,
} from '@tapwise/apple-ads';
import { startSandbox, type Sandbox } from '@tapwise/apple-ads-sandbox';
import {
  METRIC_COUNT_FIELDS,
  SOCKET_EVENTS,
  ZERO_COUNTS,
  type MetricCounts,
  type SyncProgressEvent,
} from '@tapwise/contracts';
import { and, between, eq, ne, sql, type SQL } from 'drizzle-orm';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignReportFacts,
  keywordReportFacts,
  type ReportGrain,
} from '../apps/server/src/modules/ads-data/report-facts.tables';
import {
  findIntegration,
  listAdAccounts,
} from '../apps/server/src/modules/integrations/integrations.repository';
import { findSyncRun, type SyncRun } from '../apps/server/src/modules/sync/sync.repository';
import { syncRuns } from '../apps/server/src/modules/sync/sync.tables';
import {
  dayOf,
  historyWindows,
  isoOf,
  localToday,
  type ReportWindow,
} from '../apps/server/src/modules/sync/sync-windows';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database';
import { DEMO_ADMIN_EMAIL, signInByApi } from './support/staff-api';
import { startTapwise, type TapwiseProcess } from './support/tapwise-process';

/** The server is killed once the first sync has passed this share of its steps. */
const KILL_AT_PROGRESS = 40;
const MINUTE = 60_000;
/** The demo's first sync takes about a minute on two busy cores; these leave room for worse. */
const KILL_TIMEOUT = 6 * MINUTE;
const RESUME_TIMEOUT = 10 * MINUTE;
/** The whole journey, which may first wait out a local midnight (see awayFromLocalMidnight). */
const TEST_TIMEOUT = 35 * MINUTE;

type Session = Awaited<ReturnType<typeof signInByApi>>;
type Metrics = MetricCounts;

// Forced onto the embedded database: resuming at start is what the embedded mode does.
const env = () => ({ APPLE_ADS_SANDBOX_URLS: sandbox.url, DATABASE_URL: '' });
const apiUser = {
  clientId: `SEARCHADS.crash-${Date.now().toString(36)}`,
  teamId: 'SEARCHADS.crash-team',
  keyId: 'crash-key',
};

let sandbox: Sandbox;
let first: TapwiseProcess | undefined;
let second: TapwiseProcess | undefined;
const snapshotDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-crash-snapshot-'));
const sockets: Socket[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 42, scenario: 'demo' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await second?.stop();
  await first?.stop(); // also removes the data directory both processes used
  await sandbox?.close();
  fs.rmSync(snapshotDir, { recursive: true, force: true });
});

async function rest<Data>(baseUrl: string, session: Session, route: string, body: unknown) {
  const response = await fetch(`${baseUrl}/v1/api/${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session.token}`,
      'x-session-id': session.sessId,
      'x-user-id': session.user.UserId,
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: Data };
  if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The web app's socket: websocket only, from the app's own origin, with the session. */
async function openSocket(baseUrl: string, session: Session): Promise<Socket> {
  const socket = connectSocket(baseUrl, {
    transports: ['websocket'],
    extraHeaders: { origin: new URL(baseUrl).origin },
    auth: { token: session.token, sessId: session.sessId },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The first progress event `accept` takes; an ended sync it does not take is a failure. */
function progressUntil(
  socket: Socket,
  accept: (event: SyncProgressEvent) => boolean,
  timeoutMs: number,
  seen: SyncProgressEvent[] = [],
): Promise<SyncProgressEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no awaited sync progress; last: ${JSON.stringify(seen.at(-1))}`));
    }, timeoutMs);
    const settle = (event: SyncProgressEvent | undefined, error?: Error) => {
      clearTimeout(timer);
      socket.off(SOCKET_EVENTS.syncProgress, listen);
      if (error) reject(error);
      else resolve(event!);
    };
    const listen = (event: SyncProgressEvent) => {
      seen.push(event);
      if (accept(event)) settle(event);
      else if (event.done && event.syncId)
        settle(undefined, new Error(`the sync ended otherwise: ${JSON.stringify(event)}`));
    };
    socket.on(SOCKET_EVENTS.syncProgress, listen);
    socket.emitWithAck(SOCKET_EVENTS.syncCheck, {}).then(listen, (error: Error) => {
      settle(undefined, error);
    });
  });
}

/**
 * The check compares the days as the run saw them, and Apple's report windows move with the
 * account's day: a local midnight between the sync's start and the check would spoil both, so
 * the journey starts clear of one.
 */
async function awayFromLocalMidnight(timeZones: string[], marginMs: number) {
  const untilMidnight = (timeZone: string) => {
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date());
    const part = (type: string) => Number(clock.find((entry) => entry.type === type)?.value);
    return 86_400_000 - ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000;
  };
  const soonest = Math.min(...timeZones.map(untilMidnight));
  if (soonest >= marginMs) return;
  console.warn(`sync-crash: waiting ${Math.ceil(soonest / 1000)} s for a local midnight to pass`);
  await new Promise((resolve) => setTimeout(resolve, soonest + 5_000));
}

/** An independent reader of the sandbox, to ask Apple's own numbers. */
function appleReader() {
  const keys = generateKeyPair();
  const credentials = { clientId: 'SEARCHADS.crash-reader', teamId: 'reader', keyId: 'reader' };
  sandbox.registerApiUser({ ...credentials, publicKeyPem: keys.publicKeyPem });
  return createAppleAdsClient({
    ...credentials,
    privateKeyPem: keys.privateKeyPem,
    baseUrl: sandbox.url,
    tokenUrl: sandbox.tokenUrl,
  });
}

function metricsOf(source: Partial<Metrics>): Metrics {
  const metrics = { ...ZERO_COUNTS };
  for (const field of METRIC_COUNT_FIELDS) metrics[field] = Number(source[field]);
  return metrics;
}
/** Apple leaves out periods without delivery: a period of zeros and a missing one are the same. */
const hasDelivery = (metrics: Metrics) => METRIC_COUNT_FIELDS.some((field) => metrics[field] !== 0);

/** Apple's report of every campaign of an account, as entity (and period) → metrics. */
async function appleReport(
  account: AccountClient,
  level: ReportLevel,
  campaignIds: number[],
  window: { from: string; to: string; grain?: ReportWindow['grain'] },
): Promise<Map<string, Metrics>> {
  const facts = new Map<string, Metrics>();
  const add = (key: string, wire: WireMetrics) => {
    const metrics = metricsOf(toMetrics(wire));
    if (!hasDelivery(metrics)) return;
    expect(facts.has(key), `Apple reports ${key} once`).toBe(false);
    facts.set(key, metrics);
  };
  for await (const page of account.reports.pages(level, {
    timeRange: {
      start: window.from,
      end: window.to,
      timeZone: 'ORTZ',
      ...(window.grain ? { granularity: window.grain } : {}),
    },
    filters: [{ field: 'campaignId', operator: 'IN', value: campaignIds }],
  })) {
    for (const row of page.rows) {
      const metadata = row.metadata as Record<string, unknown>;
      const entityId = Number(
        level === 'keywords'
          ? (metadata.keywordId ?? metadata.id)
          : (metadata.campaignId ?? metadata.id),
      );
      if (!window.grain) add(String(entityId), row.totalMetrics);
      for (const period of window.grain ? (row.granularMetrics ?? []) : [])
        add(`${entityId} ${period.date!.slice(0, 10)}`, period);
    }
  }
  return facts;
}

/** Every stored campaign fact of a grain (but those of `exceptDate`). */
async function storedCampaignFacts(
  db: Database,
  teamId: string,
  adAccountId: number,
  grain: ReportGrain,
  exceptDate?: string,
): Promise<Map<string, Metrics>> {
  const rows = await db
    .select()
    .from(campaignReportFacts)
    .where(
      and(
        eq(campaignReportFacts.teamId, teamId),
        eq(campaignReportFacts.adAccountId, adAccountId),
        eq(campaignReportFacts.grain, grain),
        exceptDate ? ne(campaignReportFacts.date, exceptDate) : undefined,
      ),
    );
  const facts = new Map(rows.map((row) => [`${row.campaignId} ${row.date}`, metricsOf(row)]));
  expect(facts.size, `one ${grain} row per campaign and period`).toBe(rows.length);
  return new Map([...facts].filter(([, metrics]) => hasDelivery(metrics)));
}

/** Stored keyword facts summed per keyword over DAILY days. */
async function storedKeywordTotals(
  db: Database,
  teamId: string,
  adAccountId: number,
  from: string,
  to: string,
): Promise<Map<string, Metrics>> {
  const sums = Object.fromEntries(
    METRIC_COUNT_FIELDS.map((field) => [
      field,
      sql<number>`sum(${keywordReportFacts[field]})::bigint`.mapWith(Number),
    ]),
  ) as Record<keyof Metrics, SQL<number>>;
  const rows = await db
    .select({ keywordId: keywordReportFacts.keywordId, ...sums })
    .from(keywordReportFacts)
    .where(
      and(
        eq(keywordReportFacts.teamId, teamId),
        eq(keywordReportFacts.adAccountId, adAccountId),
        eq(keywordReportFacts.grain, 'DAILY'),
        between(keywordReportFacts.date, from, to),
      ),
    )
    .groupBy(keywordReportFacts.keywordId);
  return new Map(
    rows
      .map((row) => [String(row.keywordId), metricsOf(row)] as const)
      .filter(([, metrics]) => hasDelivery(metrics)),
  );
}

/**
 * Steps missing from a finished run's checkpoint. A run plans, per ad account, the whole grid of
 * its report windows × its campaign chunks × the report kinds of each window's grain (step keys
 * read `adAccountId:grain:from:kind:dimension:chunkStart`), so a hole in that grid is a step the
 * resumed run skipped, whether or not the data compared below would show it.
 */
function missingSteps(completed: readonly string[]): string[] {
  const kindsOf = new Map<string, Set<string>>();
  const grids = new Map<string, { windows: Set<string>; chunks: Set<string> }>();
  for (const key of completed) {
    // Per-account steps, checked by name below; the rest are report steps of the grid.
    if (key.startsWith('entities:') || key.startsWith('impression-share:')) continue;
    const [account = '', grain = '', from = '', kind = '', dimension = '', chunk = ''] =
      key.split(':');
    kindsOf.set(grain, (kindsOf.get(grain) ?? new Set<string>()).add(`${kind}:${dimension}`));
    const grid = grids.get(account) ?? { windows: new Set<string>(), chunks: new Set<string>() };
    grid.windows.add(`${grain}:${from}`);
    grid.chunks.add(chunk);
    grids.set(account, grid);
  }
  const done = new Set(completed);
  const missing: string[] = [];
  for (const [account, { windows, chunks }] of grids)
    for (const window of windows)
      for (const kind of kindsOf.get(window.slice(0, window.indexOf(':'))) ?? [])
        for (const chunk of chunks) {
          const key = [account, window, kind, chunk].join(':');
          if (!done.has(key)) missing.push(key);
        }
  return missing;
}

/**
 * The stored facts of every ad account equal Apple's reports for the windows the run asked for:
 * campaigns day by day (but the run's own day, whose numbers still move), week by week and month
 * by month, and keywords in total over those days.
 */
async function expectAppleNumbers(db: Database, teamId: string, run: SyncRun) {
  const apple = appleReader();
  const appleAccounts = (await apple.acls()).map((acl) => acl.adAccount.id);
  const accounts = await listAdAccounts(db, teamId);
  expect(accounts.map((account) => account.adAccountId).sort((a, b) => a - b)).toEqual(
    appleAccounts.sort((a, b) => a - b),
  );
  for (const { adAccountId, timeZone } of accounts) {
    const label = (what: string) => `${what} of ad account ${adAccountId}`;
    const account = apple.forAccount(adAccountId);
    const campaignIds: number[] = [];
    for await (const page of account.campaigns.all())
      campaignIds.push(...page.map((campaign) => campaign.id));
    const today = localToday(timeZone, run.startedAt);
    const windowOf = (grain: ReportGrain) =>
      historyWindows(today, -Infinity).find((window) => window.grain === grain)!;
    const daily = { ...windowOf('DAILY'), to: isoOf(today - 1) };

    const appleDays = await appleReport(account, 'campaigns', campaignIds, daily);
    // Apple has delivery on every one of these days, so a lost day cannot hide as "no data".
    expect(
      new Set([...appleDays.keys()].map((key) => key.split(' ')[1])).size,
      label('days with delivery'),
    ).toBe(dayOf(daily.to) - dayOf(daily.from) + 1);
    expect(
      await storedCampaignFacts(db, teamId, adAccountId, 'DAILY', isoOf(today)),
      label('campaign days'),
    ).toEqual(appleDays);
    for (const grain of ['WEEKLY', 'MONTHLY'] as const) {
      const buckets = await appleReport(account, 'campaigns', campaignIds, windowOf(grain));
      expect(buckets.size, label(`${grain} buckets`)).toBeGreaterThan(0);
      expect(
        await storedCampaignFacts(db, teamId, adAccountId, grain),
        label(`campaign ${grain} buckets`),
      ).toEqual(buckets);
    }
    const appleKeywords = await appleReport(account, 'keywords', campaignIds, {
      from: daily.from,
      to: daily.to,
    });
    expect(appleKeywords.size, label('keywords with delivery')).toBeGreaterThan(0);
    expect(
      await storedKeywordTotals(db, teamId, adAccountId, daily.from, daily.to),
      label('keyword totals'),
    ).toEqual(appleKeywords);
  }
}

/** Reads the sync run from a copy of the data taken while the server lay dead. */
async function runAtKill(teamId: string, syncId: string): Promise<SyncRun> {
  const database = await openDatabase({ dataDir: snapshotDir });
  try {
    return (await findSyncRun(database.db, teamId, syncId))!;
  } finally {
    await database.close();
  }
}

describe('first sync through a crash', () => {
  it(
    'resumes the same sync after a SIGKILL and ends with exactly Apple’s numbers',
    async () => {
      await awayFromLocalMidnight(
        sandbox.accounts().map((account) => account.timezone),
        15 * MINUTE,
      );
      first = await startTapwise({ seed: true, env: env() });
      const session = await signInByApi(first.baseUrl, DEMO_ADMIN_EMAIL);
      const teamId = session.user.TeamID!;
      const { publicKeyPem } = await rest<{ publicKeyPem: string }>(
        first.baseUrl,
        session,
        'onboard/generate-key',
        {},
      );
      sandbox.registerApiUser({ ...apiUser, publicKeyPem });

      const socket = await openSocket(first.baseUrl, session);
      const midway = progressUntil(
        socket,
        (event) => !event.done && event.progress >= KILL_AT_PROGRESS,
        KILL_TIMEOUT,
      );
      const { syncId } = await rest<{ syncId: string }>(
        first.baseUrl,
        session,
        'onboard/add-integration',
        {
          ...apiUser,
          baseUrl: sandbox.url,
          tokenUrl: sandbox.tokenUrl,
        },
      );
      const killedAt = await midway;
      await first.kill();
      expect(killedAt).toMatchObject({ syncId, mode: 'FIRST', done: false });
      expect(killedAt.progress).toBeLessThan(100);
      // A copy of the data as the crash left it, to compare with what the restart makes of it.
      fs.cpSync(first.dataDir, snapshotDir, {
        recursive: true,
        filter: (source) => path.basename(source) !== 'tapwise.lock',
      });

      second = await startTapwise({
        dataDir: first.dataDir,
        secrets: first.secrets,
        env: env(),
      });
      const again = await signInByApi(second.baseUrl, DEMO_ADMIN_EMAIL);
      const resumedEvents: SyncProgressEvent[] = [];
      const finished = await progressUntil(
        await openSocket(second.baseUrl, again),
        (event) => event.syncId === syncId && event.done && event.progress === 100,
        RESUME_TIMEOUT,
        resumedEvents,
      );
      expect(finished).toMatchObject({ error: null, errCode: null, mode: 'FIRST' });
      await second.stop();

      const atKill = await runAtKill(teamId, syncId);
      expect(atKill).toMatchObject({ status: 'RUNNING' });
      // Checkpoints are committed before progress is announced: the kill lost none of them.
      expect(atKill.progress).toBeGreaterThanOrEqual(killedAt.progress);
      expect(atKill.progress).toBeLessThan(100);
      // The bar went on from where the crash left it, not from the start.
      expect(Math.min(...resumedEvents.map((event) => event.progress))).toBeGreaterThanOrEqual(
        atKill.progress,
      );

      const database = await openDatabase({ dataDir: first.dataDir });
      try {
        const { db } = database;
        const run = (await findSyncRun(db, teamId, syncId))!;
        expect(run).toMatchObject({ status: 'DONE', progress: 100, mode: 'FIRST' });
        const runs = await db
          .select({ id: syncRuns.id })
          .from(syncRuns)
          .where(eq(syncRuns.teamId, teamId));
        expect(runs.map((row) => row.id)).toEqual([syncId]);
        // The checkpoint kept what was done before the kill and added each other step once.
        expect(run.completedSteps.slice(0, atKill.completedSteps.length)).toEqual(
          atKill.completedSteps,
        );
        expect(new Set(run.completedSteps).size).toBe(run.completedSteps.length);
        expect(run.completedSteps.length).toBeGreaterThan(atKill.completedSteps.length);
        expect(missingSteps(run.completedSteps)).toEqual([]);
        for (const { adAccountId } of await listAdAccounts(db, teamId)) {
          expect(run.completedSteps).toContain(`entities:${adAccountId}`);
          expect(run.completedSteps).toContain(`impression-share:${adAccountId}`);
        }
        expect((await findIntegration(db, teamId))?.firstSyncDone).toBe(true);

        await expectAppleNumbers(db, teamId, run);
      } finally {
        await database.close();
      }
    },
    TEST_TIMEOUT,
  );
});
