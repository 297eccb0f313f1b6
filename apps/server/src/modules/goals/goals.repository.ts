// Goals and the partner counts they read (docs/goals.md): the goals table, and attribution_daily
// summed for one goal per Apple Ads entity. Every function takes the company first.
import type {
  AttrEventName,
  DateRange,
  GoalCounts,
  GoalEventType,
  GoalInput,
  GoalMetricKey,
} from '@tapwise/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../analytics/overview.repository';
import { goals } from './goals.tables';
import { TEST_EVENT_NAME } from '../attribution/attribution.repository';

export type GoalRecord = typeof goals.$inferSelect;

/** A goal as listed: its app's name, its author's name and its status. */
export interface GoalListed extends GoalRecord {
  appName: string;
  createdByName: string | null;
  active: boolean;
}

export async function findGoal(
  db: Database,
  teamId: string,
  id: string,
): Promise<GoalRecord | undefined> {
  const [row] = await db
    .select()
    .from(goals)
    .where(and(eq(goals.teamId, teamId), eq(goals.id, id)));
  return row;
}

/** The goals of the company (of one app when given), by app then name. */
export async function listGoals(
  db: Database,
  teamId: string,
  filter: { adamId?: number; ids?: string[] } = {},
): Promise<GoalListed[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT g.*, coalesce((SELECT min(p.name) FROM apps p WHERE p.team_id = g.team_id
          AND p.adam_id = g.adam_id), g.adam_id::text) AS app_name,
        nullif(trim(u.first_name || ' ' || u.last_name), '') AS created_by_name,
        EXISTS (SELECT FROM attribution_daily d WHERE d.team_id = g.team_id
          AND d.adam_id = g.adam_id AND d.kind = 'event' AND d.event_type = ANY (g.events)) AS active
      FROM goals g LEFT JOIN users u ON u.id = g.created_by
      WHERE g.team_id = ${teamId}
        ${filter.adamId === undefined ? sql`` : sql`AND g.adam_id = ${filter.adamId}`}
        ${filter.ids ? sql`AND g.id = ANY (${textArray(filter.ids)}::uuid[])` : sql``}
      ORDER BY app_name, lower(g.name), g.id`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    teamId: String(row.team_id),
    adamId: Number(row.adam_id),
    name: String(row.name),
    type: row.type as GoalRecord['type'],
    events: row.events as GoalEventType[],
    daysSinceInstall: Number(row.days_since_install),
    createdBy: row.created_by === null ? null : String(row.created_by),
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
    appName: String(row.app_name),
    createdByName: row.created_by_name === null ? null : String(row.created_by_name),
    active: Boolean(row.active),
  }));
}

export async function insertGoal(
  db: Database,
  teamId: string,
  input: GoalInput,
  createdBy: string | null,
): Promise<GoalRecord> {
  const [row] = await db
    .insert(goals)
    .values({ ...goalColumns(input), teamId, createdBy })
    .returning();
  return row!;
}

export async function updateGoalRow(
  db: Database,
  teamId: string,
  id: string,
  input: GoalInput,
): Promise<GoalRecord | undefined> {
  const [row] = await db
    .update(goals)
    .set({ ...goalColumns(input), updatedAt: new Date() })
    .where(and(eq(goals.teamId, teamId), eq(goals.id, id)))
    .returning();
  return row;
}

export async function deleteGoalRow(db: Database, teamId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(goals)
    .where(and(eq(goals.teamId, teamId), eq(goals.id, id)))
    .returning({ id: goals.id });
  return deleted.length > 0;
}

const goalColumns = (input: GoalInput) => ({
  adamId: input.appId,
  name: input.name,
  type: input.type,
  events: input.events,
  daysSinceInstall: input.daysSinceInstall,
});

/** Whether another goal of the app has the name, whatever its case. */
export async function isGoalNameTaken(
  db: Database,
  teamId: string,
  adamId: number,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`SELECT 1 FROM goals WHERE team_id = ${teamId} AND adam_id = ${adamId}
      AND lower(name) = lower(${name.trim()})
      ${exceptId ? sql`AND id <> ${exceptId}::uuid` : sql``} LIMIT 1`,
  );
  return rows.length > 0;
}

export async function hasGoal(db: Database, teamId: string, adamId?: number): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`SELECT 1 FROM goals WHERE team_id = ${teamId}
      ${adamId === undefined ? sql`` : sql`AND adam_id = ${adamId}`} LIMIT 1`,
  );
  return rows.length > 0;
}

/** Whether the company has the app in one of its ad accounts. */
export async function isCompanyApp(db: Database, teamId: string, adamId: number) {
  const rows = await rowsOf(
    db,
    sql`SELECT 1 FROM apps WHERE team_id = ${teamId} AND adam_id = ${adamId} LIMIT 1`,
  );
  return rows.length > 0;
}

export async function findCampaignApp(
  db: Database,
  teamId: string,
  campaignId: number,
): Promise<number | undefined> {
  const [row] = await rowsOf(
    db,
    sql`SELECT adam_id FROM campaigns WHERE team_id = ${teamId} AND id = ${campaignId} LIMIT 1`,
  );
  return row ? Number(row.adam_id) : undefined;
}

/** The apps of the company's campaigns among `ids`, each once. */
export async function appsOfCampaigns(
  db: Database,
  teamId: string,
  ids: readonly number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await rowsOf(
    db,
    sql`SELECT DISTINCT adam_id FROM campaigns WHERE team_id = ${teamId}
      AND id = ANY (${`{${ids.join(',')}}`}::bigint[])`,
  );
  return rows.map((row) => Number(row.adam_id));
}

/** The event names the app's partners sent, with their counts and last day; test events left out. */
export async function listAppEventNames(
  db: Database,
  teamId: string,
  adamId: number,
): Promise<AttrEventName[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT d.event_name, d.event_type, d.kind, sum(d.count)::float8 AS count,
        max(d.day)::text AS last_day
      FROM attribution_daily d ${liveIntegrations(teamId, adamId)}
      WHERE d.team_id = ${teamId} AND d.adam_id = ${adamId} AND d.event_name <> ${TEST_EVENT_NAME}
      GROUP BY 1, 2, 3 ORDER BY 3, 1, 2`,
  );
  return rows.map((row) => ({
    name: String(row.event_name),
    eventType: row.event_type === null ? null : String(row.event_type),
    kind: row.kind === 'install' ? 'install' : 'event',
    count: Number(row.count),
    lastDay: String(row.last_day).slice(0, 10),
  }));
}

export interface AppEventDay {
  day: string;
  eventName: string;
  eventType: string | null;
  count: number;
  revenueMicros: number;
}

/** The app's Apple Ads-attributed events per day and name over the period. */
export async function listAppEventDays(
  db: Database,
  teamId: string,
  adamId: number,
  period: DateRange,
): Promise<AppEventDay[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT d.day::text AS day, d.event_name, d.event_type, sum(d.count)::float8 AS count,
        sum(d.revenue_micros::float8) AS revenue
      FROM attribution_daily d ${liveIntegrations(teamId, adamId)}
      WHERE d.team_id = ${teamId} AND d.adam_id = ${adamId} AND d.kind = 'event'
        AND d.network = 'APPLE_ADS' AND d.day BETWEEN ${period.start}::date AND ${period.end}::date
      GROUP BY 1, 2, 3 ORDER BY 1, 2`,
  );
  return rows.map((row) => ({
    day: String(row.day).slice(0, 10),
    eventName: String(row.event_name),
    eventType: row.event_type === null ? null : String(row.event_type),
    count: Number(row.count),
    revenueMicros: Number(row.revenue),
  }));
}

/** A PostgreSQL array literal of texts, one parameter whatever its length. */
export function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/** Keeps rows of the app's integrations that are not deleted (joined as `i`). */
const liveIntegrations = (teamId: string, adamId: number) =>
  sql`JOIN attribution_integrations i ON i.id = d.integration_id AND i.team_id = ${teamId}
    AND i.adam_id = ${adamId} AND i.status <> 'DELETED'`;

/** What a goal's counts need of it. */
export type GoalDefinition = Pick<GoalRecord, 'teamId' | 'adamId' | 'events' | 'daysSinceInstall'>;

/** The goal count columns every goal query answers, named as GoalCounts. */
export const GOAL_COUNT_FIELDS = ['goals', 'goalsRevenueMicros', 'attrInstalls'] as const;

/** Whether a row `d` is one of the goal's events within its window. */
export const isGoalEvent = (goal: GoalDefinition) =>
  sql`d.kind = 'event' AND d.event_type = ANY (${textArray(goal.events)}::text[])
    AND d.days_since_install <= ${goal.daysSinceInstall}`;

/** The goal's revenue over the rows `d`, each times `factor`. */
export const goalRevenue = (goal: GoalDefinition, factor: SQL) =>
  sql`coalesce(sum(d.revenue_micros::float8 * ${factor}) FILTER (WHERE ${isGoalEvent(goal)}), 0)`;

/**
 * The goal's counts over `d` (attribution_daily) as three sums named as GoalCounts: events of
 * its types within its window, their revenue, and the partner's installs (any day).
 */
export function goalSums(goal: GoalDefinition): SQL {
  return sql`coalesce(sum(d.count) FILTER (WHERE ${isGoalEvent(goal)}), 0)::float8 AS "goals",
    ${goalRevenue(goal, sql`1`)} AS "goalsRevenueMicros",
    coalesce(sum(d.count) FILTER (WHERE d.kind = 'install'), 0)::float8 AS "attrInstalls"`;
}

/**
 * The rows a goal counts over a period: the Apple Ads-attributed rows of its app from
 * integrations not deleted, joined to their campaign `c` (which names the ad account), so ids
 * of campaigns the company does not have and rows without a campaign count nowhere. `joins`
 * come before the conditions, `more` after them.
 */
export function goalRows(
  goal: GoalDefinition,
  period: DateRange,
  more: SQL = sql``,
  joins: SQL = sql``,
): SQL {
  return sql`attribution_daily d ${liveIntegrations(goal.teamId, goal.adamId)}
    JOIN campaigns c ON c.team_id = d.team_id AND c.id = d.campaign_id ${joins}
    WHERE d.team_id = ${goal.teamId} AND d.adam_id = ${goal.adamId} AND d.network = 'APPLE_ADS'
      AND d.day BETWEEN ${period.start}::date AND ${period.end}::date ${more}`;
}

/**
 * Goal metrics in SQL over a row's sums (the counts named as MetricCounts and GoalCounts), for
 * sorting and ranking; a test holds them to GOAL_METRICS.
 */
export const GOAL_RANK_EXPRESSIONS: Record<GoalMetricKey, string> = {
  goals: '"goals"',
  costPerGoal: '("localSpendMicros" / nullif("goals", 0))',
  goalRate: '("goals" / nullif("attrInstalls", 0))',
  revenuePerGoal: '("goalsRevenueMicros" / nullif("goals", 0))',
  goalsRevenue: '"goalsRevenueMicros"',
  goalsRoas: '("goalsRevenueMicros" / nullif("localSpendMicros", 0))',
  goalAMPU: '("goalsRevenueMicros" / nullif("attrInstalls", 0))',
  attrInstall: '"attrInstalls"',
  attrInstallRate: '("attrInstalls" / nullif("totalInstalls", 0))',
};

export const isGoalMetric = (key: string): key is GoalMetricKey => key in GOAL_RANK_EXPRESSIONS;

export function goalCountsOf(row: Record<string, unknown> | undefined, prefix = ''): GoalCounts {
  return {
    goals: Number(row?.[`${prefix}goals`] ?? 0),
    goalsRevenueMicros: Math.round(Number(row?.[`${prefix}goalsRevenueMicros`] ?? 0)),
    attrInstalls: Number(row?.[`${prefix}attrInstalls`] ?? 0),
  };
}

/** A goal's counts per day over the campaigns of one ad account (the overview's scope). */
export async function sumGoalByDay(
  db: Database,
  goal: GoalDefinition,
  adAccountId: number,
  period: DateRange,
): Promise<{ date: string; counts: GoalCounts }[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT d.day::text AS day, ${goalSums(goal)}
      FROM ${goalRows(goal, period, sql`AND c.ad_account_id = ${adAccountId}`)}
      GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((row) => ({ date: String(row.day).slice(0, 10), counts: goalCountsOf(row) }));
}

type GoalEntity = 'campaign_id' | 'ad_group_id' | 'keyword_id';

/** A goal's counts per entity id of one ad account (`id` and the GoalCounts columns). */
export function goalSumsByEntity(
  goal: GoalDefinition,
  adAccountId: number,
  period: DateRange,
  entity: GoalEntity,
  ids?: readonly number[],
): SQL {
  const column = sql.raw(`d.${entity}`);
  const only = ids
    ? sql`AND ${column} = ANY (${`{${ids.join(',')}}`}::bigint[])`
    : sql`AND ${column} <> 0`;
  return sql`SELECT ${column} AS id, ${goalSums(goal)}
    FROM ${goalRows(goal, period, sql`AND c.ad_account_id = ${adAccountId} ${only}`)}
    GROUP BY 1`;
}

export async function sumGoalByEntity(
  db: Database,
  goal: GoalDefinition,
  adAccountId: number,
  period: DateRange,
  entity: GoalEntity,
  ids?: readonly number[],
): Promise<Map<number, GoalCounts>> {
  if (ids?.length === 0) return new Map();
  const rows = await rowsOf(db, goalSumsByEntity(goal, adAccountId, period, entity, ids));
  return new Map(rows.map((row) => [Number(row.id), goalCountsOf(row)]));
}

/** Whether an ACTIVE integration of the goal's app has a row (any network) in the period. */
export async function hasPartnerRows(
  db: Database,
  goal: GoalDefinition,
  period: DateRange,
): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`SELECT 1 FROM attribution_daily d JOIN attribution_integrations i
        ON i.id = d.integration_id AND i.team_id = d.team_id AND i.status = 'ACTIVE'
      WHERE d.team_id = ${goal.teamId} AND d.adam_id = ${goal.adamId}
        AND d.day BETWEEN ${period.start}::date AND ${period.end}::date LIMIT 1`,
  );
  return rows.length > 0;
}

/** Whether the app has an ACTIVE partner integration. */
export async function hasActiveAttribution(
  db: Database,
  teamId: string,
  adamId: number,
): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`SELECT 1 FROM attribution_integrations WHERE team_id = ${teamId} AND adam_id = ${adamId}
      AND status = 'ACTIVE' LIMIT 1`,
  );
  return rows.length > 0;
}
