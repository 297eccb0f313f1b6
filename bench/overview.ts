// Benchmark: the whole overview of one app for 30 days (totals with the previous period, the
// daily series, the top 10 keywords and ad groups, the gender, device, age and map breakdowns)
// on a synced sandbox dataset in PostgreSQL: p50/p95 of Tapwise's repository against the same
// numbers computed by hand-written SQL, after checking both agree.
// The dataset is built once by a real first sync into its own database and reused while its
// marker row matches; `--rebuild` builds it again.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/overview.ts
//      [--scenario mature|demo] [--rebuild] [--build-only] [--runs 50]
import {
  METRIC_COUNT_FIELDS,
  previousPeriod,
  type BreakdownDimension,
  type DateRange,
  type MetricCounts,
} from '../packages/contracts/src/index.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/db/database.js';
import { runMigrations } from '../apps/server/src/platform/db/migrate.js';
import { createMember } from '../apps/server/src/platform/testing/factories.js';
import { apiClient } from '../apps/server/src/platform/testing/api-client.js';
import { syncSandboxScenario } from './support/sandbox-first-sync.js';
import {
  breakdown,
  listOwnApps,
  overviewSeries,
  overviewTotals,
  topList,
} from '../apps/server/src/modules/analytics/overview.service.js';
import type { Database } from '../apps/server/src/platform/db/database.js';

/** Bump when the way the dataset is built changes, so old datasets are rebuilt. */
const DATASET_VERSION = 1;

const { values: options } = parseArgs({
  options: {
    scenario: { type: 'string', default: process.env.BENCH_SCENARIO ?? 'mature' },
    rebuild: { type: 'boolean', default: false },
    'build-only': { type: 'boolean', default: false },
    runs: { type: 'string', default: '50' },
    panels: { type: 'boolean', default: false },
  },
});
const scenario = options.scenario as 'mature' | 'demo';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName =
  scenario === 'mature' ? 'tapwise_bench_overview' : `tapwise_bench_overview_${scenario}`;

interface Marker {
  version: number;
  scenario: string;
  teamId: string;
  builtAt: Date;
  syncSeconds: number;
}

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}

function databaseUrl() {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

async function readMarker(database: DatabaseHandle): Promise<Marker | undefined> {
  const exists = await database.sql.query<{ found: boolean }>(
    "SELECT to_regclass('public.bench_overview_dataset') IS NOT NULL AS found",
  );
  if (!exists.rows[0]?.found) return undefined;
  const marker = await database.sql.query<{
    version: number;
    scenario: string;
    team_id: string;
    built_at: Date;
    sync_seconds: number;
  }>('SELECT version, scenario, team_id, built_at, sync_seconds FROM bench_overview_dataset');
  const row = marker.rows[0];
  return row
    ? {
        version: row.version,
        scenario: row.scenario,
        teamId: row.team_id,
        builtAt: row.built_at,
        syncSeconds: row.sync_seconds,
      }
    : undefined;
}

/** A first sync of the scenario into a fresh database, then the marker row. */
async function buildDataset(): Promise<{ database: DatabaseHandle; marker: Marker }> {
  await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${databaseName}`);
  const database = await openDatabase({ databaseUrl: databaseUrl() });
  console.log(`building the ${scenario} dataset in ${databaseName} by a first sync…`);
  const { teamId, seconds: syncSeconds } = await syncSandboxScenario(
    database,
    scenario,
    'Bench overview',
  );
  await database.sql.query('ANALYZE');
  await database.sql.query(
    `CREATE TABLE bench_overview_dataset (version int NOT NULL, scenario text NOT NULL,
       team_id uuid NOT NULL, built_at timestamptz NOT NULL, sync_seconds real NOT NULL)`,
  );
  await database.sql.query('INSERT INTO bench_overview_dataset VALUES ($1, $2, $3, now(), $4)', [
    DATASET_VERSION,
    scenario,
    teamId,
    syncSeconds,
  ]);
  console.log(`first sync of ${scenario} in ${syncSeconds.toFixed(0)} s`);
  return { database, marker: (await readMarker(database))! };
}

/** The dataset database, reused when its marker matches; built otherwise. */
async function openDataset(): Promise<{ database: DatabaseHandle; marker: Marker }> {
  if (!options.rebuild) {
    const found = await adminQuery(`SELECT 1 FROM pg_database WHERE datname = '${databaseName}'`);
    if (found.rowCount) {
      const database = await openDatabase({ databaseUrl: databaseUrl() });
      const marker = await readMarker(database);
      if (marker?.version === DATASET_VERSION && marker.scenario === scenario) {
        await runMigrations(database);
        console.log(
          `reusing ${databaseName} (${scenario}, built ${marker.builtAt.toISOString()}, ` +
            `first sync took ${marker.syncSeconds.toFixed(0)} s)`,
        );
        return { database, marker };
      }
      await database.close();
    }
  }
  return buildDataset();
}

// What the overview page loads for one app and period, each panel one request as the page sends
// them: totals with the previous period, the daily series, both top 10s by spend, four splits.
interface OverviewScope {
  adAccountId: number;
  adamId: number;
  currdate: DateRange;
  prevdate: DateRange;
}

const BREAKDOWNS: BreakdownDimension[] = ['gender', 'deviceClass', 'ageRange', 'countryOrRegion'];

type Panel = () => Promise<unknown>;

function tapwisePanels(db: Database, teamId: string, scope: OverviewScope): Panel[] {
  const top = { ...scope, period: scope.currdate, param: 'spend' as const, sortDesc: true };
  return [
    () => overviewTotals(db, teamId, scope),
    () => overviewSeries(db, teamId, { ...scope, granularity: 'DAY' }),
    () => topList(db, teamId, 'keywords', top),
    () => topList(db, teamId, 'adGroups', top),
    ...BREAKDOWNS.map((dimension) => () => breakdown(db, teamId, dimension, scope)),
  ];
}

/**
 * The same numbers by hand-written SQL, knowing the period lies inside the days kept per day: the
 * least a person would write against these tables and indexes.
 */
function handWrittenPanels(pool: pg.Pool, teamId: string, scope: OverviewScope): Panel[] {
  const { adAccountId, adamId, currdate, prevdate } = scope;
  const sums = `sum(impressions) impressions, sum(taps) taps, sum(tap_installs) tap_installs,
    sum(view_installs) view_installs, sum(total_installs) total_installs,
    sum(tap_new_downloads) tap_new_downloads, sum(tap_redownloads) tap_redownloads,
    sum(view_new_downloads) view_new_downloads, sum(view_redownloads) view_redownloads,
    sum(local_spend_micros) local_spend_micros`;
  const filtered = (period: 'cur' | 'prev') =>
    sums.replace(
      /\) (\w+)/g,
      `) FILTER (WHERE date ${period === 'cur' ? '>= $4' : '< $4'}) ${period}_$1`,
    );
  const app = `team_id = $1 AND ad_account_id = $2 AND adam_id = $3 AND grain = 'DAILY'`;
  const query = (text: string, values: unknown[]) => pool.query(text, values).then((r) => r.rows);
  const topOf = (table: string, id: string, entity: string, name: string) => () =>
    query(
      `SELECT t.*, ${name} AS name, c.name AS campaign_name FROM (
         SELECT ${id} AS id, ${sums} FROM ${table}
         WHERE ${app} AND date BETWEEN $4 AND $5 GROUP BY ${id}
         ORDER BY sum(local_spend_micros) DESC, ${id} LIMIT 10) t
       JOIN ${entity} e ON e.team_id = $1 AND e.ad_account_id = $2 AND e.id = t.id
       JOIN campaigns c ON c.team_id = $1 AND c.ad_account_id = $2 AND c.id = e.campaign_id
       ORDER BY t.local_spend_micros DESC, t.id`,
      [teamId, adAccountId, adamId, currdate.start, currdate.end],
    );
  return [
    () =>
      query(
        `SELECT ${filtered('cur')}, ${filtered('prev')} FROM campaign_report_facts
         WHERE ${app} AND date BETWEEN $5 AND $6`,
        [teamId, adAccountId, adamId, currdate.start, prevdate.start, currdate.end],
      ),
    () =>
      query(
        `SELECT date::text, ${sums} FROM campaign_report_facts
         WHERE ${app} AND date BETWEEN $4 AND $5 GROUP BY date ORDER BY date`,
        [teamId, adAccountId, adamId, currdate.start, currdate.end],
      ),
    topOf('keyword_report_facts', 'keyword_id', 'keywords', 'e.text'),
    topOf('ad_group_report_facts', 'ad_group_id', 'ad_groups', 'e.name'),
    ...BREAKDOWNS.map(
      (dimension) => () =>
        query(
          `SELECT value, ${filtered('cur')}, ${filtered('prev')} FROM campaign_breakdown_facts
           WHERE ${app} AND dimension = $6 AND date BETWEEN $5 AND $7 GROUP BY value`,
          [teamId, adAccountId, adamId, currdate.start, prevdate.start, dimension, currdate.end],
        ),
    ),
  ];
}

/** The page's GraphQL requests, over HTTP to a running server. */
function graphqlPanels(
  api: ReturnType<typeof apiClient>,
  session: Awaited<ReturnType<ReturnType<typeof apiClient>['signIn']>>,
  scope: OverviewScope,
): Panel[] {
  const counts = `{ ${METRIC_COUNT_FIELDS.join(' ')} }`;
  const input = {
    adAccountId: scope.adAccountId,
    adamId: scope.adamId,
    currdate: scope.currdate,
    prevdate: scope.prevdate,
  };
  const call = (text: string, variables: Record<string, unknown>) => async () => {
    const answer = await api.graphql(text, variables, session);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data;
  };
  const top = {
    adAccountId: scope.adAccountId,
    adamId: scope.adamId,
    period: scope.currdate,
    param: 'spend',
  };
  const row = `id name campaignId campaignName adGroupId matchType counts ${counts}`;
  const split = `value counts ${counts} previous ${counts}`;
  return [
    call(
      `query($i: OverviewInput!) { getOverviewAloneForApp(input: $i) { currency dailyFrom current ${counts} previous ${counts} } }`,
      { i: input },
    ),
    call(
      `query($i: OverviewSeriesInput!) { getOverviewSeries(input: $i) { date counts ${counts} } }`,
      {
        i: {
          adAccountId: scope.adAccountId,
          adamId: scope.adamId,
          currdate: scope.currdate,
          granularity: 'DAY',
        },
      },
    ),
    call(`query($i: TopEntitiesInput!) { getTopKeywords(input: $i) { ${row} } }`, { i: top }),
    call(`query($i: TopEntitiesInput!) { getTopAdGroups(input: $i) { ${row} } }`, { i: top }),
    call(`query($i: OverviewInput!) { getOverviewForApp(input: $i, gender: "MF") { ${split} } }`, {
      i: input,
    }),
    call(
      `query($i: OverviewInput!) { getDeviceOverviewForApp(input: $i, gender: "PH") { ${split} } }`,
      { i: input },
    ),
    call(`query($i: OverviewInput!) { getAgeOverviewForApp(input: $i) { ${split} } }`, {
      i: input,
    }),
    call(`query($i: OverviewInput!) { getMapOverview(input: $i) { ${split} } }`, { i: input }),
  ];
}

/** `serve` on the dataset's database, on a free port; resolves once it answers /readyz. */
async function startServeProcess(): Promise<{ url: string; stop(): void }> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main/serve.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      DATABASE_URL: databaseUrl(),
      RATE_LIMIT_PER_MINUTE: '1000000',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-bench-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return { url, stop: () => child.kill() };
    if (Date.now() > deadline) throw new Error('serve did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const parallel = (panels: Panel[]) => () => Promise.all(panels.map((panel) => panel()));
const sequential = (panels: Panel[]) => async () => {
  for (const panel of panels) await panel();
};

interface Timing {
  p50: number;
  p95: number;
}

function percentiles(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Runs each way in turn, run after run, so a busy machine slows them alike. */
async function interleaved(ways: (() => Promise<unknown>)[], runs: number): Promise<Timing[]> {
  for (let warmup = 0; warmup < 5; warmup++) for (const way of ways) await way();
  const times = ways.map(() => [] as number[]);
  for (let run = 0; run < runs; run++) {
    for (const [index, way] of ways.entries()) {
      const started = performance.now();
      await way();
      times[index]!.push(performance.now() - started);
    }
  }
  return times.map(percentiles);
}

const countsOfRow = (row: Record<string, unknown>, prefix = ''): MetricCounts => {
  const columns: Record<keyof MetricCounts, string> = {
    impressions: 'impressions',
    taps: 'taps',
    tapInstalls: 'tap_installs',
    viewInstalls: 'view_installs',
    totalInstalls: 'total_installs',
    tapNewDownloads: 'tap_new_downloads',
    tapRedownloads: 'tap_redownloads',
    viewNewDownloads: 'view_new_downloads',
    viewRedownloads: 'view_redownloads',
    localSpendMicros: 'local_spend_micros',
  };
  return Object.fromEntries(
    METRIC_COUNT_FIELDS.map((field) => [field, Number(row[`${prefix}${columns[field]}`] ?? 0)]),
  ) as unknown as MetricCounts;
};

/** Both ways must give the same numbers before their times mean anything. */
async function assertSameNumbers(tapwise: Panel[], handWritten: Panel[]) {
  const [ours, theirs] = await Promise.all([parallel(tapwise)(), parallel(handWritten)()]);
  const [totals, series, keywords, adGroups, ...splits] = ours as [
    Awaited<ReturnType<typeof overviewTotals>>,
    Awaited<ReturnType<typeof overviewSeries>>,
    Awaited<ReturnType<typeof topList>>,
    Awaited<ReturnType<typeof topList>>,
    ...Awaited<ReturnType<typeof breakdown>>[],
  ];
  const [handTotalRows, handSeries, handKeywords, handAdGroups, ...handSplits] = theirs as Record<
    string,
    unknown
  >[][];
  const handTotals = handTotalRows![0]!;
  const same = (label: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b))
      throw new Error(`${label} differ:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`);
  };
  same(
    'totals',
    [totals.current, totals.previous],
    [countsOfRow(handTotals, 'cur_'), countsOfRow(handTotals, 'prev_')],
  );
  same(
    'series',
    series.filter((point) => point.counts.impressions > 0),
    handSeries!.map((row) => ({ date: row.date, counts: countsOfRow(row) })),
  );
  same(
    'top keywords',
    keywords.map((row) => [row.id, row.name, row.campaignName, row.counts]),
    handKeywords!.map((row) => [Number(row.id), row.name, row.campaign_name, countsOfRow(row)]),
  );
  same(
    'top ad groups',
    adGroups.map((row) => [row.id, row.name, row.counts]),
    handAdGroups!.map((row) => [Number(row.id), row.name, countsOfRow(row)]),
  );
  splits.forEach((rows, index) => {
    const byValue = (list: { value: string }[]) =>
      [...list].sort((a, b) => a.value.localeCompare(b.value));
    same(
      BREAKDOWNS[index]!,
      byValue(rows),
      byValue(
        handSplits[index]!.map((row) => ({
          value: String(row.value),
          counts: countsOfRow(row, 'cur_'),
          previous: countsOfRow(row, 'prev_'),
        })),
      ),
    );
  });
}

const { database, marker } = await openDataset();
try {
  if (!options['build-only']) {
    const runs = Number(options.runs);
    const [app] = await listOwnApps(database.db, marker.teamId);
    if (!app) throw new Error('the dataset has no app');
    // The 30 days before the day the dataset was synced, in the account's zone.
    const builtOn = new Intl.DateTimeFormat('en-CA', { timeZone: app.timeZone }).format(
      marker.builtAt,
    );
    const day = (offset: number) =>
      new Date(Date.parse(`${builtOn}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const currdate = { start: day(-30), end: day(-1) };
    const scope = {
      adAccountId: app.adAccountId,
      adamId: app.adamId,
      currdate,
      prevdate: previousPeriod(currdate),
    };
    const facts = await database.sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM keyword_report_facts WHERE team_id = $1 AND adam_id = $2 AND grain = 'DAILY' AND date BETWEEN $3 AND $4`,
      [marker.teamId, app.adamId, currdate.start, currdate.end],
    );
    console.log(
      `${scenario}: app ${app.name} (${app.adamId}), ${currdate.start}…${currdate.end}, ` +
        `${facts.rows[0]!.n} keyword-days; ${runs} runs after 5 warm-up runs`,
    );
    const tapwise = tapwisePanels(database.db, marker.teamId, scope);
    const handWritten = handWrittenPanels(database.pool!, marker.teamId, scope);
    await assertSameNumbers(tapwise, handWritten);
    console.log('Tapwise and the hand-written SQL give the same numbers');

    if (options.panels) {
      const names = ['totals', 'series', 'top keywords', 'top ad groups', ...BREAKDOWNS];
      for (const [index, name] of names.entries()) {
        // Interleaved, so a busy machine slows both alike.
        const both = { ours: [] as number[], theirs: [] as number[] };
        for (let run = 0; run < runs; run++) {
          for (const [side, panel] of [
            ['ours', tapwise[index]!],
            ['theirs', handWritten[index]!],
          ] as const) {
            const started = performance.now();
            await panel();
            both[side].push(performance.now() - started);
          }
        }
        const median = (times: number[]) =>
          times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
        console.log(
          `  ${name.padEnd(16)} Tapwise ${median(both.ours).toFixed(1).padStart(6)} ms   hand-written ${median(both.theirs).toFixed(1).padStart(6)} ms`,
        );
      }
    }
    const report = (label: string, result: Timing) =>
      console.log(
        `  ${label.padEnd(44)} p50 ${result.p50.toFixed(1).padStart(6)} ms   p95 ${result.p95.toFixed(1).padStart(6)} ms`,
      );
    const [ours, theirs] = await interleaved([parallel(tapwise), parallel(handWritten)], runs);
    report('overview, panels in parallel: Tapwise', ours!);
    report('overview, panels in parallel: hand-written SQL', theirs!);
    const [oursSequential, theirsSequential] = await interleaved(
      [sequential(tapwise), sequential(handWritten)],
      runs,
    );
    report('overview, one panel after another: Tapwise', oursSequential!);
    report('overview, one panel after another: hand-written', theirsSequential!);
    console.log(
      `  ratio Tapwise / hand-written (p50): parallel ${(ours!.p50 / theirs!.p50).toFixed(2)}, ` +
        `sequential ${(oursSequential!.p50 / theirsSequential!.p50).toFixed(2)}`,
    );

    // The same overview through GraphQL over HTTP, as the web app asks for it, from a `serve`
    // process of its own so the client here does not share the server's event loop.
    const member = await createMember(database.db, marker.teamId, { role: 'ADMIN' });
    const server = await startServeProcess();
    try {
      const api = apiClient(server.url);
      const session = await api.signIn(member.email, member.password);
      const [overHttp] = await interleaved([parallel(graphqlPanels(api, session, scope))], runs);
      report('overview over GraphQL/HTTP, 8 parallel requests', overHttp!);
    } finally {
      server.stop();
    }
  }
} finally {
  await database.close();
}
