// Benchmark: the first sync of the sandbox's `mature` scenario (4 apps, 100 campaigns, 20,000
// keywords, two years) into PostgreSQL (BENCH_DATABASE_URL) and PGlite: wall time and fact rows
// per second; then, on PostgreSQL, Tapwise's bulk write of the keyword facts against COPY of the
// same rows into the same table.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/first-sync.ts
// (BENCH_SCENARIO=demo for the smaller scenario, BENCH_ENGINES=postgres or pglite for one engine.)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  countFacts,
  FACT_TABLES,
  type FactKind,
} from '../apps/server/src/modules/ads-data/ads-data.repository.js';
import { keywordReportFacts } from '../apps/server/src/modules/ads-data/report-facts.tables.js';
import { replaceRowsByCopy } from '../apps/server/src/platform/db/copy-rows.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/db/database.js';
import { syncSandboxScenario } from './support/sandbox-first-sync.js';

const serverUrl = process.env.BENCH_DATABASE_URL;
const scenario = (process.env.BENCH_SCENARIO ?? 'mature') as 'mature';

async function freshPostgres(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const name = `tapwise_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function firstSync(database: DatabaseHandle) {
  const { teamId, seconds } = await syncSandboxScenario(database, scenario, 'Bench');
  let rows = 0;
  for (const kind of Object.keys(FACT_TABLES) as FactKind[])
    rows += await countFacts(database.db, teamId, kind);
  console.log(
    `${database.engine}: first sync of ${scenario} in ${seconds.toFixed(1)} s, ` +
      `${rows} fact rows, ${Math.round(rows / seconds)} rows/s end to end`,
  );
}

/**
 * Tapwise's fact write (rows from JavaScript, as the sync holds them) against the server reading
 * the same rows from a file with COPY: same table, emptied before each.
 */
async function againstCopy(database: DatabaseHandle) {
  const rows = await database.db.select().from(keywordReportFacts);
  const file = path.join(os.tmpdir(), `tapwise-bench-${process.pid}.csv`);
  await database.sql.query(`COPY keyword_report_facts TO '${file}' WITH (FORMAT csv)`);
  await database.sql.query('TRUNCATE keyword_report_facts');
  let started = performance.now();
  await replaceRowsByCopy(database.db, keywordReportFacts, sql`false`, rows);
  const writeSeconds = (performance.now() - started) / 1000;
  await database.sql.query('TRUNCATE keyword_report_facts');
  started = performance.now();
  await database.sql.query(`COPY keyword_report_facts FROM '${file}' WITH (FORMAT csv)`);
  const copySeconds = (performance.now() - started) / 1000;
  fs.rmSync(file, { force: true });
  console.log(
    `postgres keyword facts: ${rows.length} rows; Tapwise write ${Math.round(rows.length / writeSeconds)} rows/s, ` +
      `COPY from file ${Math.round(rows.length / copySeconds)} rows/s, ratio ${(copySeconds / writeSeconds).toFixed(2)}`,
  );
}

/** BENCH_ENGINES=postgres or =pglite runs one engine only. */
const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
if (engines.includes('postgres')) {
  if (serverUrl) {
    const { database, drop } = await freshPostgres();
    try {
      await firstSync(database);
      await againstCopy(database);
    } finally {
      await drop();
    }
  } else {
    console.log('BENCH_DATABASE_URL unset: PostgreSQL skipped');
  }
}
if (engines.includes('pglite')) {
  // On disk, as `npm start` runs it.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-bench-pglite-'));
  const embedded = await openDatabase({ dataDir });
  try {
    await firstSync(embedded);
  } finally {
    await embedded.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
