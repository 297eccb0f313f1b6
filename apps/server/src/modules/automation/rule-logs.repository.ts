// The read side of the rule logs: runs with their change counts and lifecycle events in one
// newest-first list, one run's changes, and the flat lines of the CSV export. Always by team.
import type {
  AutomationRuleKind,
  RuleChangeContext,
  RuleChangeEntry,
  RuleChangeStatus,
  RuleLogEntry,
  RuleRunTrigger,
  ruleRunsQuerySchema,
  ScriptLogLine,
} from '@tapwise/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { adGroups, campaigns } from '../ads-data/ads-entities.tables';
import { rowsOf } from '../analytics/overview.repository';
import { automationRuleChanges, automationRuleRuns, automationRules } from './automation.tables';

/** A log entry as the API serves it: its times as dates. */
export type RuleLogRow = Omit<RuleLogEntry, 'at' | 'finishedAt' | 'revertedAt'> & {
  at: Date;
  finishedAt: Date | null;
  revertedAt: Date | null;
  /** The rule's kind: a builder rule's entry, or a scripted rule's. */
  ruleKind: AutomationRuleKind;
  /** A script run's console output; null for anything else. */
  scriptLog: ScriptLogLine[] | null;
};

export type RuleChangeRow = Omit<RuleChangeEntry, 'appliedAt'> & { appliedAt: Date | null };
/** A change without where it is and why it matched, as the CSV export writes it. */
export type RuleChangeLine = Omit<RuleChangeRow, keyof RuleChangeContext | 'ruleId' | 'ruleName'>;

/** The filters of ruleRunsQuerySchema without paging, or one run by id. */
export type RuleLogFilters = Omit<z.output<typeof ruleRunsQuerySchema>, 'offset' | 'limit'> & {
  runId?: string;
};

const CHANGE_STATUS_COUNTS: Record<string, RuleChangeStatus> = {
  applied: 'APPLIED',
  planned: 'PLANNED',
  failed: 'FAILED',
  skipped: 'SKIPPED',
  reverted: 'REVERTED',
};

const utcDayStart = (date: string) => sql`((${date}::date)::timestamp AT TIME ZONE 'UTC')`;
const nextUtcDayStart = (date: string) =>
  sql`(((${date}::date) + 1)::timestamp AT TIME ZONE 'UTC')`;

/** The conditions both halves share: rule, statuses, the days (UTC) of their time. */
function commonFilters(filters: RuleLogFilters, time: SQL): SQL[] {
  const conditions: SQL[] = [];
  if (filters.ruleId) conditions.push(sql`rule_id = ${filters.ruleId}`);
  if (filters.statuses.length)
    conditions.push(
      sql`status IN (${sql.join(
        filters.statuses.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  if (filters.from) conditions.push(sql`${time} >= ${utcDayStart(filters.from)}`);
  if (filters.to) conditions.push(sql`${time} < ${nextUtcDayStart(filters.to)}`);
  return conditions;
}

const where = (conditions: SQL[]) => sql.join(conditions, sql` AND `);

/**
 * Runs and events as one list of the same columns. Events are never dry runs; asking for one run
 * leaves the events out.
 */
function logEntries(teamId: string, filters: RuleLogFilters): SQL {
  const runConditions = [sql`team_id = ${teamId}`, ...commonFilters(filters, sql`started_at`)];
  if (filters.dryRun !== undefined) runConditions.push(sql`dry_run = ${filters.dryRun}`);
  if (filters.runId) runConditions.push(sql`id = ${filters.runId}`);
  const runs = sql`SELECT id, 'RUN' AS kind, rule_id, rule_name, status, trigger, dry_run,
      evaluated, matched, message, started_at AS at, finished_at, reverted_at, script_log
    FROM automation_rule_runs WHERE ${where(runConditions)}`;
  if (filters.runId || filters.dryRun === true) return runs;
  const eventConditions = [sql`team_id = ${teamId}`, ...commonFilters(filters, sql`created_at`)];
  return sql`${runs} UNION ALL
    SELECT id, 'EVENT', rule_id, rule_name, status, NULL, false, 0, 0, NULL, created_at, NULL, NULL,
      NULL
    FROM automation_rule_events WHERE ${where(eventConditions)}`;
}

const countColumns = sql.join(
  Object.entries(CHANGE_STATUS_COUNTS).map(
    ([column, status]) =>
      sql`(count(*) FILTER (WHERE c.status = ${status}))::int AS ${sql.raw(column)}`,
  ),
  sql`, `,
);

function logRowOf(row: Record<string, unknown>): RuleLogRow {
  const counts = Object.fromEntries(
    Object.keys(CHANGE_STATUS_COUNTS).map((column) => [column, Number(row[column] ?? 0)]),
  ) as Pick<RuleLogEntry, 'applied' | 'planned' | 'failed' | 'skipped' | 'reverted'>;
  const entry = {
    id: String(row.id),
    kind: row.kind as RuleLogEntry['kind'],
    ruleId: String(row.rule_id),
    ruleName: String(row.rule_name),
    status: String(row.status),
    trigger: (row.trigger ?? null) as RuleRunTrigger | null,
    dryRun: Boolean(row.dry_run),
    evaluated: Number(row.evaluated),
    matched: Number(row.matched),
    ...counts,
    message: (row.message ?? null) as string | null,
    at: new Date(row.at as string | Date),
    finishedAt: row.finished_at ? new Date(row.finished_at as string | Date) : null,
    revertedAt: row.reverted_at ? new Date(row.reverted_at as string | Date) : null,
    ruleKind: (row.rule_kind ?? 'RULE') as AutomationRuleKind,
    scriptLog: (jsonOf(row.script_log) as ScriptLogLine[] | null) ?? null,
  };
  return {
    ...entry,
    revertible:
      entry.kind === 'RUN' &&
      entry.finishedAt !== null &&
      !entry.dryRun &&
      entry.revertedAt === null &&
      entry.applied > 0,
  };
}

/** One page of the log, newest first, with each run's change counts. */
async function readLogPage(
  db: Database,
  teamId: string,
  filters: RuleLogFilters,
  page: { offset: number; limit: number },
): Promise<RuleLogRow[]> {
  const rows = await rowsOf(
    db,
    sql`WITH entries AS (${logEntries(teamId, filters)}),
      page AS (SELECT * FROM entries ORDER BY at DESC, id DESC
               OFFSET ${page.offset} LIMIT ${page.limit})
      SELECT page.*, r.kind AS rule_kind, counts.* FROM page
      LEFT JOIN automation_rules r ON r.team_id = ${teamId} AND r.id = page.rule_id
      LEFT JOIN LATERAL (SELECT ${countColumns} FROM automation_rule_changes c
                         WHERE c.run_id = page.id AND c.team_id = ${teamId}) counts ON true
      ORDER BY page.at DESC, page.id DESC`,
  );
  return rows.map(logRowOf);
}

/** One page of the log and how many entries match in all. */
export async function listRuleLog(
  db: Database,
  teamId: string,
  filters: RuleLogFilters,
  page: { offset: number; limit: number },
): Promise<{ entries: RuleLogRow[]; total: number }> {
  const entries = await readLogPage(db, teamId, filters, page);
  const [total] = await rowsOf(
    db,
    sql`SELECT count(*)::int AS total FROM (${logEntries(teamId, filters)}) entries`,
  );
  return { entries, total: Number(total?.total ?? 0) };
}

export async function findRuleRun(
  db: Database,
  teamId: string,
  runId: string,
): Promise<RuleLogRow | undefined> {
  const [run] = await readLogPage(db, teamId, { statuses: [], runId }, { offset: 0, limit: 1 });
  return run;
}

const change = automationRuleChanges;

/**
 * Changes of the team matching `condition`, with their rule's name at the run and their
 * campaigns' and ad groups' names, in `order`, optionally one page of them.
 */
async function readChanges(
  db: Database,
  teamId: string,
  condition: SQL | undefined,
  order: SQL[],
  page?: { offset: number; limit: number },
): Promise<RuleChangeRow[]> {
  const query = db
    .select({
      change,
      ruleName: automationRuleRuns.ruleName,
      campaignName: campaigns.name,
      adGroupName: adGroups.name,
    })
    .from(change)
    .innerJoin(
      automationRuleRuns,
      and(eq(automationRuleRuns.teamId, change.teamId), eq(automationRuleRuns.id, change.runId)),
    )
    .leftJoin(
      campaigns,
      and(
        eq(campaigns.teamId, change.teamId),
        eq(campaigns.adAccountId, change.adAccountId),
        eq(campaigns.id, change.campaignId),
      ),
    )
    .leftJoin(
      adGroups,
      and(
        eq(adGroups.teamId, change.teamId),
        eq(adGroups.adAccountId, change.adAccountId),
        eq(adGroups.id, change.adGroupId),
      ),
    )
    .where(and(eq(change.teamId, teamId), condition))
    .orderBy(...order)
    .$dynamic();
  const rows = await (page ? query.offset(page.offset).limit(page.limit) : query);
  return rows.map((row) => ({
    id: row.change.id,
    runId: row.change.runId,
    ruleId: row.change.ruleId,
    ruleName: row.ruleName,
    adAccountId: row.change.adAccountId,
    level: row.change.level,
    entityId: row.change.entityId,
    entityName: row.change.entityName,
    campaignId: row.change.campaignId,
    campaignName: row.campaignName,
    adGroupId: row.change.adGroupId,
    adGroupName: row.adGroupName,
    matchedValues: row.change.matchedValues,
    action: row.change.action as RuleChangeEntry['action'],
    before: row.change.before ?? null,
    after: row.change.after ?? null,
    status: row.change.status,
    capped: row.change.capped,
    message: row.change.message,
    appliedAt: row.change.appliedAt,
    conversion: row.change.conversion ?? null,
  }));
}

/** A run's changes in the order they were planned. */
export async function listRunChanges(
  db: Database,
  teamId: string,
  runId: string,
): Promise<RuleChangeRow[]> {
  return readChanges(db, teamId, eq(change.runId, runId), [asc(change.createdAt), asc(change.id)]);
}

/** The team's rules of one kind (live or deleted: their changes stay in the logs). */
const rulesOfKind = (db: Database, teamId: string, kind: AutomationRuleKind) =>
  db
    .select({ id: automationRules.id })
    .from(automationRules)
    .where(and(eq(automationRules.teamId, teamId), eq(automationRules.kind, kind)));

/** One page of the changes scripted rules proposed, every status, newest first, and the total. */
export async function listScriptChanges(
  db: Database,
  teamId: string,
  page: { offset: number; limit: number },
): Promise<{ entries: RuleChangeRow[]; total: number }> {
  const ofScripts = inArray(change.ruleId, rulesOfKind(db, teamId, 'SCRIPT'));
  const entries = await readChanges(
    db,
    teamId,
    ofScripts,
    [desc(change.createdAt), desc(change.id)],
    page,
  );
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(change)
    .where(and(eq(change.teamId, teamId), ofScripts));
  return { entries, total: Number(total?.count ?? 0) };
}

/** One line of the CSV export: a change with its run, or a run without changes, or an event. */
export interface RuleLogLine {
  entry: RuleLogRow;
  change: RuleChangeLine | null;
}

/** Every line matching the filters, newest entry first, at most `limit`. */
export async function listRuleLogLines(
  db: Database,
  teamId: string,
  filters: RuleLogFilters,
  limit: number,
): Promise<RuleLogLine[]> {
  const rows = await rowsOf(
    db,
    sql`WITH entries AS (${logEntries(teamId, filters)})
      SELECT e.*, c.id AS change_id, c.ad_account_id, c.level, c.entity_id, c.entity_name,
             c.action, c.before, c.after, c.status AS change_status, c.capped,
             c.message AS change_message, c.applied_at, c.conversion
      FROM entries e
      LEFT JOIN automation_rule_changes c
        ON e.kind = 'RUN' AND c.run_id = e.id AND c.team_id = ${teamId}
      ORDER BY e.at DESC, e.id DESC, c.created_at, c.id
      LIMIT ${limit}`,
  );
  return rows.map((row) => ({ entry: logRowOf(row), change: lineChangeOf(row) }));
}

function lineChangeOf(row: Record<string, unknown>): RuleChangeLine | null {
  if (!row.change_id) return null;
  return {
    id: String(row.change_id),
    runId: String(row.id),
    adAccountId: Number(row.ad_account_id),
    level: String(row.level),
    entityId: String(row.entity_id),
    entityName: String(row.entity_name),
    action: row.action as RuleChangeEntry['action'],
    before: jsonOf(row.before),
    after: jsonOf(row.after),
    status: row.change_status as RuleChangeStatus,
    capped: Boolean(row.capped),
    message: (row.change_message ?? null) as string | null,
    appliedAt: row.applied_at ? new Date(row.applied_at as string | Date) : null,
    conversion: jsonOf(row.conversion) as RuleChangeEntry['conversion'],
  };
}

/** jsonb arrives parsed from both engines; a string would mean a driver that does not parse it. */
function jsonOf(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}
