// The overview's reads of the report facts, every one filtered by the team first: one query per
// panel over the fact slices history-slices.ts picks for its periods (days from dailyFrom on,
// whole weeks or months before), plus the two index probes that find the account's bounds.
import {
  METRIC_COUNT_FIELDS,
  TOP_LIST_SIZE,
  type BreakdownDimension,
  type DateRange,
  type MetricCounts,
  type MetricKey,
} from '@tapwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { FactSlice } from './history-slices';

/** One app of one ad account, as the caller's company sees it. */
export interface AppScope {
  adAccountId: number;
  adamId: number;
}

export type CountField = keyof MetricCounts;

export const COUNT_COLUMNS: Record<CountField, string> = {
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

type FactTable =
  | 'campaign_report_facts'
  | 'ad_group_report_facts'
  | 'keyword_report_facts'
  | 'campaign_breakdown_facts';

/**
 * A slice's sums, as float8 (a JS number on both engines, exact below 2^53). Money is cast
 * before it is summed: a sum of bigint goes through numeric, several times slower over a hundred
 * thousand keyword-days; integer columns add up natively and are cast once per group. `filter`
 * sums only the rows it holds (several windows summed in one scan), named with `prefix`.
 */
export const sliceSums = (
  fields: readonly CountField[],
  { filter, prefix = '' }: { filter?: SQL | undefined; prefix?: string } = {},
) =>
  sql.join(
    fields.map((field) => {
      const column = sql.raw(`f.${COUNT_COLUMNS[field]}`);
      const only = filter ? sql` FILTER (WHERE ${filter})` : sql``;
      const name = sql.raw(`"${prefix}${field}"`);
      return field === 'localSpendMicros'
        ? sql`coalesce(sum(${column}::float8)${only}, 0) AS ${name}`
        : sql`coalesce(sum(${column})${only}, 0)::float8 AS ${name}`;
    }),
    sql`, `,
  );
/** Sums of the slices' sums. */
export const slicesTotal = (fields: readonly CountField[]) =>
  sql.raw(fields.map((field) => `sum(u."${field}") AS "${field}"`).join(', '));

interface SumOptions {
  /** More conditions on the fact `f`, starting with AND. */
  filter?: SQL;
  /** The counts to sum; all by default. */
  fields?: readonly CountField[];
}

/**
 * Rows of (`period`, `keys`…, the counts): the sums per period and key over the fact rows that
 * count for it. One range scan of the table's (team, app, grain, date) index per slice, each
 * summed on its own and the slices then added up; a single slice is the answer as it stands.
 */
function countedSums(
  table: FactTable,
  teamId: string,
  scope: AppScope,
  slices: readonly FactSlice[],
  keys: Record<string, SQL>,
  { filter = sql``, fields = METRIC_COUNT_FIELDS }: SumOptions = {},
): SQL {
  const aliases = Object.keys(keys);
  const keyColumns = aliases.map((alias) => sql`, ${keys[alias]} AS ${sql.raw(alias)}`);
  // By position: a key may hold parameters, which GROUP BY would not recognise as the same.
  const groupBy = aliases.length
    ? sql.raw(`GROUP BY ${aliases.map((_, index) => index + 2).join(', ')}`)
    : sql``;
  const arm = (slice: FactSlice) => sql`
    SELECT ${slice.period}::int AS period${sql.join(keyColumns)}, ${sliceSums(fields)}
    FROM ${sql.raw(table)} f
    WHERE f.team_id = ${teamId} AND f.adam_id = ${scope.adamId}
      AND f.ad_account_id = ${scope.adAccountId} AND f.grain = ${slice.grain} ${filter}
      AND f.date BETWEEN ${slice.from}::date AND ${slice.to}::date
    ${groupBy}`;
  if (slices.length === 1) return arm(slices[0]!);
  const outerKeys = sql.raw(['period', ...aliases].map((alias) => `u.${alias}`).join(', '));
  return sql`SELECT ${outerKeys}, ${slicesTotal(fields)}
    FROM (${sql.join(slices.map(arm), sql` UNION ALL `)}) u GROUP BY ${outerKeys}`;
}

type Row = Record<string, unknown>;

export async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return result.rows as Row[];
}

/** Each count's column name under a prefix, joined once rather than for every row. */
const prefixedFields = new Map<string, (readonly [CountField, string])[]>();

/** The counts of a row, named with `prefix` when it holds several windows' sums. */
export function countsOf(row: Row | undefined, prefix = ''): MetricCounts {
  let fields = prefixedFields.get(prefix);
  if (!fields) {
    fields = METRIC_COUNT_FIELDS.map((field) => [field, prefix + field] as const);
    prefixedFields.set(prefix, fields);
  }
  const counts = {} as MetricCounts;
  for (const [field, column] of fields) counts[field] = Number(row?.[column] ?? 0);
  return counts;
}

/** Dates come back as strings from node-postgres and as Date objects from PGlite. */
export function isoDateOf(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

/**
 * Runs one panel's reads in a transaction without parallel workers: the overview's aggregations
 * take milliseconds, less than starting workers, and the page sends eight of them at once.
 */
export function withOverviewReads<T>(db: Database, read: (tx: Database) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
    return read(tx as unknown as Database);
  });
}

export interface AccountHistory {
  currency: string;
  timeZone: string;
  /** The earliest DAILY and WEEKLY dates stored for the account. */
  firstDaily: string | null;
  firstWeekly: string | null;
}

/** An ad account of the company with its first stored days, one index probe per grain. */
export async function findAccountHistory(
  db: Database,
  teamId: string,
  adAccountId: number,
): Promise<AccountHistory | undefined> {
  const first = (grain: string) => sql`(SELECT min(f.date)::text FROM campaign_report_facts f
    WHERE f.team_id = a.team_id AND f.ad_account_id = a.ad_account_id AND f.grain = ${grain})`;
  const [row] = await rowsOf(
    db,
    sql`SELECT a.currency, a.time_zone, ${first('DAILY')} AS first_daily,
          ${first('WEEKLY')} AS first_weekly
        FROM ad_accounts a WHERE a.team_id = ${teamId} AND a.ad_account_id = ${adAccountId}`,
  );
  if (!row) return undefined;
  return {
    currency: String(row.currency),
    timeZone: String(row.time_zone),
    firstDaily: row.first_daily ? isoDateOf(row.first_daily) : null,
    firstWeekly: row.first_weekly ? isoDateOf(row.first_weekly) : null,
  };
}

export async function findAppName(
  db: Database,
  teamId: string,
  scope: AppScope,
): Promise<string | undefined> {
  const [row] = await rowsOf(
    db,
    sql`SELECT name FROM apps WHERE team_id = ${teamId}
        AND ad_account_id = ${scope.adAccountId} AND adam_id = ${scope.adamId}`,
  );
  return row ? String(row.name) : undefined;
}

/** Totals of an app per period (slices say which facts count for which period). */
export async function sumPeriods(
  db: Database,
  teamId: string,
  scope: AppScope,
  periodCount: number,
  slices: readonly FactSlice[],
): Promise<MetricCounts[]> {
  const rows = slices.length
    ? await rowsOf(db, countedSums('campaign_report_facts', teamId, scope, slices, {}))
    : [];
  return Array.from({ length: periodCount }, (_, index) =>
    countsOf(rows.find((row) => Number(row.period) === index)),
  );
}

/**
 * An app's counts over the first `hours` hours of one of its account's days, from the hourly
 * facts, and how many hourly rows that day has at all (none: its hours are not kept).
 */
export async function sumAppHours(
  db: Database,
  teamId: string,
  scope: AppScope,
  date: string,
  hours: number,
): Promise<{ counts: MetricCounts; hourRows: number }> {
  const [row] = await rowsOf(
    db,
    sql`SELECT ${sliceSums(METRIC_COUNT_FIELDS, { filter: sql`f.hour < ${hours}` })},
          count(*)::int AS hour_rows
        FROM campaign_hourly_facts f
        WHERE f.team_id = ${teamId} AND f.adam_id = ${scope.adamId}
          AND f.ad_account_id = ${scope.adAccountId} AND f.date = ${date}::date`,
  );
  return { counts: countsOf(row), hourRows: Number(row?.hour_rows ?? 0) };
}

/**
 * An app's counts per fact date in one period: one row per day from dailyFrom on and one per
 * coarse bucket before it, dated on the bucket's first day inside the period.
 */
export async function sumByDate(
  db: Database,
  teamId: string,
  scope: AppScope,
  period: DateRange,
  slices: readonly FactSlice[],
): Promise<{ date: string; counts: MetricCounts }[]> {
  if (!slices.length) return [];
  const counted = countedSums('campaign_report_facts', teamId, scope, slices, {
    day: sql`greatest(f.date, ${period.start}::date)::text`,
  });
  const rows = await rowsOf(db, sql`SELECT * FROM (${counted}) u ORDER BY u.day`);
  return rows.map((row) => ({ date: isoDateOf(row.day), counts: countsOf(row) }));
}

/**
 * Every metric of the registry over a period's sums, in SQL, for ranking a top list (a test holds
 * the rankings to METRICS). The quoted names are the counts each one needs.
 */
export const RANK_EXPRESSIONS: Record<MetricKey, string> = {
  spend: '"localSpendMicros"',
  impressions: '"impressions"',
  taps: '"taps"',
  installs: '"totalInstalls"',
  tapInstalls: '"tapInstalls"',
  viewInstalls: '"viewInstalls"',
  newDownloads: '("tapNewDownloads" + "viewNewDownloads")',
  redownloads: '("tapRedownloads" + "viewRedownloads")',
  ttr: '("taps" / nullif("impressions", 0))',
  conversionRate: '("tapInstalls" / nullif("taps", 0))',
  avgCpt: '("localSpendMicros" / nullif("taps", 0))',
  avgCpm: '("localSpendMicros" * 1000 / nullif("impressions", 0))',
  avgCpa: '("localSpendMicros" / nullif("tapInstalls", 0))',
  cpi: '("localSpendMicros" / nullif("totalInstalls", 0))',
};
export const rankFields = (key: MetricKey) =>
  [...RANK_EXPRESSIONS[key].matchAll(/"(\w+)"/g)].map(([, field]) => field as CountField);

export interface RankedEntity {
  id: number;
  name: string;
  campaignId: number;
  campaignName: string;
  adGroupId: number;
  matchType: string | null;
  counts: MetricCounts;
}

export interface TopListQuery {
  param: MetricKey;
  sortDesc: boolean;
}

/**
 * A ranking by a goal metric: the goal counts per entity (`id` and GoalCounts columns) and the
 * metric's SQL over an entity's counts and goal counts.
 */
export interface GoalRanking {
  sums: SQL;
  expression: string;
}

const TOP_LISTS = {
  keywords: {
    table: 'keyword_report_facts',
    id: 'keyword_id',
    entityTable: 'keywords',
    name: 'e.text',
    matchType: 'e.match_type',
    adGroupId: 'coalesce(e.ad_group_id, 0)',
  },
  adGroups: {
    table: 'ad_group_report_facts',
    id: 'ad_group_id',
    entityTable: 'ad_groups',
    name: 'e.name',
    matchType: 'NULL::text',
    adGroupId: 't.id',
  },
} as const;

/**
 * The app's top entities of a period by one metric: counts grouped per entity, ranked in SQL
 * (undefined metrics last, ties by id), then named from the entity tables.
 */
export async function topEntities(
  db: Database,
  teamId: string,
  scope: AppScope,
  kind: keyof typeof TOP_LISTS,
  slices: readonly FactSlice[],
  query: TopListQuery,
  goalRanking?: GoalRanking,
): Promise<RankedEntity[]> {
  if (!slices.length) return [];
  const list = TOP_LISTS[kind];
  const rank = sql.raw(
    `${goalRanking?.expression ?? RANK_EXPRESSIONS[query.param]} ${query.sortDesc ? 'DESC' : 'ASC'} NULLS LAST, t.id`,
  );
  const id = { id: sql.raw(`f.${list.id}`) };
  // Ranked on the counts the metric needs, then summed in full for the ten only: the ranking
  // aggregates every entity-day of the app, the full sums ten entities' days, by primary key.
  const sums = countedSums(list.table, teamId, scope, slices, id, {
    fields: goalRanking
      ? (['localSpendMicros', 'totalInstalls'] as CountField[])
      : rankFields(query.param),
  });
  const ranking = goalRanking
    ? sql`SELECT a.*, coalesce(g."goals", 0) AS "goals",
        coalesce(g."goalsRevenueMicros", 0) AS "goalsRevenueMicros",
        coalesce(g."attrInstalls", 0) AS "attrInstalls"
      FROM (${sums}) a LEFT JOIN (${goalRanking.sums}) g ON g.id = a.id`
    : sums;
  const counted = countedSums(list.table, teamId, scope, slices, id, {
    filter: sql.raw(`AND f.${list.id} IN (SELECT id FROM ranked)`),
  });
  const rows = await rowsOf(
    db,
    sql`WITH ranked AS (SELECT t.id, row_number() OVER (ORDER BY ${rank}) AS position
        FROM (${ranking}) t ORDER BY ${rank} LIMIT ${TOP_LIST_SIZE}),
      top AS (${counted})
      SELECT t.*, coalesce(${sql.raw(list.name)}, '') AS name,
        ${sql.raw(list.matchType)} AS match_type, coalesce(e.campaign_id, 0) AS campaign_id,
        ${sql.raw(list.adGroupId)} AS ad_group_id, coalesce(c.name, '') AS campaign_name
      FROM top t
      LEFT JOIN ${sql.raw(list.entityTable)} e ON e.team_id = ${teamId}
        AND e.ad_account_id = ${scope.adAccountId} AND e.id = t.id
      LEFT JOIN campaigns c ON c.team_id = ${teamId}
        AND c.ad_account_id = ${scope.adAccountId} AND c.id = e.campaign_id
      JOIN ranked r ON r.id = t.id
      ORDER BY r.position`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    campaignId: Number(row.campaign_id),
    campaignName: String(row.campaign_name),
    adGroupId: Number(row.ad_group_id),
    matchType: row.match_type === null ? null : String(row.match_type),
    counts: countsOf(row),
  }));
}

/**
 * A campaign's placement: Apple runs a campaign in one supply source, so its facts split by
 * placement without a report of their own (and over its whole history, not the DAILY window).
 */
const CAMPAIGN_PLACEMENT = sql`coalesce((SELECT c.supply_sources[1] FROM campaigns c
  WHERE c.team_id = f.team_id AND c.ad_account_id = f.ad_account_id AND c.id = f.campaign_id),
  'UNKNOWN')`;

/** An app's counts per value of one breakdown dimension, for the period and the one before. */
export async function sumByBreakdown(
  db: Database,
  teamId: string,
  scope: AppScope,
  dimension: BreakdownDimension,
  slices: readonly FactSlice[],
): Promise<{ value: string; counts: MetricCounts; previous: MetricCounts }[]> {
  if (!slices.length) return [];
  const counted =
    dimension === 'placement'
      ? countedSums('campaign_report_facts', teamId, scope, slices, { value: CAMPAIGN_PLACEMENT })
      : countedSums(
          'campaign_breakdown_facts',
          teamId,
          scope,
          slices,
          { value: sql`f.value` },
          { filter: sql`AND f.dimension = ${dimension}` },
        );
  const rows = await rowsOf(db, counted);
  const byValue = new Map<
    string,
    { value: string; counts: MetricCounts; previous: MetricCounts }
  >();
  for (const row of rows) {
    const value = String(row.value);
    const entry = byValue.get(value) ?? {
      value,
      counts: countsOf(undefined),
      previous: countsOf(undefined),
    };
    if (Number(row.period) === 0) entry.counts = countsOf(row);
    else entry.previous = countsOf(row);
    byValue.set(value, entry);
  }
  return [...byValue.values()];
}

export interface OwnAppRow extends AppScope {
  name: string;
  adAccountName: string;
  currency: string;
  timeZone: string;
  /** Spend of each day of the account's last 30 days, in its currency (days without none). */
  spendByDay: Record<string, number>;
}

/**
 * Apps with synced campaigns in the company's ad accounts (adamId 0, Apple's placeholder, never),
 * by spend over the account's last 30 days, then by name: the order of apps of one currency
 * (overview.service.ts orders apps of several by their converted spend).
 */
export async function listOwnApps(db: Database, teamId: string): Promise<OwnAppRow[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT a.ad_account_id, a.adam_id, a.name, acc.name AS account_name, acc.currency,
          acc.time_zone, coalesce(spend.micros, 0)::float8 AS spend, spend.by_day
        FROM apps a
        JOIN ad_accounts acc ON acc.team_id = a.team_id AND acc.ad_account_id = a.ad_account_id
        CROSS JOIN LATERAL (
          SELECT sum(d.micros) AS micros, jsonb_object_agg(d.date, d.micros::float8) AS by_day
          FROM (
            SELECT f.date, sum(f.local_spend_micros) AS micros FROM campaign_report_facts f
            WHERE f.team_id = a.team_id AND f.adam_id = a.adam_id
              AND f.ad_account_id = a.ad_account_id AND f.grain = 'DAILY'
              AND f.date >= (now() AT TIME ZONE acc.time_zone)::date - 29
            GROUP BY f.date
          ) d
        ) spend
        WHERE a.team_id = ${teamId} AND a.adam_id <> 0
          AND EXISTS (SELECT 1 FROM campaigns c WHERE c.team_id = a.team_id
            AND c.ad_account_id = a.ad_account_id AND c.adam_id = a.adam_id)
        ORDER BY spend DESC, a.name, a.adam_id`,
  );
  return rows.map((row) => ({
    adAccountId: Number(row.ad_account_id),
    adamId: Number(row.adam_id),
    name: String(row.name),
    adAccountName: String(row.account_name),
    currency: String(row.currency),
    timeZone: String(row.time_zone),
    spendByDay: jsonRecord(row.by_day),
  }));
}

/** A jsonb object as both engines answer it (parsed, or as text by a driver that does not). */
function jsonRecord(value: unknown): Record<string, number> {
  if (value === null || value === undefined) return {};
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, number>;
}
