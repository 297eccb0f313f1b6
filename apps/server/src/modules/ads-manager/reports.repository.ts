// The ads manager's report reads, every one filtered by the team first: a level's rows joined to
// their sums over the fact slices history-slices.ts picks per ad account (days from dailyFrom on,
// whole weeks or months before), then search, filters, sub tab, sort and page in SQL. One
// statement answers the page, the totals row and the sub tab counts. Each row also carries its
// spend in the reporting currency (`convertedSpendMicros`, each fact day at its own rate), which
// money sorts and filters compare and the converted total adds up.
import {
  GOAL_METRICS,
  METRIC_COUNT_FIELDS,
  METRICS,
  type GoalCounts,
  type EntityListTab,
  type MetricCounts,
  type MetricFilter,
  type ParsedReportQuery,
  type ReportLevel,
  type ReportRow,
  type ReportRowDetails,
  type ReportSortColumn,
} from '@tapwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { FactSlice } from '../analytics/history-slices';
import {
  GOAL_RANK_EXPRESSIONS,
  goalCountsOf,
  goalRevenue,
  goalRows,
  goalSums,
  type GoalDefinition,
} from '../goals/goals.repository';
import {
  COUNT_COLUMNS,
  countsOf,
  isoDateOf,
  RANK_EXPRESSIONS,
  rowsOf,
  slicesTotal,
  sliceSums,
} from '../analytics/overview.repository';
import {
  LEVELS,
  ROW_COLUMNS,
  type LevelDefinition,
  type RowColumn,
  type ScopeFilter,
} from './report-levels';

/** The fact slices of one ad account (each account keeps its own history bounds). */
export interface AccountSlices {
  adAccountId: number;
  currency: string;
  /** The apps of the account's campaigns: they let the scan use the (team, app, grain, date) index. */
  adamIds: number[];
  slices: FactSlice[];
  /**
   * How its spend reaches the reporting currency: it is in it already, or times each fact day's
   * factor (every day of the slices has one), or not at all (a day without a rate).
   */
  conversion: 'same' | DayFactors | null;
}

export interface DayFactors {
  days: string[];
  factors: number[];
}

/** Two PostgreSQL array literals, so any number of days travels as two parameters. */
const dayFactors = ({ days, factors }: DayFactors) =>
  sql`unnest(${`{${days.join(',')}}`}::date[], ${`{${factors.join(',')}}`}::float8[])`;

const CONVERTED = '"convertedSpendMicros"';

type Filter = ParsedReportQuery['filter'];

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
const inList = (column: string, values: readonly number[] | undefined) =>
  values?.length ? sql` AND ${sql.raw(column)} IN (${ids(values)})` : sql``;

/** The drill-down filters on the facts: every table has the app and campaign, most the ad group. */
function factScope(level: LevelDefinition, filter: Filter): SQL {
  return sql.join([
    inList('f.adam_id', filter.adamIds),
    inList('f.campaign_id', filter.campaignIds),
    level.facts?.hasAdGroup ? inList('f.ad_group_id', filter.adGroupIds) : sql``,
  ]);
}

/**
 * A DAILY slice from the running totals: per key, the total on its last day minus the total the
 * day before its first, two rows instead of one per day. Each campaign is read on the last day
 * its totals reach when that is earlier (no facts after it; mid-sync campaigns differ). A
 * campaign without running totals (facts stored before they existed, until its next sync) is
 * read from its facts.
 */
function runningTotalsArm(
  teamId: string,
  level: LevelDefinition,
  account: AccountSlices,
  slice: FactSlice,
  filter: Filter,
  keyColumns: SQL,
  groupBy: SQL,
): SQL {
  const facts = level.facts!;
  const totals = sql.raw(facts.runningTotals!);
  const columns = sql.raw(
    ['ad_account_id', 'adam_id', 'campaign_id', 'ad_group_id', 'keyword_id']
      .concat(METRIC_COUNT_FIELDS.map((field) => COUNT_COLUMNS[field]))
      .map((column) => `f.${column}`)
      .join(', '),
  );
  const sums = sql.raw(
    METRIC_COUNT_FIELDS.map(
      (field) => `coalesce(sum(f.${COUNT_COLUMNS[field]}::float8 * f.sign), 0) AS "${field}"`,
    ).join(', '),
  );
  const campaigns = sql`c.team_id = ${teamId} AND c.ad_account_id = ${account.adAccountId}`;
  return sql`SELECT ${keyColumns}, ${sums}, NULL::float8 AS ${sql.raw(CONVERTED)} FROM (
      SELECT ${columns}, e.sign FROM campaigns c
      CROSS JOIN LATERAL (SELECT max(t.date) AS kept FROM ${totals} t
        WHERE t.team_id = c.team_id AND t.campaign_id = c.id) m
      CROSS JOIN LATERAL (VALUES (least(${slice.to}::date, m.kept), 1),
        (least(${slice.from}::date - 1, m.kept), -1)) e(day, sign)
      JOIN ${totals} f ON f.team_id = c.team_id AND f.campaign_id = c.id AND f.date = e.day
      WHERE ${campaigns} AND f.ad_account_id = ${account.adAccountId} ${factScope(level, filter)}
      UNION ALL
      SELECT ${columns}, 1 FROM ${sql.raw(facts.table)} f
      WHERE f.team_id = ${teamId} AND f.ad_account_id = ${account.adAccountId}
        AND f.grain = 'DAILY' AND f.date BETWEEN ${slice.from}::date AND ${slice.to}::date
        AND f.campaign_id = ANY (ARRAY(SELECT c.id FROM campaigns c WHERE ${campaigns}
          AND NOT EXISTS (SELECT FROM ${totals} t WHERE t.team_id = c.team_id AND t.campaign_id = c.id)))
        ${factScope(level, filter)}
    ) f
    ${groupBy}`;
}

/**
 * The facts CTE: per ad account and key, the sums over the account's slices (one range scan per
 * slice, summed on its own, then added up within the account, or two rows per key from the
 * running totals for a DAILY slice).
 */
function factsQuery(
  teamId: string,
  level: LevelDefinition,
  accounts: readonly AccountSlices[],
  filter: Filter,
): SQL {
  const facts = level.facts;
  const keys: Record<string, string> = {
    ad_account_id: 'f.ad_account_id',
    key: facts?.key ?? 'NULL::bigint',
    ...facts?.extraKeys,
  };
  const aliases = Object.keys(keys);
  const keyColumns = sql.raw(aliases.map((alias) => `${keys[alias]} AS ${alias}`).join(', '));
  const groupBy = sql.raw(`GROUP BY ${aliases.map((_, index) => index + 1).join(', ')}`);
  // Per ad account, its slices' arms; keys carry the ad account, so accounts never share a key.
  // An account converted day by day joins its factors and cannot read the running totals, which
  // hold no day's own spend; the others carry no converted column (counted takes their spend).
  const arm = (account: AccountSlices, slice: FactSlice) => {
    const conversion = typeof account.conversion === 'object' ? account.conversion : null;
    if (!conversion && slice.grain === 'DAILY' && facts?.runningTotals)
      return runningTotalsArm(teamId, level, account, slice, filter, keyColumns, groupBy);
    const converted = conversion
      ? sql`sum(f.local_spend_micros::float8 * r.factor) AS ${sql.raw(CONVERTED)}`
      : sql.raw(`NULL::float8 AS ${CONVERTED}`);
    const factors = conversion
      ? sql`JOIN ${dayFactors(conversion)} r(day, factor) ON r.day = f.date`
      : sql``;
    return sql`SELECT ${keyColumns}, ${sliceSums(METRIC_COUNT_FIELDS)}, ${converted}
      FROM ${sql.raw(facts!.table)} f ${sql.raw(facts!.joins ?? '')} ${factors}
      WHERE f.team_id = ${teamId} AND f.adam_id IN (${ids(account.adamIds)})
        AND f.ad_account_id = ${account.adAccountId} AND f.grain = ${slice.grain}
        AND f.date BETWEEN ${slice.from}::date AND ${slice.to}::date
        ${factScope(level, filter)}
      ${groupBy}`;
  };
  const accountArms = facts
    ? accounts
        .filter((account) => account.adamIds.length > 0 && account.slices.length > 0)
        .map((account) => account.slices.map((slice) => arm(account, slice)))
    : [];
  if (accountArms.length === 0) {
    // No slice to read: an empty answer of the same columns.
    const zeros = sql.raw(
      [
        ...METRIC_COUNT_FIELDS.map((field) => `0::float8 AS "${field}"`),
        `NULL::float8 AS ${CONVERTED}`,
      ].join(', '),
    );
    return facts
      ? sql`SELECT ${keyColumns}, ${zeros} FROM ${sql.raw(facts.table)} f ${sql.raw(facts.joins ?? '')} WHERE false`
      : sql`SELECT NULL::bigint AS ad_account_id, NULL::bigint AS key, ${zeros} WHERE false`;
  }
  const outer = sql.raw(aliases.map((alias) => `u.${alias}`).join(', '));
  const accountSums = accountArms.map((arms) =>
    arms.length === 1
      ? arms[0]!
      : sql`SELECT ${outer}, ${slicesTotal(METRIC_COUNT_FIELDS)},
          sum(u.${sql.raw(CONVERTED)}) AS ${sql.raw(CONVERTED)}
        FROM (${sql.join(arms, sql` UNION ALL `)}) u GROUP BY ${outer}`,
  );
  return sql.join(accountSums, sql` UNION ALL `);
}

/** The goal count key of each level with partner ids (docs/goals.md); the others have none. */
const GOAL_KEYS: Partial<Record<ReportLevel, string>> = {
  accounts: 'c.ad_account_id',
  apps: 'd.adam_id',
  campaigns: 'd.campaign_id',
  adGroups: 'd.ad_group_id',
  keywords: 'd.keyword_id',
};

export const levelHasGoals = (level: ReportLevel) => GOAL_KEYS[level] !== undefined;

const CONVERTED_REVENUE = '"convertedGoalsRevenueMicros"';

/**
 * The goal's counts per ad account and level key over the period, one scan of the app's
 * attribution_daily rows, with the revenue also in the reporting currency (each day at the rate
 * its account's spend is converted at; accounts in that currency already at 1).
 */
function goalFactsQuery(
  level: ReportLevel,
  accounts: readonly AccountSlices[],
  query: ParsedReportQuery,
  goal: GoalDefinition,
  byDay = false,
): SQL {
  const daily = accounts.filter(
    (account) => typeof account.conversion === 'object' && account.conversion !== null,
  );
  const factorRows = daily.flatMap((account) => {
    const { days, factors } = account.conversion as DayFactors;
    return days.map((day, index) => [account.adAccountId, day, factors[index]!] as const);
  });
  const rates = factorRows.length
    ? sql`LEFT JOIN unnest(${`{${factorRows.map((row) => row[0]).join(',')}}`}::bigint[],
        ${`{${factorRows.map((row) => row[1]).join(',')}}`}::date[],
        ${`{${factorRows.map((row) => row[2]).join(',')}}`}::float8[]) r(ad_account_id, day, factor)
        ON r.ad_account_id = c.ad_account_id AND r.day = d.day`
    : sql``;
  const { filter } = query;
  const scope = sql.join([
    inList('c.ad_account_id', filter.adAccountIds),
    inList('d.adam_id', filter.adamIds),
    inList('d.campaign_id', filter.campaignIds),
    level === 'adGroups' || level === 'keywords'
      ? inList('d.ad_group_id', filter.adGroupIds)
      : sql``,
  ]);
  const key = sql.raw(GOAL_KEYS[level]!);
  const factor = factorRows.length ? sql`coalesce(r.factor, 1)` : sql`1`;
  const day = byDay ? sql`, d.day::text AS day` : sql``;
  return sql`SELECT c.ad_account_id, ${key} AS key ${day}, ${goalSums(goal)},
      ${goalRevenue(goal, factor)} AS ${sql.raw(CONVERTED_REVENUE)}
    FROM ${goalRows(goal, query.period, scope, rates)}
    GROUP BY ${sql.raw(byDay ? '1, 2, 3' : '1, 2')}`;
}

const SCOPE_COLUMNS: Record<ScopeFilter, { column: string; filter: keyof Filter }> = {
  adam: { column: 'r.adam_id', filter: 'adamIds' },
  campaign: { column: 'r.campaign_id', filter: 'campaignIds' },
  adGroup: { column: 'r.ad_group_id', filter: 'adGroupIds' },
};

/** Conditions on a level's rows: drill-down scope, match type and search. */
function rowConditions(level: LevelDefinition, query: ParsedReportQuery): SQL {
  const { filter } = query;
  return sql.join([
    inList('r.ad_account_id', filter.adAccountIds),
    ...level.scopes.map((scope) =>
      inList(SCOPE_COLUMNS[scope].column, filter[SCOPE_COLUMNS[scope].filter] as number[]),
    ),
    filter.matchType ? sql` AND r.match_type = ${filter.matchType}` : sql``,
    query.search ? sql` AND strpos(lower(r.name), lower(${query.search})) > 0` : sql``,
  ]);
}

/** A metric over a row's sums; money in the reporting currency. */
const metricExpression = (metric: keyof typeof RANK_EXPRESSIONS) =>
  METRICS[metric].kind === 'money'
    ? RANK_EXPRESSIONS[metric].replaceAll('"localSpendMicros"', CONVERTED)
    : RANK_EXPRESSIONS[metric];

/** A goal metric over a row's sums; money in the reporting currency (spend and revenue both). */
const goalMetricExpression = (metric: keyof typeof GOAL_RANK_EXPRESSIONS) =>
  GOAL_METRICS[metric].kind === 'money'
    ? GOAL_RANK_EXPRESSIONS[metric]
        .replaceAll('"localSpendMicros"', CONVERTED)
        .replaceAll('"goalsRevenueMicros"', CONVERTED_REVENUE)
    : GOAL_RANK_EXPRESSIONS[metric];

/** A metric filter in SQL over the row's sums; money is given in reporting currency units. */
function metricCondition(filter: MetricFilter): SQL {
  const value = sql.raw(metricExpression(filter.metric));
  const scale = METRICS[filter.metric].kind === 'money' ? 1_000_000 : 1;
  const bound = (amount: number) => sql`${amount * scale}::float8`;
  switch (filter.operator) {
    case 'GREATER_THAN':
      return sql` AND ${value} > ${bound(filter.value)}`;
    case 'LESS_THAN':
      return sql` AND ${value} < ${bound(filter.value)}`;
    case 'EQUALS':
      return sql` AND ${value} = ${bound(filter.value)}`;
    case 'BETWEEN':
      return sql` AND ${value} BETWEEN ${bound(filter.value)} AND ${bound(filter.to!)}`;
  }
}

/** The sub tab of a row, as entityListTabOf() says. */
const TAB = `CASE WHEN deleted THEN 'deleted' WHEN status = 'PAUSED' THEN 'paused' ELSE 'live' END`;

const ENTITY_SORT: Record<
  Exclude<ReportSortColumn, keyof typeof METRICS | keyof typeof GOAL_METRICS>,
  string
> = {
  name: 'lower(name)',
  status: 'status',
  bid: 'sort_bid',
  dailyBudget: 'sort_daily_budget',
  defaultBid: 'sort_default_bid',
  matchType: 'match_type',
};

/**
 * Sorted by the column or metric (undefined values last; money in the reporting currency), then
 * by id for a stable order.
 */
function orderBy(query: ParsedReportQuery): SQL {
  const column =
    query.sortBy in RANK_EXPRESSIONS
      ? metricExpression(query.sortBy as keyof typeof RANK_EXPRESSIONS)
      : query.sortBy in GOAL_RANK_EXPRESSIONS
        ? goalMetricExpression(query.sortBy as keyof typeof GOAL_RANK_EXPRESSIONS)
        : ENTITY_SORT[query.sortBy as keyof typeof ENTITY_SORT];
  return sql.raw(`${column} ${query.sortDesc ? 'DESC' : 'ASC'} NULLS LAST, ad_account_id, id`);
}

/**
 * The row columns every listed row carries (keys, sub tab, sort); the page's rows get the others
 * afterwards, so the 20,000 rows sorted and summed stay narrow.
 */
const LISTED_COLUMNS: readonly RowColumn[] = [
  'ad_account_id',
  'key',
  'id',
  'name',
  'status',
  'deleted',
  'sort_bid',
  'sort_daily_budget',
  'sort_default_bid',
  'match_type',
];
const listedColumns = sql.raw(LISTED_COLUMNS.map((column) => `r.${column}`).join(', '));
const pageColumns = sql.raw(
  ROW_COLUMNS.filter((column) => !LISTED_COLUMNS.includes(column))
    .map((column) => `r.${column}`)
    .join(', '),
);

const coalescedCounts = sql.raw(
  METRIC_COUNT_FIELDS.map((field) => `coalesce(fx."${field}", 0) AS "${field}"`).join(', '),
);

/**
 * A row's spend in the reporting currency: its own in that currency, the converted sum of an
 * account converted day by day, or null for an account without a rate for some day.
 */
function convertedSpend(
  accounts: readonly AccountSlices[],
  spend: string,
  converted: string,
  alias = CONVERTED,
) {
  const listOf = (pick: (account: AccountSlices) => boolean) =>
    accounts.filter(pick).map((account) => account.adAccountId);
  const unconvertible = listOf((account) => account.conversion === null);
  const daily = listOf(
    (account) => typeof account.conversion === 'object' && account.conversion !== null,
  );
  const when = (ids: number[], value: string) =>
    ids.length ? `WHEN r.ad_account_id IN (${ids.join(', ')}) THEN ${value} ` : '';
  const cases = when(unconvertible, 'NULL') + when(daily, `coalesce(${converted}, 0)`);
  const value = cases ? `CASE ${cases}ELSE coalesce(${spend}, 0) END` : `coalesce(${spend}, 0)`;
  return sql.raw(`${value}::float8 AS ${alias}`);
}

/**
 * The CTEs up to `listed`: the rows matching scope, search and metric filters (`matched`, with
 * their sub tab) and those of the asked sub tab (`listed`).
 */
function listedRows(
  teamId: string,
  levelName: ReportLevel,
  accounts: readonly AccountSlices[],
  query: ParsedReportQuery,
  facts: SQL,
  goal?: GoalDefinition,
): SQL {
  const level = LEVELS[levelName];
  const { statusTab, metrics } = query.filter;
  const converted = convertedSpend(accounts, 'fx."localSpendMicros"', `fx.${CONVERTED}`);
  const withGoal = goal && levelHasGoals(levelName);
  const goalFacts = withGoal
    ? sql`goal_facts AS (${goalFactsQuery(levelName, accounts, query, goal)}),`
    : sql``;
  const goalColumns = withGoal
    ? sql`, coalesce(gx."goals", 0) AS "goals",
        coalesce(gx."goalsRevenueMicros", 0) AS "goalsRevenueMicros",
        coalesce(gx."attrInstalls", 0) AS "attrInstalls",
        ${convertedSpend(accounts, 'gx."goalsRevenueMicros"', `gx.${CONVERTED_REVENUE}`, CONVERTED_REVENUE)}`
    : sql``;
  const goalJoin = withGoal
    ? sql`LEFT JOIN goal_facts gx ON gx.ad_account_id = r.ad_account_id AND gx.key = r.key`
    : sql``;
  return sql`facts AS (${facts}), ${goalFacts}
    counted AS (
      SELECT ${listedColumns}, ${coalescedCounts}, ${converted} ${goalColumns}
      FROM (${level.rows(teamId, false)}) r
      LEFT JOIN facts fx ON fx.ad_account_id = r.ad_account_id AND fx.key = r.key
      ${goalJoin}
      WHERE true ${rowConditions(level, query)}
    ),
    matched AS (
      SELECT *, ${sql.raw(TAB)} AS tab FROM counted WHERE true ${sql.join(metrics.map(metricCondition))}
    ),
    listed AS (SELECT * FROM matched WHERE ${inTab(statusTab)})`;
}

/** Whether a matched row is in the asked sub tab. */
const inTab = (statusTab: EntityListTab) =>
  statusTab === 'all' ? sql`true` : sql`tab = ${statusTab}`;

/** One ad account's sums over the listed rows: its own money, and in the reporting currency. */
export interface AccountSums {
  adAccountId: number;
  counts: MetricCounts;
  /** Null when the account has no rate for some day. */
  convertedSpendMicros: number | null;
  /** With a goal: its counts in the account's currency, and the revenue converted (or null). */
  goalCounts?: GoalCounts;
  convertedGoalsRevenueMicros?: number | null;
}

const GOAL_SUM_FIELDS = [
  'goals',
  'goalsRevenueMicros',
  'attrInstalls',
  'convertedGoalsRevenueMicros',
];

export interface ReportPageRows {
  rows: ReportRow[];
  total: number;
  /** The totals row's sums, per ad account (their currencies are never added here). */
  accountSums: AccountSums[];
  statusCounts: Record<EntityListTab, number>;
}

/** The listed rows' sums per ad account, as one JSON array: the totals row's parts. */
const accountSumsOf = (listed: SQL, withGoal: boolean) => {
  const sums = sql.raw(
    [...METRIC_COUNT_FIELDS, 'convertedSpendMicros', ...(withGoal ? GOAL_SUM_FIELDS : [])]
      .map((field) => `sum("${field}") AS "${field}"`)
      .join(', '),
  );
  return sql`(SELECT coalesce(json_agg(a), '[]'::json) FROM (
      SELECT ad_account_id, ${sums} FROM matched WHERE ${listed} GROUP BY ad_account_id
    ) a) AS account_sums`;
};

function accountSumsFrom(value: unknown): AccountSums[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Record<
    string,
    unknown
  >[];
  return rows.map((row) => ({
    adAccountId: Number(row.ad_account_id),
    counts: countsOf(row),
    convertedSpendMicros:
      row.convertedSpendMicros === null ? null : Number(row.convertedSpendMicros),
    ...('goals' in row
      ? {
          goalCounts: goalCountsOf(row),
          convertedGoalsRevenueMicros:
            row.convertedGoalsRevenueMicros === null
              ? null
              : Number(row.convertedGoalsRevenueMicros),
        }
      : {}),
  }));
}

/**
 * Runs a page's reads without JIT: the planner costs the statement past JIT's threshold, yet it
 * runs in tens of milliseconds, less than compiling it would take.
 */
export function withReportReads<T>(db: Database, read: (tx: Database) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return read(tx as unknown as Database);
  });
}

/** One page of a level's rows with the totals over every listed row and the sub tab counts. */
export async function findReportPage(
  db: Database,
  teamId: string,
  level: ReportLevel,
  accounts: readonly AccountSlices[],
  query: ParsedReportQuery,
  goal?: GoalDefinition,
): Promise<ReportPageRows> {
  const facts = factsQuery(teamId, LEVELS[level], accounts, query.filter);
  const page = query.limit === null ? sql`` : sql`LIMIT ${query.limit}`;
  const withGoal = goal !== undefined && levelHasGoals(level);
  const found = await rowsOf(
    db,
    sql`WITH ${listedRows(teamId, level, accounts, query, facts, goal)},
      page AS (
        SELECT *, row_number() OVER (ORDER BY ${orderBy(query)}) AS position
        FROM (SELECT * FROM listed ORDER BY ${orderBy(query)} ${page} OFFSET ${query.offset}) p
      ),
      stats AS (
        SELECT count(*) FILTER (WHERE ${inTab(query.filter.statusTab)})::int AS t_total,
          ${accountSumsOf(inTab(query.filter.statusTab), withGoal)},
          count(*)::int AS tab_all,
          count(*) FILTER (WHERE tab = 'live')::int AS tab_live,
          count(*) FILTER (WHERE tab = 'paused')::int AS tab_paused,
          count(*) FILTER (WHERE tab = 'deleted')::int AS tab_deleted
        FROM matched
      )
      SELECT stats.*, page.*, d.*
      FROM stats LEFT JOIN page ON true
      LEFT JOIN LATERAL (
        SELECT ${pageColumns} FROM (${LEVELS[level].rows(teamId, true)}) r
        WHERE r.ad_account_id = page.ad_account_id AND r.key = page.key
      ) d ON true
      ORDER BY page.position`,
  );
  const first = found[0] ?? {};
  return {
    rows: found
      .filter((row) => row.position !== null)
      .map((row) => ({
        ...reportRowOf(level, row),
        ...(withGoal ? { goalCounts: goalCountsOf(row) } : {}),
      })),
    total: Number(first.t_total ?? 0),
    accountSums: accountSumsFrom(first.account_sums),
    statusCounts: {
      all: Number(first.tab_all ?? 0),
      live: Number(first.tab_live ?? 0),
      paused: Number(first.tab_paused ?? 0),
      deleted: Number(first.tab_deleted ?? 0),
      draft: 0,
    },
  };
}

const numberOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value);
const textOrNull = (value: unknown) =>
  value === null || value === undefined ? null : String(value);

export function reportRowOf(level: ReportLevel, row: Record<string, unknown>): ReportRow {
  const details =
    typeof row.details === 'string' ? JSON.parse(row.details) : (row.details as object);
  return {
    level,
    id: String(row.id),
    name: String(row.name ?? ''),
    status: textOrNull(row.status),
    displayStatus: textOrNull(row.display_status),
    deleted: Boolean(row.deleted),
    modificationTime: textOrNull(row.modification_time),
    adAccountId: Number(row.ad_account_id),
    campaignId: numberOrNull(row.campaign_id),
    adGroupId: numberOrNull(row.ad_group_id),
    details: details as ReportRowDetails,
    counts: countsOf(row),
  };
}

/**
 * The fact rows of the period with their key and day (a coarse bucket dated on its first day
 * inside the period), not summed, each with its spend converted into the reporting currency where
 * its account is converted day by day: the chart sums them per day once, over the listed keys only.
 */
function datedFactRows(
  teamId: string,
  level: LevelDefinition,
  accounts: readonly AccountSlices[],
  query: ParsedReportQuery,
): SQL | undefined {
  const facts = level.facts;
  if (!facts) return undefined;
  const columns = sql.raw(
    [
      'f.ad_account_id',
      `${facts.key} AS key`,
      `greatest(f.date, '${query.period.start}'::date) AS day`,
      ...METRIC_COUNT_FIELDS.map((field) => `f.${COUNT_COLUMNS[field]}`),
    ].join(', '),
  );
  const arm = (account: AccountSlices, slice: FactSlice) => {
    const conversion = typeof account.conversion === 'object' ? account.conversion : null;
    const converted = conversion
      ? sql`f.local_spend_micros::float8 * r.factor`
      : sql.raw('NULL::float8');
    const factors = conversion
      ? sql`JOIN ${dayFactors(conversion)} r(day, factor) ON r.day = f.date`
      : sql``;
    return sql`SELECT ${columns}, ${converted} AS converted_spend
      FROM ${sql.raw(facts.table)} f ${sql.raw(facts.joins ?? '')} ${factors}
      WHERE f.team_id = ${teamId} AND f.adam_id IN (${ids(account.adamIds)})
        AND f.ad_account_id = ${account.adAccountId} AND f.grain = ${slice.grain}
        AND f.date BETWEEN ${slice.from}::date AND ${slice.to}::date
        ${factScope(level, query.filter)}`;
  };
  const arms = accounts
    .filter((account) => account.adamIds.length > 0)
    .flatMap((account) => account.slices.map((slice) => arm(account, slice)));
  return arms.length ? sql.join(arms, sql` UNION ALL `) : undefined;
}

/** The sums per fact date and account of the listed rows' facts; days without facts are left out. */
export async function findReportSeries(
  db: Database,
  teamId: string,
  level: ReportLevel,
  accounts: readonly AccountSlices[],
  query: ParsedReportQuery,
): Promise<({ date: string } & AccountSums)[]> {
  const definition = LEVELS[level];
  const dated = datedFactRows(teamId, definition, accounts, query);
  if (!dated) return [];
  const facts = factsQuery(teamId, definition, accounts, query.filter);
  // A fact row's spend in the reporting currency, as counted converts a row's.
  const converted = convertedSpend(
    accounts,
    'r.local_spend_micros',
    'r.converted_spend',
    'day_converted',
  );
  const rows = await rowsOf(
    db,
    sql`WITH ${listedRows(teamId, level, accounts, query, facts)}
      SELECT f.day::text AS day, f.ad_account_id, ${sliceSums(METRIC_COUNT_FIELDS)},
        sum(f.day_converted) AS ${sql.raw(CONVERTED)}
      FROM (SELECT r.*, ${converted} FROM (${dated}) r) f
      WHERE (f.ad_account_id, f.key) IN (SELECT ad_account_id, key FROM listed)
      GROUP BY f.day, f.ad_account_id ORDER BY f.day`,
  );
  return rows.map((row) => ({
    date: isoDateOf(row.day),
    adAccountId: Number(row.ad_account_id),
    counts: countsOf(row),
    convertedSpendMicros:
      row.convertedSpendMicros === null ? null : Number(row.convertedSpendMicros),
  }));
}

/**
 * The goal's counts per day and ad account over the listed rows (the chart's goal line), the
 * revenue also converted into the reporting currency day by day.
 */
export async function findReportGoalSeries(
  db: Database,
  teamId: string,
  level: ReportLevel,
  accounts: readonly AccountSlices[],
  query: ParsedReportQuery,
  goal: GoalDefinition,
): Promise<{ date: string; adAccountId: number; counts: GoalCounts; convertedRevenue: number }[]> {
  if (!levelHasGoals(level)) return [];
  const facts = factsQuery(teamId, LEVELS[level], accounts, query.filter);
  const rows = await rowsOf(
    db,
    sql`WITH ${listedRows(teamId, level, accounts, query, facts)}
      SELECT g.day, g.ad_account_id, sum(g."goals") AS "goals",
        sum(g."goalsRevenueMicros") AS "goalsRevenueMicros",
        sum(g."attrInstalls") AS "attrInstalls",
        sum(g.${sql.raw(CONVERTED_REVENUE)}) AS converted
      FROM (${goalFactsQuery(level, accounts, query, goal, true)}) g
      WHERE (g.ad_account_id, g.key) IN (SELECT ad_account_id, key FROM listed)
      GROUP BY 1, 2 ORDER BY 1`,
  );
  return rows.map((row) => ({
    date: isoDateOf(row.day),
    adAccountId: Number(row.ad_account_id),
    counts: goalCountsOf(row),
    convertedRevenue: Number(row.converted),
  }));
}

/** The company's ad accounts (those asked for) with their currency and the apps of their campaigns. */
export async function findReportAccounts(
  db: Database,
  teamId: string,
  adAccountIds: readonly number[] | undefined,
): Promise<{ adAccountId: number; currency: string; adamIds: number[] }[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT a.ad_account_id, a.currency, coalesce((SELECT array_agg(DISTINCT c.adam_id) FROM campaigns c
          WHERE c.team_id = a.team_id AND c.ad_account_id = a.ad_account_id), '{}') AS adam_ids
        FROM ad_accounts a WHERE a.team_id = ${teamId} ${inList('a.ad_account_id', adAccountIds)}
        ORDER BY a.ad_account_id`,
  );
  return rows.map((row) => ({
    adAccountId: Number(row.ad_account_id),
    currency: String(row.currency),
    adamIds: (row.adam_ids as unknown[]).map(Number),
  }));
}
