// First sync (issue 5): the dataset's own first sync, end to end, and report ingestion alone:
// Tapwise's fact write of the keyword facts (rows from JavaScript, as the sync holds them)
// against COPY of the same rows into the same table, emptied before each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PgliteThread } from '../../apps/server/src/platform/db/pglite-thread';
import { sql } from 'drizzle-orm';
import { keywordReportFacts } from '../../apps/server/src/modules/ads-data/report-facts.tables.js';
import { replaceRowsByCopy } from '../../apps/server/src/platform/db/copy-rows.js';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database.js';
import type { BenchDataset } from '../support/bench-dataset.js';
import { onPostgres, type Figure } from '../support/figures.js';
import { timeInterleaved, type RunCounts } from '../support/timing.js';

const GROUP = 'first sync';
const TABLE = 'keyword_report_facts';

/** COPY of the table's rows from a file the server reads itself (PostgreSQL) or a blob (PGlite). */
async function copyWay(database: DatabaseHandle): Promise<() => Promise<unknown>> {
  if (database.engine === 'postgres') {
    const file = path.join(os.tmpdir(), `tapwise-bench-${process.pid}.copy`);
    await database.sql.query(`COPY ${TABLE} TO '${file}'`);
    process.once('exit', () => fs.rmSync(file, { force: true }));
    return () => database.sql.query(`COPY ${TABLE} FROM '${file}'`);
  }
  const client = (database.db as unknown as { $client: PgliteThread }).$client;
  const { blob } = await client.query(`COPY ${TABLE} TO '/dev/blob'`);
  return () => client.query(`COPY ${TABLE} FROM '/dev/blob'`, [], { blob: blob! });
}

/** The scale's targets (issue 28); a figure has none where the issue sets none. */
export interface FirstSyncTargets {
  postgresSeconds: number;
  pgliteSeconds?: number;
  /** This process's peak memory during the sync. */
  peakMiB?: number;
  /** Whether to time report ingestion against COPY: it reads every keyword fact into memory. */
  ingestion: boolean;
}

export async function measureFirstSync(
  dataset: BenchDataset,
  counts: RunCounts,
  targets: FirstSyncTargets,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const { firstSync, database } = dataset;
  if (firstSync) {
    const wallSeconds =
      database.engine === 'postgres' ? targets.postgresSeconds : targets.pgliteSeconds;
    figures.push(
      {
        group: GROUP,
        name: `${dataset.scenario} scenario, wall time`,
        value: firstSync.seconds,
        unit: 's',
        ...(wallSeconds ? { target: { is: '<', value: wallSeconds, source: 'issue 28' } } : {}),
        detail: `one sync, connect to last fact, ${firstSync.factRows.toLocaleString('en-US')} fact rows`,
      },
      {
        group: GROUP,
        name: 'fact rows per second, end to end',
        value: firstSync.factRows / firstSync.seconds,
        unit: 'rows/s',
      },
      {
        group: GROUP,
        name: 'server process memory, peak',
        value: firstSync.peakMiB,
        unit: 'MiB',
        ...(targets.peakMiB
          ? onPostgres(database.engine, { is: '<', value: targets.peakMiB, source: 'issue 28' })
          : {}),
        detail:
          `maxRSS of the bench process (Tapwise's sync${database.engine === 'pglite' ? ' and its embedded database' : ''}) ` +
          `at the end of the sync, ${Math.round(firstSync.peakMiBBefore)} MiB before it; ` +
          `the sandbox ran in its own process (peak ${Math.round(firstSync.sandboxPeakMiB)} MiB)`,
      },
    );
  }
  if (!targets.ingestion) return figures;

  const rows = await database.db.select().from(keywordReportFacts);
  const copy = await copyWay(database);
  const empty = () => database.sql.query(`TRUNCATE ${TABLE}`);
  // Each way starts from an empty table; COPY runs last so the table ends as it began.
  const [write, copied] = await timeInterleaved(
    [
      {
        prepare: empty,
        run: () => replaceRowsByCopy(database.db, keywordReportFacts, sql`false`, rows),
      },
      { prepare: empty, run: copy },
    ],
    counts,
  );
  const detail = `${rows.length.toLocaleString('en-US')} keyword fact rows, median of ${write!.runs}`;
  figures.push(
    {
      group: GROUP,
      name: 'report ingestion (Tapwise fact write)',
      value: rows.length / (write!.p50 / 1000),
      unit: 'rows/s',
      detail,
    },
    {
      group: GROUP,
      name: 'COPY of the same rows',
      value: rows.length / (copied!.p50 / 1000),
      unit: 'rows/s',
      detail,
    },
    {
      group: GROUP,
      name: 'ingestion / COPY',
      value: copied!.p50 / write!.p50,
      unit: 'ratio',
      target: { is: '>=', value: 0.5, source: 'issue 5' },
      detail: `${database.engine}, same run`,
    },
  );
  return figures;
}
