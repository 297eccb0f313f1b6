// The suite's dataset: a sandbox scenario synced by a real first sync into a fresh database, on
// PostgreSQL (a database of its own on BENCH_DATABASE_URL's server) or PGlite (a data directory
// of its own). The first sync is itself a figure. `reuse` keeps a dataset of the same scenario
// that an earlier run left, for working on one figure without syncing again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ScenarioName } from '@tapwise/apple-ads-sandbox';
import { previousPeriod, type DateRange } from '../../packages/contracts/src/index.js';
import {
  countFacts,
  FACT_TABLES,
  type FactKind,
} from '../../apps/server/src/modules/ads-data/ads-data.repository.js';
import { ownAppsBySpend } from '../../apps/server/src/modules/analytics/overview.service.js';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/platform/db/database.js';
import { runMigrations } from '../../apps/server/src/platform/db/migrate.js';
import {
  ratesClientFor,
  refreshExchangeRates,
} from '../../apps/server/src/modules/currencies/exchange-rates.service.js';
import { syncSandboxScenario, type FirstSyncResult } from './sandbox-first-sync.js';

/** Bump when the way the dataset is built changes, so `reuse` does not take an old one. */
const DATASET_VERSION = 1;

export type FirstSyncFigures = Omit<FirstSyncResult, 'teamId'> & { factRows: number };

/** The app the overview figures look at and the 30 days before the sync day, in its zone. */
export interface BenchScope {
  adAccountId: number;
  adamId: number;
  currdate: DateRange;
  prevdate: DateRange;
}

export interface BenchDataset {
  database: DatabaseHandle;
  /** The database's name, or the PGlite data directory. */
  location: string;
  /** The database's connection string, for processes of their own (PostgreSQL only). */
  databaseUrl?: string;
  scenario: ScenarioName;
  teamId: string;
  scope: BenchScope;
  /** Absent when an earlier run's dataset was reused. */
  firstSync?: FirstSyncFigures;
}

const serverUrl = process.env.BENCH_DATABASE_URL;

export async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await admin.query(text);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(name: string) {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

const urlOf = (location: string) => (serverUrl ? { databaseUrl: databaseUrl(location) } : {});

interface Marker {
  teamId: string;
  syncedAt: Date;
}

async function readMarker(
  database: DatabaseHandle,
  scenario: ScenarioName,
): Promise<Marker | undefined> {
  const { rows: found } = await database.sql.query<{ found: boolean }>(
    "SELECT to_regclass('public.bench_dataset') IS NOT NULL AS found",
  );
  if (!found[0]?.found) return undefined;
  const { rows } = await database.sql.query<{
    version: number;
    scenario: string;
    team_id: string;
    synced_at: Date;
  }>('SELECT version, scenario, team_id, synced_at FROM bench_dataset');
  const row = rows[0];
  return row?.version === DATASET_VERSION && row.scenario === scenario
    ? { teamId: row.team_id, syncedAt: new Date(row.synced_at) }
    : undefined;
}

/** An empty database at the dataset's location, dropping what was there. */
async function freshDatabase(location: string): Promise<DatabaseHandle> {
  if (serverUrl) {
    await adminQuery(`DROP DATABASE IF EXISTS ${location} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${location}`);
    return openDatabase({ databaseUrl: databaseUrl(location) });
  }
  fs.rmSync(location, { recursive: true, force: true });
  fs.mkdirSync(location, { recursive: true });
  return openDatabase({ dataDir: location });
}

async function existingDatabase(location: string): Promise<DatabaseHandle | undefined> {
  if (serverUrl) {
    const found = await adminQuery(`SELECT 1 FROM pg_database WHERE datname = '${location}'`);
    return found.rowCount ? openDatabase({ databaseUrl: databaseUrl(location) }) : undefined;
  }
  return fs.existsSync(location) ? openDatabase({ dataDir: location }) : undefined;
}

async function countAllFacts(database: DatabaseHandle, teamId: string): Promise<number> {
  let rows = 0;
  for (const kind of Object.keys(FACT_TABLES) as FactKind[])
    rows += await countFacts(database.db, teamId, kind);
  return rows;
}

async function benchScope(database: DatabaseHandle, marker: Marker): Promise<BenchScope> {
  const [app] = await ownAppsBySpend(database.db, marker.teamId);
  if (!app) throw new Error('the dataset has no app');
  const syncDay = new Intl.DateTimeFormat('en-CA', { timeZone: app.timeZone }).format(
    marker.syncedAt,
  );
  const day = (offset: number) =>
    new Date(Date.parse(`${syncDay}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const currdate = { start: day(-30), end: day(-1) };
  return {
    adAccountId: app.adAccountId,
    adamId: app.adamId,
    currdate,
    prevdate: previousPeriod(currdate),
  };
}

/**
 * The daily rates a running installation keeps (the demo's simulated ones): the scenarios have
 * accounts in USD and EUR, and the reports convert between them.
 */
async function storeSimulatedRates(database: DatabaseHandle) {
  await refreshExchangeRates(database.db, 'SIMULATOR', ratesClientFor('SIMULATOR'));
}

export async function openBenchDataset(
  scenario: ScenarioName,
  reuse: boolean,
): Promise<BenchDataset> {
  // BENCH_DATASET_DB names the database, so two benchmarks on one server keep their own.
  const location = serverUrl
    ? (process.env.BENCH_DATASET_DB ?? `tapwise_bench_${scenario}`)
    : path.join(os.tmpdir(), 'tapwise-bench', scenario);
  if (serverUrl && !/^[a-z_][a-z0-9_]*$/.test(location))
    throw new Error(`BENCH_DATASET_DB must be a plain lower-case identifier, not ${location}`);
  if (reuse) {
    const database = await existingDatabase(location);
    const marker = database && (await readMarker(database, scenario));
    if (database && marker) {
      await runMigrations(database);
      await storeSimulatedRates(database);
      console.log(`reusing the ${scenario} dataset in ${location}`);
      return {
        database,
        location,
        ...urlOf(location),
        scenario,
        teamId: marker.teamId,
        scope: await benchScope(database, marker),
      };
    }
    await database?.close();
  }

  const database = await freshDatabase(location);
  console.log(`first sync of the ${scenario} scenario into ${location}…`);
  const { teamId, ...firstSync } = await syncSandboxScenario(database, scenario, 'Bench');
  await storeSimulatedRates(database);
  const syncedAt = new Date();
  await database.sql.query(
    `CREATE TABLE bench_dataset (version int NOT NULL, scenario text NOT NULL,
       team_id uuid NOT NULL, synced_at timestamptz NOT NULL)`,
  );
  await database.sql.query('INSERT INTO bench_dataset VALUES ($1, $2, $3, $4)', [
    DATASET_VERSION,
    scenario,
    teamId,
    syncedAt,
  ]);
  const marker = { teamId, syncedAt };
  return {
    database,
    location,
    ...urlOf(location),
    scenario,
    teamId,
    scope: await benchScope(database, marker),
    firstSync: { ...firstSync, factRows: await countAllFacts(database, teamId) },
  };
}
