// Strategies and their timelines (docs/strategies.md): the only module code that touches
// strategies and strategy_timeline_entries. Every function takes the company first.
import type {
  StrategyInput,
  StrategyTarget,
  StrategyWindow,
  TimelineCategory,
} from '@tapwise/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../analytics/overview.repository';
import { pgArray } from '../attribution/event-store';
import { strategies, strategyTimelineEntries } from './strategies.tables';

export type StrategyRecord = typeof strategies.$inferSelect;

/** A live strategy as listed: its app's name and currency, its targets' names. */
export interface StrategyListed extends StrategyRecord {
  appName: string;
  currency: string;
  targetNames: Map<string, string>;
}

export const targetKey = (target: StrategyTarget) =>
  `${target.level}:${target.adAccountId}:${target.id}`;

/** The live strategies of the company (of one app, or these ids, when given), by name. */
export async function listStrategies(
  db: Database,
  teamId: string,
  filter: { adamId?: number; ids?: string[] } = {},
): Promise<StrategyListed[]> {
  const rows = await db
    .select()
    .from(strategies)
    .where(
      and(
        eq(strategies.teamId, teamId),
        eq(strategies.deleted, false),
        filter.adamId === undefined ? undefined : eq(strategies.adamId, filter.adamId),
        filter.ids ? sql`${strategies.id} = ANY (${pgArray(filter.ids)}::uuid[])` : undefined,
      ),
    )
    .orderBy(sql`lower(${strategies.name})`, strategies.id);
  const names = await targetNames(
    db,
    teamId,
    rows.flatMap((row) => row.targetEntities),
  );
  const apps = await appsOf(db, teamId);
  return rows.map((row) => {
    const account = row.targetEntities[0]?.adAccountId;
    const app = apps.get(`${account}:${row.adamId}`) ?? apps.get(String(row.adamId));
    return {
      ...row,
      appName: app?.name ?? String(row.adamId),
      currency: app?.currency ?? 'USD',
      targetNames: names,
    };
  });
}

/** App names and their ad accounts' currencies, by `adAccountId:adamId` and by adamId alone. */
async function appsOf(db: Database, teamId: string) {
  const rows = await rowsOf(
    db,
    sql`SELECT p.ad_account_id, p.adam_id, p.name, a.currency FROM apps p
        JOIN ad_accounts a ON a.team_id = p.team_id AND a.ad_account_id = p.ad_account_id
        WHERE p.team_id = ${teamId}`,
  );
  const apps = new Map<string, { name: string; currency: string }>();
  for (const row of rows) {
    const app = { name: String(row.name), currency: String(row.currency) };
    apps.set(`${row.ad_account_id}:${row.adam_id}`, app);
    if (!apps.has(String(row.adam_id))) apps.set(String(row.adam_id), app);
  }
  return apps;
}

/** The names of the targets the company has (a keyword's text), by targetKey. */
export async function targetNames(
  db: Database,
  teamId: string,
  targets: readonly StrategyTarget[],
): Promise<Map<string, string>> {
  if (targets.length === 0) return new Map();
  const column = (pick: (target: StrategyTarget) => string | number) => pgArray(targets.map(pick));
  const rows = await rowsOf(
    db,
    sql`SELECT t.level, t.ad_account_id, t.id, coalesce(c.name, g.name, k.text) AS name
        FROM unnest(${column((t) => t.level)}::text[], ${column((t) => t.adAccountId)}::bigint[],
          ${column((t) => t.id)}::bigint[]) AS t(level, ad_account_id, id)
        LEFT JOIN campaigns c ON t.level = 'CAMPAIGN' AND c.team_id = ${teamId}
          AND c.ad_account_id = t.ad_account_id AND c.id = t.id
        LEFT JOIN ad_groups g ON t.level = 'AD_GROUP' AND g.team_id = ${teamId}
          AND g.ad_account_id = t.ad_account_id AND g.id = t.id
        LEFT JOIN keywords k ON t.level = 'KEYWORD' AND k.team_id = ${teamId}
          AND k.ad_account_id = t.ad_account_id AND k.id = t.id
        WHERE coalesce(c.name, g.name, k.text) IS NOT NULL`,
  );
  return new Map(
    rows.map((row) => [
      targetKey({
        level: row.level as StrategyTarget['level'],
        adAccountId: Number(row.ad_account_id),
        id: Number(row.id),
      }),
      String(row.name),
    ]),
  );
}

/** Whether the targets are all the company's entities of the app. */
export async function areAppTargets(
  db: Database,
  teamId: string,
  adamId: number,
  targets: readonly StrategyTarget[],
): Promise<boolean> {
  const column = (pick: (target: StrategyTarget) => string | number) => pgArray(targets.map(pick));
  const [row] = await rowsOf(
    db,
    sql`SELECT count(*) AS found FROM unnest(${column((t) => t.level)}::text[],
          ${column((t) => t.adAccountId)}::bigint[], ${column((t) => t.id)}::bigint[])
          AS t(level, ad_account_id, id)
        JOIN campaigns c ON c.team_id = ${teamId} AND c.ad_account_id = t.ad_account_id
          AND c.adam_id = ${adamId}
          AND c.id = CASE t.level WHEN 'CAMPAIGN' THEN t.id
            WHEN 'AD_GROUP' THEN (SELECT g.campaign_id FROM ad_groups g WHERE g.team_id = ${teamId}
              AND g.ad_account_id = t.ad_account_id AND g.id = t.id)
            ELSE (SELECT k.campaign_id FROM keywords k WHERE k.team_id = ${teamId}
              AND k.ad_account_id = t.ad_account_id AND k.id = t.id) END`,
  );
  return Number(row?.found ?? 0) === new Set(targets.map(targetKey)).size;
}

export async function findStrategy(
  db: Database,
  teamId: string,
  id: string,
): Promise<StrategyRecord | undefined> {
  const [row] = await db
    .select()
    .from(strategies)
    .where(
      and(eq(strategies.teamId, teamId), eq(strategies.id, id), eq(strategies.deleted, false)),
    );
  return row;
}

export async function isStrategyNameTaken(
  db: Database,
  teamId: string,
  adamId: number,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: strategies.id })
    .from(strategies)
    .where(
      and(
        eq(strategies.teamId, teamId),
        eq(strategies.adamId, adamId),
        eq(strategies.deleted, false),
        sql`lower(${strategies.name}) = lower(${name})`,
        exceptId ? sql`${strategies.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

const columnsOf = (input: StrategyInput) => ({
  name: input.name,
  adamId: input.adamId,
  description: input.description,
  goals: input.goals,
  secondaryGoal: input.secondaryGoal ?? null,
  targetEntities: input.targetEntities,
});

export async function insertStrategy(
  db: Database,
  teamId: string,
  input: StrategyInput,
  createdBy: string,
): Promise<StrategyRecord> {
  const [row] = await db
    .insert(strategies)
    .values({ teamId, createdBy, ...columnsOf(input) })
    .returning();
  return row!;
}

export async function updateStrategyRow(
  db: Database,
  teamId: string,
  id: string,
  input: StrategyInput,
): Promise<void> {
  await db
    .update(strategies)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(and(eq(strategies.teamId, teamId), eq(strategies.id, id)));
}

/** Deleted strategies stay (spec 2 §3.7 `deleted`) with their timelines, unseen. */
export async function markStrategyDeleted(
  db: Database,
  teamId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(strategies)
    .set({ deleted: true, updatedAt: new Date() })
    .where(and(eq(strategies.teamId, teamId), eq(strategies.id, id), eq(strategies.deleted, false)))
    .returning({ id: strategies.id });
  return rows.length > 0;
}

/**
 * A deleted entry stays, marked, so a change of the activity log is not copied in again
 * (strategy_timeline_log_idx).
 */
export async function markTimelineEntryDeleted(
  db: Database,
  teamId: string,
  strategyId: string,
  timelineId: string,
): Promise<boolean> {
  const rows = await db
    .update(strategyTimelineEntries)
    .set({ deleted: true })
    .where(
      and(
        eq(strategyTimelineEntries.teamId, teamId),
        eq(strategyTimelineEntries.strategyId, strategyId),
        eq(strategyTimelineEntries.timelineId, timelineId),
        eq(strategyTimelineEntries.deleted, false),
      ),
    )
    .returning({ id: strategyTimelineEntries.timelineId });
  return rows.length > 0;
}

export async function insertNote(
  db: Database,
  teamId: string,
  note: {
    strategyId: string;
    description: string;
    category: TimelineCategory;
    source: string;
    occurredAt: Date;
    createdBy: string;
  },
) {
  const [row] = await db
    .insert(strategyTimelineEntries)
    .values({ teamId, ...note })
    .returning();
  return row!;
}

/** A target's ids as three arrays: campaigns, ad groups, keywords. */
function idsByLevel(targets: readonly StrategyTarget[]) {
  const of = (level: StrategyTarget['level']) =>
    pgArray(targets.filter((target) => target.level === level).map((target) => target.id));
  return { campaigns: of('CAMPAIGN'), adGroups: of('AD_GROUP'), keywords: of('KEYWORD') };
}

/**
 * What a recorded change is about: a rule's or script's change (source automation) is RULE,
 * others by the kind of change the log recorded (ACTIVITY_KINDS).
 */
const CATEGORY_OF_LOG = sql.raw(`CASE
    WHEN l.change->>'source' = 'automation' THEN 'RULE'
    WHEN l.log_type LIKE '%\\_bid\\_%' THEN 'BID'
    WHEN l.log_type LIKE '%budget%' THEN 'BUDGET'
    WHEN l.log_type ~ '_(paused|resumed|deleted)$' THEN 'STATUS'
    WHEN l.log_type ~ '^(campaign|ad_group|ad)_(created|updated)$' THEN 'CAMPAIGN'
    WHEN l.log_type ~ '^(negative_)?keyword_' THEN 'KEYWORD'
    ELSE 'OTHER' END`);

/** Logs older than the newest one copied are read again this far back (late commits). */
const COLLECT_OVERLAP = sql.raw(`interval '1 hour'`);

/**
 * Copies into the strategy's timeline, in one statement, every change of the activity log on a
 * target entity or on an entity under a target campaign or ad group (its parents read from the
 * synced entity tables), newer than the last copied less an overlap (all of them again after
 * the strategy was edited: its targets may have changed); entries already there (deleted ones
 * too) are kept as they are.
 */
export async function collectTimeline(
  db: Database,
  teamId: string,
  strategy: Pick<StrategyRecord, 'id' | 'targetEntities' | 'updatedAt'>,
): Promise<void> {
  const adAccountId = strategy.targetEntities[0]?.adAccountId;
  if (adAccountId === undefined) return;
  const ids = idsByLevel(strategy.targetEntities);
  await db.execute(sql`
    WITH changes AS (
      SELECT l.log_id, l.log_type, l.message, l.user_id, l.created_at, l.change,
        l.change->>'level' AS level,
        CASE WHEN l.change->>'entityId' ~ '^[0-9]{1,18}$' THEN (l.change->>'entityId')::bigint END
          AS entity_id
      FROM activity_logs l
      WHERE l.team_id = ${teamId} AND l.change IS NOT NULL
        AND l.change->>'adAccountId' = ${String(adAccountId)}
        AND l.created_at >= coalesce((SELECT max(e.occurred_at) - ${COLLECT_OVERLAP}
          FROM strategy_timeline_entries e WHERE e.team_id = ${teamId}
            AND e.strategy_id = ${strategy.id} AND e.log_id IS NOT NULL
            AND e.created_at >= ${strategy.updatedAt.toISOString()}::timestamptz), '-infinity')
    ),
    placed AS (
      SELECT l.*,
        CASE l.level WHEN 'campaign' THEN l.entity_id
          ELSE coalesce(k.campaign_id, g.campaign_id, n.campaign_id, a.campaign_id) END
          AS campaign_id,
        CASE l.level WHEN 'adGroup' THEN l.entity_id
          ELSE coalesce(k.ad_group_id, n.ad_group_id, a.ad_group_id) END AS ad_group_id,
        CASE l.level WHEN 'keyword' THEN l.entity_id END AS keyword_id
      FROM changes l
      LEFT JOIN keywords k ON l.level = 'keyword' AND k.team_id = ${teamId}
        AND k.ad_account_id = ${adAccountId} AND k.id = l.entity_id
      LEFT JOIN ad_groups g ON l.level = 'adGroup' AND g.team_id = ${teamId}
        AND g.ad_account_id = ${adAccountId} AND g.id = l.entity_id
      LEFT JOIN negative_keywords n ON l.level = 'negativeKeyword' AND n.team_id = ${teamId}
        AND n.ad_account_id = ${adAccountId} AND n.id = l.entity_id
      LEFT JOIN ads a ON l.level = 'ad' AND a.team_id = ${teamId}
        AND a.ad_account_id = ${adAccountId} AND a.id = l.entity_id
    )
    INSERT INTO strategy_timeline_entries (team_id, strategy_id, description, category, source,
      log_id, occurred_at, created_by)
    SELECT ${teamId}, ${strategy.id}, l.message, ${CATEGORY_OF_LOG},
      coalesce(l.change->>'source', 'adsManager'), l.log_id, l.created_at, l.user_id
    FROM placed l
    WHERE l.campaign_id = ANY (${ids.campaigns}::bigint[])
      OR l.ad_group_id = ANY (${ids.adGroups}::bigint[])
      OR l.keyword_id = ANY (${ids.keywords}::bigint[])
    ON CONFLICT (strategy_id, log_id) DO NOTHING`);
}

export interface TimelineRow {
  timelineId: string;
  description: string;
  category: TimelineCategory;
  source: string;
  occurredAt: Date;
  logId: string | null;
  createdBy: string | null;
}

/** A page of the strategy's live entries, newest first, of one category when given. */
export async function listTimeline(
  db: Database,
  teamId: string,
  strategyId: string,
  page: { category?: TimelineCategory; offset: number; limit: number },
): Promise<{ rows: TimelineRow[]; total: number }> {
  const where: SQL = sql`e.team_id = ${teamId} AND e.strategy_id = ${strategyId}
    AND NOT e.deleted ${page.category ? sql`AND e.category = ${page.category}` : sql``}`;
  const [rows, [count]] = await Promise.all([
    rowsOf(
      db,
      sql`SELECT e.timeline_id, e.description, e.category, e.source, e.occurred_at, e.log_id,
            nullif(trim(u.first_name || ' ' || u.last_name), '') AS created_by
          FROM strategy_timeline_entries e LEFT JOIN users u ON u.id = e.created_by
          WHERE ${where}
          ORDER BY e.occurred_at DESC, e.timeline_id
          LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    rowsOf(db, sql`SELECT count(*) AS total FROM strategy_timeline_entries e WHERE ${where}`),
  ]);
  return {
    total: Number(count?.total ?? 0),
    rows: rows.map((row) => ({
      timelineId: String(row.timeline_id),
      description: String(row.description),
      category: row.category as TimelineCategory,
      source: String(row.source),
      occurredAt: new Date(String(row.occurred_at)),
      logId: row.log_id === null ? null : String(row.log_id),
      createdBy: row.created_by === null ? null : String(row.created_by),
    })),
  };
}

/** A window of days to sum the targets' facts over, keyed by whoever asks. */
export interface FactWindow {
  key: string;
  start: string;
  end: string;
}

export type WindowTotals = Omit<StrategyWindow, 'start' | 'end' | 'partial'>;

/**
 * The targets' DAILY facts summed over each window, in one statement: campaign facts of target
 * campaigns, ad group facts of target ad groups outside them, keyword facts of target keywords
 * outside both, so an entity under another target is not counted twice. Windows without facts
 * are absent from the answer.
 */
export async function sumTargetFacts(
  db: Database,
  teamId: string,
  targets: readonly StrategyTarget[],
  windows: readonly FactWindow[],
): Promise<Map<string, WindowTotals>> {
  const adAccountId = targets[0]?.adAccountId;
  if (adAccountId === undefined || windows.length === 0) return new Map();
  const ids = idsByLevel(targets);
  const first = windows.reduce((min, w) => (w.start < min ? w.start : min), windows[0]!.start);
  const last = windows.reduce((max, w) => (w.end > max ? w.end : max), windows[0]!.end);
  const scope = (table: string) =>
    sql`FROM ${sql.raw(table)} f WHERE f.team_id = ${teamId} AND f.ad_account_id = ${adAccountId}
      AND f.grain = 'DAILY' AND f.date BETWEEN ${first}::date AND ${last}::date`;
  const counts = sql.raw(
    'f.date, f.impressions, f.taps, f.total_installs, f.tap_installs, f.local_spend_micros',
  );
  const rows = await rowsOf(
    db,
    sql`WITH w AS (
          SELECT * FROM unnest(${pgArray(windows.map((w) => w.key))}::text[],
            ${pgArray(windows.map((w) => w.start))}::date[],
            ${pgArray(windows.map((w) => w.end))}::date[]) AS w(key, start_day, end_day)
        ),
        facts AS (
          SELECT ${counts} ${scope('campaign_report_facts')}
            AND f.campaign_id = ANY (${ids.campaigns}::bigint[])
          UNION ALL
          SELECT ${counts} ${scope('ad_group_report_facts')}
            AND f.ad_group_id = ANY (${ids.adGroups}::bigint[])
            AND NOT f.campaign_id = ANY (${ids.campaigns}::bigint[])
          UNION ALL
          SELECT ${counts} ${scope('keyword_report_facts')}
            AND f.keyword_id = ANY (${ids.keywords}::bigint[])
            AND NOT f.ad_group_id = ANY (${ids.adGroups}::bigint[])
            AND NOT f.campaign_id = ANY (${ids.campaigns}::bigint[])
        )
        SELECT w.key, sum(f.impressions) AS impressions, sum(f.taps) AS taps,
          sum(f.total_installs) AS installs, sum(f.tap_installs) AS tap_installs,
          sum(f.local_spend_micros) AS spend_micros
        FROM w JOIN facts f ON f.date BETWEEN w.start_day AND w.end_day
        GROUP BY w.key`,
  );
  return new Map(
    rows.map((row) => [
      String(row.key),
      {
        impressions: Number(row.impressions),
        taps: Number(row.taps),
        installs: Number(row.installs),
        tapInstalls: Number(row.tap_installs),
        spendMicros: Number(row.spend_micros),
      },
    ]),
  );
}

/** Keywords of the ad groups, for the target picker. */
export async function listKeywordLookups(
  db: Database,
  teamId: string,
  adAccountId: number,
  adGroupIds: readonly number[],
) {
  if (adGroupIds.length === 0) return [];
  const rows = await rowsOf(
    db,
    sql`SELECT k.id, k.ad_group_id, k.text, k.match_type, k.deleted FROM keywords k
        WHERE k.team_id = ${teamId} AND k.ad_account_id = ${adAccountId}
          AND k.ad_group_id = ANY (${pgArray(adGroupIds)}::bigint[])
        ORDER BY lower(k.text), k.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    adGroupId: Number(row.ad_group_id),
    text: String(row.text),
    matchType: String(row.match_type),
    deleted: Boolean(row.deleted),
  }));
}
