// Hourly round (issue 28): many demo-size companies, each connected to the Apple Ads sandbox and
// first-synced, are all due; one `worker` process, started from its real entry point, takes the
// scheduled sync's tick and runs every company's incremental sync. The round is the time from the
// tick being sent to the last company's sync done. PostgreSQL only: the worker process needs it.
//
// The companies live in a database of their own (`<dataset>_hourly`), kept between runs: 200 first
// syncs take an hour or more on two cores, and an incremental sync re-reads the same recent days
// and hours whatever the history's age. Drop the database to build them again.
import { randomBytes } from 'node:crypto';
import type { ScenarioName } from '@tapwise/apple-ads-sandbox';
import {
  startDemoSandbox,
  type DemoSandbox,
} from '../../apps/server/src/modules/demo/demo-sandbox.js';
import { scheduledSyncJob } from '../../apps/server/src/modules/sync/jobs/scheduled-sync.job.js';
import { createSecretBox } from '../../apps/server/src/platform/crypto/secret-box.js';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/platform/db/database.js';
import { runMigrations } from '../../apps/server/src/platform/db/migrate.js';
import { inParallel } from '../../apps/server/src/platform/in-parallel.js';
import { createJobQueue } from '../../apps/server/src/platform/jobs/job-queue.js';
import { serverEntry, startProcess } from '../../apps/server/src/platform/testing/processes.js';
import { generateKeyPair } from '../../packages/apple-ads/src/index.js';
import { adminQuery, databaseUrl, type BenchDataset } from '../support/bench-dataset.js';
import { pointIntegrationAt } from '../support/bench-sandbox.js';
import type { Figure } from '../support/figures.js';
import { benchSyncContext, firstSyncCompany } from '../support/sandbox-first-sync.js';
import { median } from '../support/timing.js';

/** Companies in the round: issue 28's 200 where figures are judged, a handful otherwise. */
export const HOURLY_COMPANIES = { judged: 200, small: 10 } as const;
const SCENARIO: ScenarioName = 'demo';
/** First syncs run two at a time while the companies are built: the machine has two cores. */
const FIRST_SYNCS_AT_ONCE = 2;
const ROUND_TIMEOUT_MS = 90 * 60_000;

type BenchSyncContext = ReturnType<typeof benchSyncContext>;

export async function measureHourlyRound(
  dataset: BenchDataset,
  companies: number,
): Promise<Figure[]> {
  if (!dataset.databaseUrl) {
    console.log('hourly: left out on PGlite (the worker process runs on PostgreSQL only)');
    return [];
  }
  const name = `${dataset.location}_hourly`;
  const database = await openHourlyDatabase(name);
  const encryptionKey = randomBytes(32);
  const ctx = benchSyncContext(database, createSecretBox(encryptionKey));
  const sandbox = await startDemoSandbox(SCENARIO);
  try {
    const firstSyncs = await syncedCompanies(database, sandbox, ctx, companies);
    const minutes = await timeOneRound(ctx, database, companies, {
      DATABASE_URL: databaseUrl(name),
      ENCRYPTION_KEY: encryptionKey.toString('hex'),
      APPLE_ADS_SANDBOX_URLS: sandbox.url,
    });
    const group = 'Hourly sync';
    const figures: Figure[] = [
      {
        group,
        name: `${companies} demo companies, one hourly round`,
        value: minutes,
        unit: 'min',
        target: { is: '<', value: 30, source: 'issue 28' },
        detail: `one worker process, incremental sync of each (3 days, 7 days of hours), in ${name}`,
      },
      {
        group,
        name: 'one company in the round',
        value: (minutes * 60) / companies,
        unit: 's',
        detail: 'the round divided by its companies',
      },
    ];
    if (firstSyncs.length > 0)
      figures.push({
        group,
        name: 'first sync of one demo company',
        value: median(firstSyncs),
        unit: 's',
        detail: `median of the ${firstSyncs.length} built this run, ${FIRST_SYNCS_AT_ONCE} at a time`,
      });
    return figures;
  } finally {
    await sandbox.close();
    await database.close();
  }
}

async function openHourlyDatabase(name: string): Promise<DatabaseHandle> {
  const found = await adminQuery(`SELECT 1 FROM pg_database WHERE datname = '${name}'`);
  if (!found.rowCount) await adminQuery(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(name) });
  await runMigrations(database);
  return database;
}

/**
 * Points the companies kept from earlier runs at this run's sandbox (it keeps its API users in
 * memory) and first-syncs new ones until there are `companies`. Answers the new ones' first syncs.
 */
async function syncedCompanies(
  database: DatabaseHandle,
  sandbox: DemoSandbox,
  ctx: BenchSyncContext,
  companies: number,
): Promise<number[]> {
  const { rows: kept } = await database.sql.query<{ team_id: string }>(
    'SELECT team_id FROM apple_ads_integrations WHERE first_sync_done ORDER BY created_at',
  );
  if (kept.length > companies)
    throw new Error(
      `the hourly database holds ${kept.length} companies, not ${companies}: drop it`,
    );
  const keys = generateKeyPair();
  for (const { team_id } of kept)
    await pointIntegrationAt(database, team_id, sandbox, ctx.secrets, keys);
  const missing = Array.from({ length: companies - kept.length }, (_, n) => kept.length + n + 1);
  if (missing.length) console.log(`hourly: first sync of ${missing.length} demo companies…`);
  const seconds: number[] = [];
  await inParallel(missing, FIRST_SYNCS_AT_ONCE, async (n) => {
    const synced = await firstSyncCompany(ctx, sandbox, `Hourly ${n}`, `hourly-${n}`);
    seconds.push(synced.seconds);
  });
  return seconds;
}

/** Every company due, one worker started, the tick sent; minutes until the last sync is done. */
async function timeOneRound(
  ctx: BenchSyncContext,
  database: DatabaseHandle,
  companies: number,
  env: Record<string, string>,
): Promise<number> {
  // As if the hour had passed since each company's last sync began.
  await database.sql.query(`UPDATE sync_runs SET started_at = started_at - interval '1 hour'`);
  const worker = startProcess('worker', serverEntry('worker'), {
    ...env,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    NODE_ENV: 'production',
    EXCHANGE_RATES: 'simulator',
  });
  const producer = createJobQueue(database, ctx.logger);
  try {
    await worker.waitForLog((line) => line.msg === 'worker running', 120_000);
    await producer.start('producer');
    const sent = new Date();
    await producer.send(scheduledSyncJob, {});
    const lastDone = await untilRoundDone(database, sent, companies, worker.describeExit);
    return (lastDone.getTime() - sent.getTime()) / 60_000;
  } finally {
    await producer.stop();
    await worker.stop('SIGTERM', 60_000);
  }
}

async function untilRoundDone(
  database: DatabaseHandle,
  since: Date,
  companies: number,
  describeWorker: () => string,
): Promise<Date> {
  const deadline = Date.now() + ROUND_TIMEOUT_MS;
  for (;;) {
    const { rows } = await database.sql.query<{ done: number; failed: number; last: Date | null }>(
      `SELECT count(*) FILTER (WHERE status = 'DONE')::int AS done,
              count(*) FILTER (WHERE status = 'FAILED')::int AS failed,
              max(finished_at) AS last
         FROM sync_runs WHERE mode = 'DAILY' AND started_at >= $1`,
      [since],
    );
    const { done, failed, last } = rows[0]!;
    if (failed > 0) throw new Error(`${failed} sync(s) of the round failed; ${describeWorker()}`);
    if (done >= companies) return new Date(last!);
    if (Date.now() > deadline)
      throw new Error(`the round did not finish: ${done} of ${companies}; ${describeWorker()}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
