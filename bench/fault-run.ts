// Fault run (issue 17): Tapwise as it runs at scale (PostgreSQL, two `serve` processes and a
// worker, started from their real entry points) through the failures a production installation
// meets: a worker killed mid-sync and mid-rule-run, every database connection of the app
// terminated mid-request (pg_terminate_backend: the shared server itself stays up), and Apple
// answering 5xx and 429 storms. It prints and writes bench/results/fault-run-<time>.json: operations
// lost, changes applied twice, time to detect a lost worker and to resume its work, socket events
// delivered of those sent.
//
//   npx tsx bench/fault-run.ts      (FAULT_DATABASE_URL, else TEST_DATABASE_URL, else local postgres)
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { amountToMicros, type AccountClient } from '../packages/apple-ads/src/index.js';
import { startSandbox, type Sandbox } from '../packages/apple-ads-sandbox/src/index.js';
import { SOCKET_EVENTS, type SyncProgressEvent } from '../packages/contracts/src/index.js';
import { and, count, eq, lt } from 'drizzle-orm';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import {
  FACT_TABLES,
  type FactKind,
} from '../apps/server/src/modules/ads-data/ads-data.repository.js';
import { automationRuleChanges } from '../apps/server/src/modules/automation/automation.tables.js';
import { findRunById } from '../apps/server/src/modules/automation/engine/rule-runs.repository.js';
import { findSyncRun } from '../apps/server/src/modules/sync/sync.repository.js';
import { sandboxReader } from '../apps/server/src/modules/sync/sync-test-kit.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/db/database.js';
import { workerProcesses } from '../apps/server/src/platform/jobs/worker-processes.tables.js';
import { createRelay } from '../apps/server/src/platform/realtime/realtime.js';
import { rooms } from '../apps/server/src/platform/realtime/realtime.js';
import { apiClient, type Session } from '../apps/server/src/platform/testing/api-client.js';
import {
  createCompany,
  createMember,
  FACTORY_PASSWORD,
} from '../apps/server/src/platform/testing/factories.js';
import {
  freePort,
  REPO_ROOT,
  serverEntry,
  startProcess,
  type RunningProcess,
} from '../apps/server/src/platform/testing/processes.js';

const SERVER_URL =
  process.env.FAULT_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
/** The app's connections carry this name, so the fault can end them and only them. */
const APP_NAME = 'tapwise-fault-run';
const BALANCER = 'http://balancer.tapwise.test';
const PROBE_EVENT = 'faultrun:probe';

const log = (message: string) =>
  console.log(`[fault-run ${new Date().toISOString().slice(11, 19)}] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(
  what: string,
  read: () => Promise<T | null | undefined | false>,
  timeoutMs = 120_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

interface Company {
  teamId: string;
  session: Session;
  syncId: string;
  events: Map<string, (SyncProgressEvent & { at: number })[]>;
  sockets: Socket[];
  probes: Map<string, Set<number>>;
}

class Installation {
  processes: RunningProcess[] = [];
  workers: RunningProcess[] = [];
  serveUrls: string[] = [];
  env: Record<string, string> = {};
  private workerCount = 0;

  constructor(
    readonly database: DatabaseHandle,
    readonly databaseUrl: string,
    readonly sandbox: Sandbox,
  ) {}

  async start() {
    const url = new URL(this.databaseUrl);
    url.searchParams.set('application_name', APP_NAME);
    this.env = {
      DATABASE_URL: url.toString(),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: BALANCER,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      EXCHANGE_RATES: 'simulator',
      APPLE_ADS_SANDBOX_URLS: this.sandbox.url,
      // The request bursts come from one address; the per-address limit is not under test.
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    const migrate = startProcess('migrate', [...serverEntry('cli'), 'migrate'], this.env);
    if ((await migrate.exited) !== 0) throw new Error(`migrate: ${migrate.text.join('\n')}`);
    for (const n of [1, 2]) {
      const port = await freePort();
      const serve = startProcess(`serve ${n}`, serverEntry('serve'), {
        ...this.env,
        PORT: String(port),
      });
      this.processes.push(serve);
      this.serveUrls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(
      this.processes.map((serve) =>
        serve.waitForLog((line) => String(line.msg).startsWith('Tapwise is running'), 120_000),
      ),
    );
    await this.startWorker();
  }

  async startWorker() {
    const worker = startProcess(`worker ${++this.workerCount}`, serverEntry('worker'), this.env);
    this.processes.push(worker);
    this.workers.push(worker);
    await worker.waitForLog((line) => line.msg === 'worker running', 120_000);
    return worker;
  }

  /** Workers still running (the killed ones are gone). */
  liveWorkers() {
    return this.workers.filter(
      (worker) => worker.child.exitCode === null && worker.child.signalCode === null,
    );
  }

  async stop() {
    await Promise.all(this.processes.map((child) => child.stop('SIGTERM', 20_000)));
  }

  crashed() {
    return this.processes
      .filter(
        (child) =>
          child.child.exitCode !== null &&
          child.child.exitCode !== 0 &&
          !child.name.startsWith('worker'),
      )
      .map(
        (child) =>
          `${child.name} exited ${child.child.exitCode}: ${child.text.slice(-3).join(' | ')}`,
      );
  }
}

/** A new company whose admin connects the sandbox through the first serve; its sockets on both. */
async function connectCompany(app: Installation): Promise<Company> {
  const db = app.database.db;
  const company = await createCompany(db);
  const admin = await createMember(db, company.id, { role: 'ADMIN' });
  const session = await apiClient(app.serveUrls[0]!).signIn(admin.email, FACTORY_PASSWORD);
  const events = new Map<string, (SyncProgressEvent & { at: number })[]>();
  const probes = new Map<string, Set<number>>();
  const sockets: Socket[] = [];
  for (const url of app.serveUrls) {
    const socket = connectSocket(url, {
      transports: ['websocket'],
      extraHeaders: { origin: BALANCER },
      auth: { token: session.token, sessId: session.sessId },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const received: (SyncProgressEvent & { at: number })[] = [];
    socket.on(SOCKET_EVENTS.syncProgress, (event: SyncProgressEvent) =>
      received.push({ ...event, at: Date.now() }),
    );
    const seen = new Set<number>();
    socket.on(PROBE_EVENT, (probe: { n: number }) => seen.add(probe.n));
    events.set(url, received);
    probes.set(url, seen);
    sockets.push(socket);
    openSockets.push(socket);
  }
  const api = apiClient(app.serveUrls[0]!);
  const key = await api.rest<{ publicKeyPem: string }>('POST', 'onboard/generate-key', {}, session);
  const credentials = {
    clientId: `SEARCHADS.${randomUUID()}`,
    teamId: `SEARCHADS.team-${randomUUID().slice(0, 8)}`,
    keyId: randomUUID().slice(0, 10),
  };
  app.sandbox.registerApiUser({ ...credentials, publicKeyPem: key.body.data.publicKeyPem });
  const added = await api.rest<{ syncId: string }>(
    'POST',
    'onboard/add-integration',
    { ...credentials, baseUrl: app.sandbox.url, tokenUrl: app.sandbox.tokenUrl },
    session,
  );
  if (added.status !== 200) throw new Error(`add-integration: ${JSON.stringify(added.body)}`);
  return { teamId: company.id, session, syncId: added.body.data.syncId, events, sockets, probes };
}

/** Every socket opened, to close at the end. */
const openSockets: Socket[] = [];

const allEvents = (company: Company) => [...company.events.values()][0]!;

async function waitForSyncDone(
  app: Installation,
  company: Company,
  syncId: string,
  timeoutMs = 240_000,
) {
  return until(
    `sync ${syncId}`,
    async () => {
      const run = await findSyncRun(app.database.db, company.teamId, syncId);
      return run && run.status === 'DONE' ? run : null;
    },
    timeoutMs,
  );
}

/** Fact rows per table up to yesterday (today's grow while the day goes on). */
async function factCounts(app: Installation, teamId: string) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
    new Date(),
  );
  const counts: Record<string, number> = {};
  for (const kind of Object.keys(FACT_TABLES) as FactKind[]) {
    const table = FACT_TABLES[kind];
    const [row] = await app.database.db
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.teamId, teamId), lt(table.date, today)));
    counts[kind] = Number(row?.n ?? 0);
  }
  return counts;
}

/** Whether every socket saw the run's last event (done, 100 %). */
function finalStateDelivered(company: Company, syncId: string) {
  return [...company.events.values()].map((events) =>
    events.some((event) => event.syncId === syncId && event.done && event.progress === 100),
  );
}

async function workerLostAt(app: Installation, killedAt: number) {
  const rows = await app.database.db.select().from(workerProcesses);
  const lost = rows.filter((row) => row.lostAt && row.lostAt.getTime() >= killedAt - 1_000);
  return lost.length ? Math.min(...lost.map((row) => row.lostAt!.getTime())) : null;
}

async function killWorkerMidSync(app: Installation, baseline: Record<string, number>) {
  log('worker killed mid-sync');
  const company = await connectCompany(app);
  const events = allEvents(company);
  await until('30 % progress', async () =>
    events.some((event) => event.syncId === company.syncId && !event.done && event.progress >= 30),
  );
  const killedProgress = events.filter((event) => event.syncId === company.syncId).at(-1)!.progress;
  const victim = app.liveWorkers()[0]!;
  const killedAt = Date.now();
  await victim.stop('SIGKILL');
  // The orchestrator starts a replacement, as it would after a crash.
  void app.startWorker();
  const resuming = await until('resuming shown', async () =>
    events.find((event) => event.at > killedAt && event.resuming),
  );
  const resumed = await until('progress again', async () =>
    events.find(
      (event) => event.at > resuming.at && !event.resuming && event.progress > killedProgress,
    ),
  );
  const run = await waitForSyncDone(app, company, company.syncId);
  const lostAt = await workerLostAt(app, killedAt);
  await sleep(500);
  return {
    killedAtProgress: killedProgress,
    detectMs: lostAt ? lostAt - killedAt : null,
    resumingShownMs: resuming.at - killedAt,
    resumeMs: resumed.at - killedAt,
    finishedMs: Date.now() - killedAt,
    lost: run.status === 'DONE' ? 0 : 1,
    duplicateSteps: run.completedSteps.length - new Set(run.completedSteps).size,
    dataEqualsUninterrupted:
      JSON.stringify(await factCounts(app, company.teamId)) === JSON.stringify(baseline),
    finalStateDelivered: finalStateDelivered(company, company.syncId),
    company,
  };
}

/** Every keyword's own bid at Apple, by id. */
async function appleBids(apple: AccountClient) {
  const bids = new Map<string, number | null>();
  // Apple answers keyword queries per campaign (or ad group) only.
  for await (const campaigns of apple.campaigns.all())
    for (const campaign of campaigns)
      for await (const page of apple.keywords.all({
        filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaign.id }],
      }))
        for (const keyword of page)
          bids.set(String(keyword.id), keyword.bid ? amountToMicros(keyword.bid.amount) : null);
  return bids;
}

const RULE = `mutation($input: JSON!) { createAutomationRule(input: $input) { rule { id } } }`;
const RUN = `mutation($id: ID!) { runAutomationRule(id: $id, dryRun: false) { runId } }`;

/** A real run raising every keyword bid of the first account by 1 %. */
async function startRaiseAllRun(app: Installation, company: Company) {
  const api = apiClient(app.serveUrls[1]!);
  const created = await api.graphql<{ createAutomationRule: { rule: { id: string } } }>(
    RULE,
    {
      input: {
        name: `Raise all ${randomUUID().slice(0, 6)}`,
        target: 'KEYWORD',
        scope: {
          adAccountIds: [app.sandbox.accounts()[0]!.id],
          adamIds: [],
          campaignIds: [],
          adGroupIds: [],
          keywordIds: [],
        },
        lookback: { range: 'LAST_7_DAYS' },
        matchMode: 'ALL',
        conditions: [{ metric: 'impressions', comparator: 'GREATER_THAN', value: -1 }],
        actions: [{ type: 'CHANGE_BID', operation: 'INCREASE_BY', unit: 'PERCENT', value: 1 }],
        checkFrequency: 'DAILY',
        caps: { maxChangesPerRun: 1000, maxChangePercent: 50 },
      },
    },
    company.session,
  );
  const ruleId = created.data!.createAutomationRule.rule.id;
  const started = await api.graphql<{ runAutomationRule: { runId: string } }>(
    RUN,
    { id: ruleId },
    company.session,
  );
  if (!started.data) throw new Error(`runAutomationRule: ${JSON.stringify(started.errors)}`);
  return started.data.runAutomationRule.runId;
}

/**
 * What a finished run did at Apple: a change applied twice leaves Apple's bid away from the one
 * it recorded (a percentage compounds); a lost one never reaches APPLIED.
 */
async function auditRun(app: Installation, company: Company, runId: string, apple: AccountClient) {
  const changes = await app.database.db
    .select()
    .from(automationRuleChanges)
    .where(eq(automationRuleChanges.runId, runId));
  const bids = await appleBids(apple);
  const applied = changes.filter((change) => change.status === 'APPLIED');
  const perEntity = new Map<string, number>();
  for (const change of applied)
    perEntity.set(change.entityId, (perEntity.get(change.entityId) ?? 0) + 1);
  const appliedTwice =
    [...perEntity.values()].filter((n) => n > 1).length +
    applied.filter(
      (change) => bids.get(change.entityId) !== (change.after as { bidMicros?: number }).bidMicros,
    ).length;
  const run = await findRunById(app.database.db, runId);
  return {
    changes: changes.length,
    applied: applied.length,
    failed: changes.filter((change) => change.status === 'FAILED').length,
    pending: changes.filter((change) => change.status === 'PENDING').length,
    appliedTwice,
    runFinished: Boolean(run?.finishedAt),
    runStatus: run?.status,
    failedMessages: [
      ...new Set(changes.filter((c) => c.status === 'FAILED').map((c) => c.message)),
    ],
  };
}

async function killWorkerMidRuleRun(app: Installation, company: Company, apple: AccountClient) {
  log('worker killed mid-rule-run');
  app.sandbox.setFaults({ latencyMs: 150 });
  const runId = await startRaiseAllRun(app, company);
  const appliedSoFar = async () =>
    (
      await app.database.db
        .select({ n: count() })
        .from(automationRuleChanges)
        .where(
          and(eq(automationRuleChanges.runId, runId), eq(automationRuleChanges.status, 'APPLIED')),
        )
    )[0]!.n;
  await until('20 changes applied', async () => (await appliedSoFar()) >= 20);
  const victim = app.liveWorkers()[0]!;
  const killedAt = Date.now();
  const appliedAtKill = await appliedSoFar();
  await victim.stop('SIGKILL');
  void app.startWorker();
  const resumedAt = await until('a change applied after the kill', async () =>
    (await appliedSoFar()) > appliedAtKill ? Date.now() : null,
  );
  const finished = await until('the run to finish', async () => {
    const run = await findRunById(app.database.db, runId);
    return run?.finishedAt ? run : null;
  });
  app.sandbox.setFaults({ latencyMs: 40 });
  const lostAt = await workerLostAt(app, killedAt);
  return {
    appliedAtKill,
    detectMs: lostAt ? lostAt - killedAt : null,
    resumeMs: resumedAt - killedAt,
    finishedMs: finished.finishedAt!.getTime() - killedAt,
    ...(await auditRun(app, company, runId, apple)),
  };
}

/** Every connection of the app's processes ended by the server, as a restart would. */
async function terminateAppConnections(admin: pg.Client, databaseName: string) {
  const { rows } = await admin.query<{ n: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
     WHERE datname = $1 AND application_name = $2`,
    [databaseName, APP_NAME],
  );
  return rows[0]!.n;
}

async function databaseRestartMidRequest(
  app: Installation,
  admin: pg.Client,
  databaseName: string,
  baseline: Record<string, number>,
) {
  log('database connections terminated mid-request and mid-sync');
  const company = await connectCompany(app);
  const events = allEvents(company);
  await until('20 % progress', async () =>
    events.some((event) => event.syncId === company.syncId && event.progress >= 20),
  );
  const query = '{ getIntegrationInfo { APPLE_SEARCH_ADS firstSyncDone } }';
  const answers: number[] = [];
  let terminated = 0;
  const burst = async (url: string) => {
    const deadline = Date.now() + 6_000;
    while (Date.now() < deadline) {
      try {
        answers.push((await apiClient(url).graphql(query, {}, company.session)).status);
      } catch {
        answers.push(0);
      }
    }
  };
  const load = Promise.all(app.serveUrls.flatMap((url) => [burst(url), burst(url)]));
  await sleep(2_000);
  terminated = await terminateAppConnections(admin, databaseName);
  await load;
  const run = await waitForSyncDone(app, company, company.syncId);
  await sleep(500);
  return {
    connectionsTerminated: terminated,
    requests: answers.length,
    failedRequests: answers.filter((status) => status !== 200).length,
    failedStatuses: [...new Set(answers.filter((status) => status !== 200))],
    processesCrashed: app.crashed(),
    workersAlive: app.liveWorkers().length,
    syncLost: run.status === 'DONE' ? 0 : 1,
    dataEqualsUninterrupted:
      JSON.stringify(await factCounts(app, company.teamId)) === JSON.stringify(baseline),
    finalStateDelivered: finalStateDelivered(company, company.syncId),
  };
}

/** Apple failing every request for `ms` (the sandbox's fault counters set past any need). */
async function storm(sandbox: Sandbox, kind: 'serverErrors' | 'rateLimitBurst', ms: number) {
  sandbox.setFaults({ [kind]: 1_000_000, retryAfterSeconds: 1 });
  await sleep(ms);
  sandbox.setFaults({ [kind]: 0 });
  return Date.now();
}

async function appleStorms(
  app: Installation,
  baseline: Record<string, number>,
  apple: AccountClient,
) {
  log('Apple 5xx and 429 storms (15 s each) mid-sync and mid-rule-run');
  const company = await connectCompany(app);
  const events = allEvents(company);
  const progressed = (min: number) => async () =>
    events.some((event) => event.syncId === company.syncId && event.progress >= min);
  await until('10 % progress', progressed(10));
  await storm(app.sandbox, 'serverErrors', 15_000);
  await until('40 % progress', progressed(40));
  const stormsOver = await storm(app.sandbox, 'rateLimitBurst', 15_000);
  const run = await waitForSyncDone(app, company, company.syncId);
  const sync = {
    lost: run.status === 'DONE' ? 0 : 1,
    finishedAfterStormMs: Date.now() - stormsOver,
    shownFailedMeanwhile: events.some(
      (event) => event.syncId === company.syncId && event.error !== null,
    ),
    dataEqualsUninterrupted:
      JSON.stringify(await factCounts(app, company.teamId)) === JSON.stringify(baseline),
  };
  app.sandbox.setFaults({ latencyMs: 150 });
  const runId = await startRaiseAllRun(app, company);
  await sleep(1_500);
  await storm(app.sandbox, 'rateLimitBurst', 5_000);
  await sleep(1_500);
  await storm(app.sandbox, 'serverErrors', 1_000);
  await until(
    'the storm run to finish',
    async () => (await findRunById(app.database.db, runId))?.finishedAt,
  );
  app.sandbox.setFaults({ latencyMs: 40 });
  return { sync, ruleRun: await auditRun(app, company, runId, apple) };
}

async function main() {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const databaseName = `tapwise_fault_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${databaseName}`;
  const sandbox = await startSandbox({
    scenario: 'new',
    seed: 7,
    rateLimit: { limit: 100_000, windowSeconds: 60 },
    faults: { latencyMs: 40 },
  });
  let app: Installation | undefined;
  let database: DatabaseHandle | undefined;
  let relay: ReturnType<typeof createRelay> | undefined;
  let probeTimer: NodeJS.Timeout | undefined;
  const companies: Company[] = [];
  try {
    log(`database ${databaseName}; starting two serves and a worker`);
    database = await openDatabase({
      databaseUrl: databaseUrl.toString(),
      onConnectionError: () => undefined,
    });
    app = new Installation(database, databaseUrl.toString(), sandbox);
    await app.start();

    log('uninterrupted first sync (the reference)');
    const reference = await connectCompany(app);
    companies.push(reference);
    const referenceStart = Date.now();
    await waitForSyncDone(app, reference, reference.syncId);
    const baselineMs = Date.now() - referenceStart;
    const baseline = await factCounts(app, reference.teamId);

    // Probes: numbered events to the reference company's room, sent every 100 ms through the
    // postgres adapter by a third process-like relay, counted on the sockets of both serves.
    relay = createRelay(database.pool!);
    let sent = 0;
    probeTimer = setInterval(() => {
      relay!.io.to(rooms.team(reference.teamId)).emit(PROBE_EVENT, { n: ++sent });
    }, 100);
    await sleep(1_000);

    const apple = sandboxReader(sandbox).forAccount(sandbox.accounts()[0]!.id);
    const syncKill = await killWorkerMidSync(app, baseline);
    companies.push(syncKill.company);
    const ruleKill = await killWorkerMidRuleRun(app, reference, apple);
    const dbRestart = await databaseRestartMidRequest(app, admin, databaseName, baseline);
    const storms = await appleStorms(app, baseline, apple);

    clearInterval(probeTimer);
    await sleep(1_500);
    const probes = Object.fromEntries(
      [...reference.probes.values()].map((seen, index) => [
        `serve ${index + 1}`,
        { delivered: seen.size, expected: sent },
      ]),
    );
    const syncKillFigures: Partial<typeof syncKill> = { ...syncKill };
    delete syncKillFigures.company;
    const figures = {
      at: new Date().toISOString(),
      setup:
        'PostgreSQL, two serve processes, one worker (replaced when killed), sandbox scenario new with 40 ms latency',
      baselineFirstSyncMs: baselineMs,
      workerKilledMidSync: syncKillFigures,
      workerKilledMidRuleRun: ruleKill,
      databaseConnectionsTerminated: dbRestart,
      appleStorms: storms,
      probeEvents: probes,
    };
    console.log(JSON.stringify(figures, null, 2));
    const out = path.join(
      REPO_ROOT,
      'bench/results',
      `fault-run-${figures.at.slice(0, 19).replace(/:/g, '')}.json`,
    );
    fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
    log(`written to ${path.relative(REPO_ROOT, out)}`);
  } finally {
    if (probeTimer) clearInterval(probeTimer);
    for (const socket of openSockets) socket.close();
    await app?.stop();
    await relay?.close();
    await database?.close();
    await sandbox.close();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
