// The ads manager and automation benchmarks' dataset: a mature-sized account written by SQL into
// its own PostgreSQL database (4 apps, 100 campaigns, 1,000 ad groups, 20,000 keywords with two
// search terms each, 90 days per day and 12 weeks before, the last 7 days hour by hour for
// campaigns and ad groups; a sandbox first sync of the mature scenario takes minutes). It is
// reused while its marker row matches; `rebuild` builds it again.
import pg from 'pg';
import { seedAppleAdsApp } from '../../apps/server/src/modules/analytics/overview-factories.js';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/platform/db/database.js';
import { runMigrations } from '../../apps/server/src/platform/db/migrate.js';
import { createCompany } from '../../apps/server/src/platform/testing/factories.js';

/** Bump when the way the dataset is built changes, so old datasets are rebuilt. */
const DATASET_VERSION = 3;
const KEYWORDS_PER_AD_GROUP = 20;
const AD_GROUPS_PER_CAMPAIGN = 10;
const CAMPAIGNS_PER_APP = 25;
const APPS = 4;
const DAILY_DAYS = 90;
const COUNT_COLUMNS = [
  'impressions',
  'taps',
  'tap_installs',
  'view_installs',
  'total_installs',
  'tap_new_downloads',
  'tap_redownloads',
  'view_new_downloads',
  'view_redownloads',
  'local_spend_micros',
];
const WEEKS_BEFORE = 12;

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_DATASET_DB lets two benchmarks on one server keep separate datasets.
const databaseName = process.env.BENCH_DATASET_DB ?? 'tapwise_bench_ads_manager';
if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) {
  throw new Error(`BENCH_DATASET_DB must be a plain lower-case identifier, got ${databaseName}`);
}

export function databaseUrl() {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
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

export interface Marker {
  teamId: string;
  adAccountId: number;
  today: string;
}

async function readMarker(database: DatabaseHandle): Promise<Marker | undefined> {
  const found = await database.sql.query<{ found: boolean }>(
    "SELECT to_regclass('public.bench_ads_manager_dataset') IS NOT NULL AS found",
  );
  if (!found.rows[0]?.found) return undefined;
  const { rows } = await database.sql.query<{
    version: number;
    team_id: string;
    ad_account_id: string;
    today: string;
  }>('SELECT version, team_id, ad_account_id, today::text FROM bench_ads_manager_dataset');
  const row = rows[0];
  return row?.version === DATASET_VERSION
    ? { teamId: row.team_id, adAccountId: Number(row.ad_account_id), today: row.today }
    : undefined;
}

/**
 * The account: the overview's factory makes the integration, account and first app; SQL adds
 * the rest, the keyword facts (deterministic pseudo-random counts) and their sums per ad group
 * and campaign, as a sync would have stored them.
 */
async function buildDataset(): Promise<{ database: DatabaseHandle; marker: Marker }> {
  await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${databaseName}`);
  const database = await openDatabase({ databaseUrl: databaseUrl() });
  await runMigrations(database);
  const started = performance.now();
  const team = await createCompany(database.db, 'Bench ads manager');
  const app = await seedAppleAdsApp(database.db, team.id, { appName: 'Bench app 1' });
  const run = (text: string, values: unknown[] = []) => database.sql.query(text, values);
  const params = [team.id, app.adAccountId];
  // Ids: apps 10+a, campaigns 1000+c, ad groups 100000+g, keywords 10000000+k.
  await run(
    `INSERT INTO apps (team_id, ad_account_id, adam_id, name)
     SELECT $1, $2, 10 + a, 'Bench app ' || (a + 2) FROM generate_series(1, ${APPS - 1}) a`,
    params,
  );
  await run(
    `INSERT INTO campaigns (team_id, ad_account_id, id, adam_id, name, status, deleted,
       display_status, serving_state_reasons, daily_budget_micros, currency, countries_or_regions,
       supply_sources)
     SELECT $1, $2, 1000 + c, CASE WHEN c % ${APPS} = 0 THEN $3 ELSE 10 + c % ${APPS} END,
       'Campaign ' || c, CASE WHEN c % 7 = 0 THEN 'PAUSED' ELSE 'ENABLED' END, c % 23 = 0,
       'RUNNING', '{}', 50000000 + c * 1000000, 'USD', '{US}', '{APPSTORE_SEARCH_RESULTS}'
     FROM generate_series(1, ${APPS * CAMPAIGNS_PER_APP}) c`,
    [...params, app.adamId],
  );
  await run(
    `INSERT INTO ad_groups (team_id, ad_account_id, id, campaign_id, name, status, deleted,
       display_status, default_bid_micros, automated_keywords_opt_in, targeting_dimensions)
     SELECT $1, $2, 100000 + g, 1000 + 1 + (g - 1) / ${AD_GROUPS_PER_CAMPAIGN}, 'Ad group ' || g,
       'ENABLED', false, 'RUNNING', 1000000, false, '{}'
     FROM generate_series(1, ${APPS * CAMPAIGNS_PER_APP * AD_GROUPS_PER_CAMPAIGN}) g`,
    params,
  );
  await run(
    `INSERT INTO keywords (team_id, ad_account_id, id, campaign_id, ad_group_id, text,
       match_type, bid_micros, status, deleted)
     SELECT $1, $2, 10000000 + k, g.campaign_id, g.id, 'keyword ' || k,
       CASE WHEN k % 3 = 0 THEN 'BROAD' ELSE 'EXACT' END, 500000 + (k % 40) * 50000,
       CASE WHEN k % 11 = 0 THEN 'PAUSED' ELSE 'ENABLED' END, k % 29 = 0
     FROM generate_series(1, ${APPS * CAMPAIGNS_PER_APP * AD_GROUPS_PER_CAMPAIGN * KEYWORDS_PER_AD_GROUP}) k
     JOIN ad_groups g ON g.team_id = $1 AND g.id = 100000 + 1 + (k - 1) / ${KEYWORDS_PER_AD_GROUP}`,
    params,
  );
  const today = (await run("SELECT (now() AT TIME ZONE 'America/Los_Angeles')::date::text AS d"))
    .rows[0]!.d as string;
  // Per keyword and bucket: impressions 0-999, taps about 5 %, installs about half the taps.
  // Written date by date, oldest first, as syncs store them window after window.
  const keywordFacts = (grain: string, dates: string) =>
    run(
      `INSERT INTO keyword_report_facts (team_id, ad_account_id, adam_id, campaign_id, grain,
         date, ad_group_id, keyword_id, impressions, taps, tap_installs, view_installs,
         total_installs, tap_new_downloads, tap_redownloads, view_new_downloads,
         view_redownloads, local_spend_micros)
       SELECT k.team_id, k.ad_account_id, c.adam_id, k.campaign_id, '${grain}', d.date,
         k.ad_group_id, k.id, i, i / 20, i / 40, i / 400, i / 40 + i / 400, i / 50,
         i / 40 - i / 50, i / 400, 0, (i / 20) * (200000 + (k.id % 97) * 10000)
       FROM keywords k JOIN campaigns c ON c.team_id = k.team_id AND c.id = k.campaign_id
       CROSS JOIN (${dates}) d
       CROSS JOIN LATERAL (SELECT ((k.id * 7919 + (d.date - date '2000-01-01') * 104729)
         % 1000)::int AS i) counts
       WHERE k.team_id = $1 ORDER BY d.date, k.id`,
      [team.id],
    );
  await keywordFacts(
    'WEEKLY',
    `SELECT (w.sunday - 7 * s)::date AS date FROM generate_series(1, ${WEEKS_BEFORE}) s,
       (SELECT ('${today}'::date - ${DAILY_DAYS - 1}) - extract(dow FROM '${today}'::date
         - ${DAILY_DAYS - 1})::int AS sunday) w`,
  );
  await keywordFacts(
    'DAILY',
    `SELECT ($2::date - s)::date AS date FROM generate_series(0, ${DAILY_DAYS - 1}) s`.replace(
      '$2',
      `'${today}'`,
    ),
  );
  const sums = COUNT_COLUMNS.map((column) => `sum(${column})`).join(', ');
  const counts = COUNT_COLUMNS.join(', ');
  await run(
    `INSERT INTO ad_group_report_facts (team_id, ad_account_id, adam_id, campaign_id, grain, date,
       ad_group_id, ${counts})
     SELECT team_id, ad_account_id, adam_id, campaign_id, grain, date, ad_group_id, ${sums}
     FROM keyword_report_facts WHERE team_id = $1 GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    [team.id],
  );
  await run(
    `INSERT INTO campaign_report_facts (team_id, ad_account_id, adam_id, campaign_id, grain, date,
       ${counts})
     SELECT team_id, ad_account_id, adam_id, campaign_id, grain, date, ${sums}
     FROM keyword_report_facts WHERE team_id = $1 GROUP BY 1, 2, 3, 4, 5, 6`,
    [team.id],
  );
  // Each keyword's own text and one longer term, splitting its daily counts about 2:1.
  await run(
    `INSERT INTO search_term_report_facts (team_id, ad_account_id, adam_id, campaign_id, grain,
       date, ad_group_id, keyword_id, search_term_text, search_term_source, ${counts})
     SELECT f.team_id, f.ad_account_id, f.adam_id, f.campaign_id, f.grain, f.date, f.ad_group_id,
       f.keyword_id, CASE WHEN t.second THEN k.text || ' app' ELSE k.text END, 'TARGETED',
       ${COUNT_COLUMNS.map(
         (c) => `CASE WHEN t.second THEN f.${c} / 3 ELSE f.${c} - f.${c} / 3 END`,
       ).join(', ')}
     FROM keyword_report_facts f
     JOIN keywords k ON k.team_id = f.team_id AND k.id = f.keyword_id
     CROSS JOIN (VALUES (false), (true)) t(second)
     WHERE f.team_id = $1 AND f.grain = 'DAILY'`,
    [team.id],
  );
  // The last 7 days hour by hour: each day's ad group counts spread over 24 hours.
  await run(
    `INSERT INTO ad_group_hourly_facts (team_id, ad_account_id, adam_id, campaign_id, date, hour,
       ad_group_id, ${counts})
     SELECT f.team_id, f.ad_account_id, f.adam_id, f.campaign_id, f.date, h, f.ad_group_id,
       ${COUNT_COLUMNS.map((c) => `f.${c} / 24 + CASE WHEN h < f.${c} % 24 THEN 1 ELSE 0 END`).join(
         ', ',
       )}
     FROM ad_group_report_facts f CROSS JOIN generate_series(0, 23) h
     WHERE f.team_id = $1 AND f.grain = 'DAILY' AND f.date > '${today}'::date - 7`,
    [team.id],
  );
  await run(
    `INSERT INTO campaign_hourly_facts (team_id, ad_account_id, adam_id, campaign_id, date, hour,
       ${counts})
     SELECT team_id, ad_account_id, adam_id, campaign_id, date, hour, ${sums}
     FROM ad_group_hourly_facts WHERE team_id = $1 GROUP BY 1, 2, 3, 4, 5, 6`,
    [team.id],
  );
  await run('ANALYZE');
  await run(
    `CREATE TABLE bench_ads_manager_dataset (version int NOT NULL, team_id uuid NOT NULL,
       ad_account_id bigint NOT NULL, today date NOT NULL)`,
  );
  await run('INSERT INTO bench_ads_manager_dataset VALUES ($1, $2, $3, $4)', [
    DATASET_VERSION,
    team.id,
    app.adAccountId,
    today,
  ]);
  console.log(`dataset built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { database, marker: (await readMarker(database))! };
}

export async function openAdsManagerDataset(
  rebuild = false,
): Promise<{ database: DatabaseHandle; marker: Marker }> {
  if (!rebuild) {
    const found = await adminQuery(`SELECT 1 FROM pg_database WHERE datname = '${databaseName}'`);
    if (found.rowCount) {
      const database = await openDatabase({ databaseUrl: databaseUrl() });
      const marker = await readMarker(database);
      if (marker) {
        await runMigrations(database);
        console.log(`reusing ${databaseName} (built on ${marker.today})`);
        return { database, marker };
      }
      await database.close();
    }
  }
  return buildDataset();
}

/** The day `days` before an ISO day. */
export const dayBefore = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
