// The rows a rule evaluates, set-based: one aggregate query returns every live entity of a level
// for a team (paused ones included) with its summed counts over one or several windows (one scan
// of the facts, a FILTER per window), LEFT JOINed so entities without facts count zero, plus what
// actions need (bid, daily budget, status, names, app).
import {
  METRIC_COUNT_FIELDS,
  type MetricCounts,
  type RuleScope,
  type RuleTarget,
} from '@tapwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { countsOf, rowsOf, sliceSums } from '../../analytics/overview.repository';
import type { ValuedRow } from './rule-evaluation';
import { coveringWindow, type FactWindow } from './rule-windows';

export interface RuleFactRow {
  target: RuleTarget;
  adAccountId: number;
  adamId: number;
  campaignId: number;
  adGroupId: number | null;
  keywordId: number | null;
  searchTermText: string | null;
  /** Apple's id; a search term's is "adGroupId:text". */
  entityId: string;
  name: string;
  status: string;
  /** Keyword bid (else its ad group's default bid), an ad group's default bid; null otherwise. */
  bidMicros: number | null;
  /** The daily budget of the row's campaign. */
  dailyBudgetMicros: number | null;
  currency: string;
  counts: MetricCounts;
}

const DAILY_TABLES: Record<RuleTarget, string> = {
  CAMPAIGN: 'campaign_report_facts',
  AD_GROUP: 'ad_group_report_facts',
  KEYWORD: 'keyword_report_facts',
  SEARCH_TERM: 'search_term_report_facts',
};
const HOURLY_TABLES: Partial<Record<RuleTarget, string>> = {
  CAMPAIGN: 'campaign_hourly_facts',
  AD_GROUP: 'ad_group_hourly_facts',
};

/** The facts of a window's buckets. */
const within = (window: FactWindow) =>
  window.grain === 'DAILY'
    ? sql`f.date BETWEEN ${window.from}::date AND ${window.to}::date`
    : sql`f.date + f.hour * interval '1 hour' > ${window.after}::timestamp`;

/** Window n's columns are named "wn.<field>"; a search term's "wn.facts" counts its fact rows. */
const prefixOf = (index: number) => `w${index}.`;

/**
 * The counts per entity key over each window, in one scan of the window holding them all (one
 * window needs no FILTER).
 */
function summedFacts(
  teamId: string,
  target: RuleTarget,
  windows: readonly FactWindow[],
  keys: readonly string[],
): SQL {
  const covering = coveringWindow(windows);
  const table = covering.grain === 'DAILY' ? DAILY_TABLES[target] : HOURLY_TABLES[target];
  if (!table) throw new Error(`No hourly facts for ${target}`);
  const keyList = sql.raw(keys.map((key) => `f.${key}`).join(', '));
  const daily = covering.grain === 'DAILY' ? sql`f.grain = 'DAILY' AND ` : sql``;
  const terms = target === 'SEARCH_TERM' ? sql` AND f.search_term_text <> ''` : sql``;
  const sums = windows.map((window, index) => {
    const filter = windows.length > 1 ? within(window) : undefined;
    const only = filter ? sql` FILTER (WHERE ${filter})` : sql``;
    const facts =
      target === 'SEARCH_TERM'
        ? sql`, count(*)${only} AS ${sql.raw(`"${prefixOf(index)}facts"`)}`
        : sql``;
    return sql`${sliceSums(METRIC_COUNT_FIELDS, { filter, prefix: prefixOf(index) })}${facts}`;
  });
  return sql`SELECT ${keyList}, ${sql.join(sums, sql`, `)}
    FROM ${sql.raw(table)} f WHERE f.team_id = ${teamId} AND ${daily}${within(covering)}${terms}
    GROUP BY ${keyList}`;
}

/** The windows' columns of the summed facts `s`. */
function windowColumns(target: RuleTarget, windows: number): SQL {
  const names = Array.from({ length: windows }, (_, index) => [
    ...METRIC_COUNT_FIELDS.map((field) => prefixOf(index) + field),
    ...(target === 'SEARCH_TERM' ? [`${prefixOf(index)}facts`] : []),
  ]).flat();
  return sql.raw(names.map((name) => `s."${name}"`).join(', '));
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

type ScopeColumns = Partial<Record<keyof RuleScope, string>>;

/**
 * Scope conditions on the columns a level has (ids of levels below the target do not narrow);
 * an empty list does not narrow either.
 */
function scopeFilter(scope: RuleScope | undefined, columns: ScopeColumns): SQL {
  if (!scope) return sql``;
  const parts = (Object.keys(columns) as (keyof RuleScope)[])
    .filter((key) => scope[key].length > 0)
    .map((key) => sql` AND ${sql.raw(columns[key]!)} IN (${idList(scope[key])})`);
  return sql.join(parts, sql``);
}

/** Which columns of a level's query hold each scope's ids. */
export const SCOPE_COLUMNS: Record<RuleTarget, ScopeColumns> = {
  CAMPAIGN: { adAccountIds: 'c.ad_account_id', adamIds: 'c.adam_id', campaignIds: 'c.id' },
  AD_GROUP: {
    adAccountIds: 'g.ad_account_id',
    adamIds: 'c.adam_id',
    campaignIds: 'g.campaign_id',
    adGroupIds: 'g.id',
  },
  KEYWORD: {
    adAccountIds: 'k.ad_account_id',
    adamIds: 'c.adam_id',
    campaignIds: 'k.campaign_id',
    adGroupIds: 'k.ad_group_id',
    keywordIds: 'k.id',
  },
  SEARCH_TERM: {
    adAccountIds: 's.ad_account_id',
    adamIds: 'c.adam_id',
    campaignIds: 's.campaign_id',
    adGroupIds: 's.ad_group_id',
    keywordIds: 's.keyword_id',
  },
};

/** The parents of a row must be live too. */
const LIVE_CAMPAIGN = sql.raw('NOT c.deleted');
const LIVE_AD_GROUP = sql.raw('NOT g.deleted');

function levelQuery(
  teamId: string,
  target: RuleTarget,
  windows: readonly FactWindow[],
  scope: RuleScope | undefined,
): SQL {
  const filter = scopeFilter(scope, SCOPE_COLUMNS[target]);
  const facts = (keys: string[]) => summedFacts(teamId, target, windows, keys);
  const sums = windowColumns(target, windows.length);
  switch (target) {
    case 'CAMPAIGN':
      return sql`SELECT c.ad_account_id, c.adam_id, c.id AS campaign_id, NULL AS ad_group_id,
          NULL AS keyword_id, NULL AS search_term_text, c.name, c.status, NULL AS bid_micros,
          c.daily_budget_micros, c.currency, ${sums}
        FROM campaigns c
        LEFT JOIN (${facts(['campaign_id'])}) s ON s.campaign_id = c.id
        WHERE c.team_id = ${teamId} AND NOT c.deleted${filter}`;
    case 'AD_GROUP':
      return sql`SELECT g.ad_account_id, c.adam_id, g.campaign_id, g.id AS ad_group_id,
          NULL AS keyword_id, NULL AS search_term_text, g.name, g.status,
          g.default_bid_micros AS bid_micros, c.daily_budget_micros, c.currency, ${sums}
        FROM ad_groups g
        JOIN campaigns c ON c.team_id = g.team_id AND c.ad_account_id = g.ad_account_id
          AND c.id = g.campaign_id AND ${LIVE_CAMPAIGN}
        LEFT JOIN (${facts(['ad_group_id'])}) s ON s.ad_group_id = g.id
        WHERE g.team_id = ${teamId} AND NOT g.deleted${filter}`;
    case 'KEYWORD':
      return sql`SELECT k.ad_account_id, c.adam_id, k.campaign_id, k.ad_group_id,
          k.id AS keyword_id, NULL AS search_term_text, k.text AS name, k.status,
          coalesce(k.bid_micros, g.default_bid_micros) AS bid_micros, c.daily_budget_micros,
          c.currency, ${sums}
        FROM keywords k
        JOIN ad_groups g ON g.team_id = k.team_id AND g.ad_account_id = k.ad_account_id
          AND g.id = k.ad_group_id AND ${LIVE_AD_GROUP}
        JOIN campaigns c ON c.team_id = k.team_id AND c.ad_account_id = k.ad_account_id
          AND c.id = k.campaign_id AND ${LIVE_CAMPAIGN}
        LEFT JOIN (${facts(['keyword_id'])}) s ON s.keyword_id = k.id
        WHERE k.team_id = ${teamId} AND NOT k.deleted${filter}`;
    case 'SEARCH_TERM':
      // Terms exist only through their facts: those with none in the window are not rows.
      return sql`SELECT s.ad_account_id, c.adam_id, s.campaign_id, s.ad_group_id, s.keyword_id,
          s.search_term_text, s.search_term_text AS name, 'ENABLED' AS status,
          CASE WHEN k.id IS NULL THEN NULL ELSE coalesce(k.bid_micros, g.default_bid_micros) END
            AS bid_micros,
          c.daily_budget_micros, c.currency, ${sums}
        FROM (${facts(['ad_account_id', 'campaign_id', 'ad_group_id', 'keyword_id', 'search_term_text'])}) s
        JOIN ad_groups g ON g.team_id = ${teamId} AND g.ad_account_id = s.ad_account_id
          AND g.id = s.ad_group_id AND ${LIVE_AD_GROUP}
        JOIN campaigns c ON c.team_id = ${teamId} AND c.ad_account_id = s.ad_account_id
          AND c.id = s.campaign_id AND ${LIVE_CAMPAIGN}
        LEFT JOIN keywords k ON k.team_id = ${teamId} AND k.ad_account_id = s.ad_account_id
          AND k.id = s.keyword_id AND NOT k.deleted
        WHERE true${filter}`;
  }
}

const numberOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value);

function entityIdOf(target: RuleTarget, row: Record<string, unknown>): string {
  switch (target) {
    case 'CAMPAIGN':
      return String(Number(row.campaign_id));
    case 'AD_GROUP':
      return String(Number(row.ad_group_id));
    case 'KEYWORD':
      return String(Number(row.keyword_id));
    case 'SEARCH_TERM':
      return `${Number(row.ad_group_id)}:${String(row.search_term_text)}`;
  }
}

/**
 * Windows one query sums at most: each adds eleven columns (PostgreSQL allows 1,664) and their
 * FILTERs on every fact row.
 */
export const WINDOWS_PER_QUERY = 16;

/**
 * Every row of a level for a team over each window (of one grain), with its summed counts: a
 * batch reads its rules' windows of a level together, WINDOWS_PER_QUERY at a time. `scope`
 * narrows in SQL when one rule is evaluated (a batch filters one unscoped answer in memory
 * instead).
 */
export async function loadRuleFactsByWindow(
  db: Database,
  teamId: string,
  target: RuleTarget,
  windows: readonly FactWindow[],
  scope?: RuleScope,
): Promise<RuleFactRow[][]> {
  if (windows.length > WINDOWS_PER_QUERY) {
    const rows: RuleFactRow[][] = [];
    for (let start = 0; start < windows.length; start += WINDOWS_PER_QUERY)
      rows.push(
        ...(await loadRuleFactsByWindow(
          db,
          teamId,
          target,
          windows.slice(start, start + WINDOWS_PER_QUERY),
          scope,
        )),
      );
    return rows;
  }
  // A month of search terms groups a million rows: enough memory to hash them rather than sort
  // on disk (64 MB a window's sums, up to 256 MB), and no JIT compilation that costs more than it
  // saves here.
  const workMem = `${Math.min(64 * windows.length, 256)}MB`;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = ${sql.raw(`'${workMem}'`)}`);
    await tx.execute(sql`SET LOCAL jit = off`);
    return rowsOf(tx as unknown as Database, levelQuery(teamId, target, windows, scope));
  });
  const entities = rows.map((row) => entityOf(target, row));
  return windows.map((_, index) => {
    const prefix = prefixOf(index);
    const facts = `${prefix}facts`;
    const windowRows: RuleFactRow[] = [];
    for (const [position, row] of rows.entries())
      // Search terms exist only through their facts: a term without any in this window is no row.
      if (target !== 'SEARCH_TERM' || Number(row[facts]) > 0)
        windowRows.push({ ...entities[position]!, counts: countsOf(row, prefix) });
    return windowRows;
  });
}

/** Every row of a level for a team over one window: loadRuleFactsByWindow for one window. */
export async function loadRuleFacts(
  db: Database,
  teamId: string,
  target: RuleTarget,
  window: FactWindow,
  scope?: RuleScope,
): Promise<RuleFactRow[]> {
  const [rows] = await loadRuleFactsByWindow(db, teamId, target, [window], scope);
  return rows!;
}

/** A row's entity: everything but its counts. */
function entityOf(target: RuleTarget, row: Record<string, unknown>): Omit<RuleFactRow, 'counts'> {
  return {
    target,
    adAccountId: Number(row.ad_account_id),
    adamId: Number(row.adam_id),
    campaignId: Number(row.campaign_id),
    adGroupId: numberOrNull(row.ad_group_id),
    keywordId: numberOrNull(row.keyword_id),
    searchTermText: row.search_term_text === null ? null : String(row.search_term_text),
    entityId: entityIdOf(target, row),
    name: String(row.name),
    status: String(row.status),
    bidMicros: numberOrNull(row.bid_micros),
    dailyBudgetMicros: numberOrNull(row.daily_budget_micros),
    currency: String(row.currency),
  };
}

const ROW_IDS: Record<keyof RuleScope, (row: RuleFactRow) => number | null> = {
  adAccountIds: (row) => row.adAccountId,
  adamIds: (row) => row.adamId,
  campaignIds: (row) => row.campaignId,
  adGroupIds: (row) => row.adGroupId,
  keywordIds: (row) => row.keywordId,
};

/** A group's rows with their values, indexed by campaign and by app for scoped rules. */
export interface IndexedRows {
  all: ValuedRow[];
  byCampaign: Map<number, ValuedRow[]>;
  byApp: Map<number, ValuedRow[]>;
}

function indexBy(rows: readonly ValuedRow[], key: (row: RuleFactRow) => number) {
  const index = new Map<number, ValuedRow[]>();
  for (const entry of rows) {
    const list = index.get(key(entry.row));
    if (list) list.push(entry);
    else index.set(key(entry.row), [entry]);
  }
  return index;
}

export function indexRows(rows: ValuedRow[]): IndexedRows {
  return {
    all: rows,
    byCampaign: indexBy(rows, (row) => row.campaignId),
    byApp: indexBy(rows, (row) => row.adamId),
  };
}

/**
 * The rows of one rule's scope among a group's rows: levelQuery's scope filter, in memory. The
 * rows of its campaigns (else apps) come from the index; the other lists of ids become sets once,
 * rather than being searched for every row of every rule.
 */
export function rowsInScope(rows: IndexedRows, scope: RuleScope): readonly ValuedRow[] {
  const target = rows.all[0]?.row.target;
  if (!target) return [];
  const [indexed, index] = scope.campaignIds.length
    ? (['campaignIds', rows.byCampaign] as const)
    : scope.adamIds.length
      ? (['adamIds', rows.byApp] as const)
      : [null, null];
  const ids = indexed ? [...new Set(scope[indexed])] : [];
  const candidates = !index
    ? rows.all
    : ids.length === 1
      ? (index.get(ids[0]!) ?? [])
      : ids.flatMap((id) => index.get(id) ?? []);
  const narrowing = (Object.keys(SCOPE_COLUMNS[target]) as (keyof RuleScope)[])
    .filter((key) => key !== indexed && scope[key].length > 0)
    .map((key) => ({ idOf: ROW_IDS[key], ids: new Set(scope[key]) }));
  if (narrowing.length === 0) return candidates;
  return candidates.filter(({ row }) =>
    narrowing.every(({ idOf, ids }) => ids.has(idOf(row) ?? -1)),
  );
}
