// The engine's reads and writes of rules, runs and changes, and the kill switches. Every function
// takes the team first, except the two the job runner uses to find its work across companies.
import type { AutomationRuleStatus, RuleChangeStatus, ScriptLogLine } from '@tapwise/contracts';
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Config } from '../../../platform/config';
import type { Database } from '../../../platform/db/database';
import { claimableBy } from '../../../platform/jobs/worker-processes.repository';
import { readSetting } from '../../accounts/accounts.repository';
import { scheduledWorkAllowedSql } from '../../billing/billing-status';
import { keywords, negativeKeywords } from '../../ads-data/ads-entities.tables';
import {
  automationRuleChanges,
  automationRuleRuns,
  automationRules,
  automationSettings,
} from '../automation.tables';

export type RuleRow = typeof automationRules.$inferSelect;
export type RunRow = typeof automationRuleRuns.$inferSelect;
export type ChangeRow = typeof automationRuleChanges.$inferSelect;
export type NewChange = Omit<typeof automationRuleChanges.$inferInsert, 'teamId'>;

/** The platform setting that switches automation off for every company. */
export const GLOBAL_KILL_SWITCH_KEY = 'automationKillSwitch';

export async function findLiveRule(
  db: Database,
  teamId: string,
  ruleId: string,
): Promise<RuleRow | null> {
  const [row] = await db
    .select()
    .from(automationRules)
    .where(
      and(
        eq(automationRules.teamId, teamId),
        eq(automationRules.id, ruleId),
        isNull(automationRules.deletedAt),
      ),
    );
  return row ?? null;
}

/** How long a claimed rule is left to its batch before another batch may take it again. */
const CLAIM_LEASE_MS = 30 * 60_000;

/**
 * Takes the enabled rules due at `now` (of one team, or of every team for the scheduler) for one
 * batch: their next run moves past the lease at once, so a batch running beside it (the scheduler
 * and a finished sync, two workers) does not run them too. The batch sets the real next run when
 * it finishes; a batch that dies leaves them due again after the lease. The rows keep the next
 * run they were due at. With billing on, a cancelled company's rules are not taken, nor the
 * scripts of a company whose plan lacks scripted rules; they stay due and run once it pays.
 */
export async function claimDueRules(
  db: Database,
  config: Pick<Config, 'billing'>,
  now: Date,
  teamId?: string,
  workerId: string | null = null,
): Promise<RuleRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(automationRules)
      .where(
        and(
          teamId ? eq(automationRules.teamId, teamId) : undefined,
          eq(automationRules.enabled, true),
          isNull(automationRules.deletedAt),
          lte(automationRules.nextRunAt, now),
          // A company with scripted rules off runs none of its scripts on schedule or after sync.
          sql`(${automationRules.kind} <> 'SCRIPT' OR EXISTS (SELECT 1 FROM ${automationSettings}
            WHERE ${automationSettings.teamId} = ${automationRules.teamId}
            AND ${automationSettings.scriptsEnabled}))`,
          scheduledWorkAllowedSql(config, automationRules.teamId, now, {
            name: 'scriptedRules',
            neededWhen: sql`${automationRules.kind} = 'SCRIPT'`,
          }),
        ),
      )
      .orderBy(asc(automationRules.teamId), asc(automationRules.createdAt))
      .for('update', { skipLocked: true });
    if (due.length > 0)
      await tx
        .update(automationRules)
        .set({ nextRunAt: new Date(now.getTime() + CLAIM_LEASE_MS), claimedBy: workerId })
        .where(
          inArray(
            automationRules.id,
            due.map((rule) => rule.id),
          ),
        );
    return due;
  });
}

export async function recordRuleRun(
  db: Database,
  teamId: string,
  ruleId: string,
  values: { lastRunAt: Date; lastRunStatus: AutomationRuleStatus; nextRunAt: Date | null },
): Promise<void> {
  await db
    .update(automationRules)
    .set({ ...values, claimedBy: null })
    .where(and(eq(automationRules.teamId, teamId), eq(automationRules.id, ruleId)));
}

type NewRun = Omit<typeof automationRuleRuns.$inferInsert, 'teamId' | 'status'>;

/** The run of this rule and key: a new PENDING one, or the one a previous attempt created. */
export async function insertRun(db: Database, teamId: string, values: NewRun): Promise<RunRow> {
  return (await insertRunOnce(db, teamId, values)).run;
}

/** insertRun, telling whether the run is new (then nothing of it is recorded yet). */
async function insertRunOnce(
  db: Database,
  teamId: string,
  values: NewRun,
): Promise<{ run: RunRow; created: boolean }> {
  const [created] = await db
    .insert(automationRuleRuns)
    .values({ ...values, teamId, status: 'PENDING' })
    .onConflictDoNothing()
    .returning();
  if (created) return { run: created, created: true };
  const [existing] = await db
    .select()
    .from(automationRuleRuns)
    .where(
      and(
        eq(automationRuleRuns.teamId, teamId),
        eq(automationRuleRuns.ruleId, values.ruleId),
        eq(automationRuleRuns.runKey, values.runKey),
      ),
    );
  return { run: existing!, created: false };
}

/** A run by id alone: the job that executes it carries only the id. */
/**
 * Takes an unfinished run for `workerId` unless another live worker holds it. Answers the run, or
 * null when it is finished or held by a live worker.
 */
export async function claimRun(
  db: Database,
  runId: string,
  workerId: string | null,
): Promise<RunRow | null> {
  const [row] = await db
    .update(automationRuleRuns)
    .set({ workerId })
    .where(
      and(
        eq(automationRuleRuns.id, runId),
        isNull(automationRuleRuns.finishedAt),
        claimableBy(automationRuleRuns.workerId, workerId),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * What lost workers left: their unfinished runs (released, to be resumed by a job each) and the
 * rules their batches had leased without starting a run yet (due again at once). Every company.
 */
export async function releaseWorkOfWorkers(db: Database, workerIds: string[]) {
  if (workerIds.length === 0) return { runs: [], rules: 0 };
  const runs = await db
    .update(automationRuleRuns)
    .set({ workerId: null })
    .where(
      and(inArray(automationRuleRuns.workerId, workerIds), isNull(automationRuleRuns.finishedAt)),
    )
    .returning({ id: automationRuleRuns.id, ruleId: automationRuleRuns.ruleId });
  const withRun = runs.map((run) => run.ruleId);
  const rules = await db
    .update(automationRules)
    .set({ nextRunAt: sql`now()`, claimedBy: null })
    .where(
      and(
        inArray(automationRules.claimedBy, workerIds),
        gt(automationRules.nextRunAt, sql`now()`),
        withRun.length ? sql`${automationRules.id} not in ${withRun}` : undefined,
      ),
    )
    .returning({ id: automationRules.id });
  return { runs, rules: rules.length };
}

export async function findRunById(db: Database, runId: string): Promise<RunRow | null> {
  const [row] = await db.select().from(automationRuleRuns).where(eq(automationRuleRuns.id, runId));
  return row ?? null;
}

export async function findRun(db: Database, teamId: string, runId: string): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(automationRuleRuns)
    .where(and(eq(automationRuleRuns.teamId, teamId), eq(automationRuleRuns.id, runId)));
  return row ?? null;
}

export async function updateRun(
  db: Database,
  teamId: string,
  runId: string,
  values: Partial<typeof automationRuleRuns.$inferInsert>,
): Promise<void> {
  await db
    .update(automationRuleRuns)
    .set(values)
    .where(and(eq(automationRuleRuns.teamId, teamId), eq(automationRuleRuns.id, runId)));
}

export interface KillSwitches {
  killSwitch: boolean;
  globalKillSwitch: boolean;
}

export async function readKillSwitches(db: Database, teamId: string): Promise<KillSwitches> {
  const [settings] = await db
    .select({ killSwitch: automationSettings.killSwitch })
    .from(automationSettings)
    .where(eq(automationSettings.teamId, teamId));
  const global = await readSetting<boolean>(db, GLOBAL_KILL_SWITCH_KEY);
  return { killSwitch: settings?.killSwitch ?? false, globalKillSwitch: global === true };
}

export async function findChangeByKey(
  db: Database,
  teamId: string,
  idempotencyKey: string,
): Promise<ChangeRow | null> {
  const [row] = await db
    .select()
    .from(automationRuleChanges)
    .where(
      and(
        eq(automationRuleChanges.teamId, teamId),
        eq(automationRuleChanges.idempotencyKey, idempotencyKey),
      ),
    );
  return row ?? null;
}

/** Inserts a change unless its key exists (a retried run); answers the stored row either way. */
export async function insertChange(
  db: Database,
  teamId: string,
  values: NewChange,
): Promise<ChangeRow> {
  const [created] = await db
    .insert(automationRuleChanges)
    .values({ ...values, teamId })
    .onConflictDoNothing()
    .returning();
  return created ?? (await findChangeByKey(db, teamId, values.idempotencyKey))!;
}

/**
 * Many decided changes in few statements (a dry run may plan thousands): one JSON parameter per
 * chunk, expanded by the database, rather than thousands of bound values.
 */
export async function insertChanges(
  db: Database,
  teamId: string,
  values: readonly NewChange[],
): Promise<void> {
  for (let start = 0; start < values.length; start += 5000) {
    const chunk = values.slice(start, start + 5000).map((change) => ({
      run_id: change.runId,
      rule_id: change.ruleId,
      ad_account_id: change.adAccountId,
      level: change.level,
      entity_id: change.entityId,
      entity_name: change.entityName,
      campaign_id: change.campaignId ?? null,
      ad_group_id: change.adGroupId ?? null,
      matched_values: change.matchedValues ?? null,
      action: change.action,
      before: change.before ?? null,
      after: change.after ?? null,
      status: change.status,
      capped: change.capped ?? false,
      message: change.message ?? null,
      conversion: change.conversion ?? null,
      idempotency_key: change.idempotencyKey,
    }));
    await db.execute(sql`
      INSERT INTO automation_rule_changes (team_id, run_id, rule_id, ad_account_id, level,
        entity_id, entity_name, campaign_id, ad_group_id, matched_values, action, before, after,
        status, capped, message, conversion, idempotency_key)
      SELECT ${teamId}, x.run_id, x.rule_id, x.ad_account_id, x.level, x.entity_id,
        x.entity_name, x.campaign_id, x.ad_group_id, x.matched_values, x.action, x.before,
        x.after, x.status, x.capped, x.message, x.conversion, x.idempotency_key
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS x(run_id uuid, rule_id uuid,
        ad_account_id bigint, level text, entity_id text, entity_name text, campaign_id bigint,
        ad_group_id bigint, matched_values jsonb, action text, before jsonb, after jsonb,
        status text, capped boolean, message text, conversion jsonb, idempotency_key text)
      ON CONFLICT DO NOTHING`);
  }
}

export async function updateChange(
  db: Database,
  teamId: string,
  changeId: string,
  values: Partial<NewChange>,
): Promise<void> {
  await db
    .update(automationRuleChanges)
    .set(values)
    .where(and(eq(automationRuleChanges.teamId, teamId), eq(automationRuleChanges.id, changeId)));
}

/** The action limit: did another run of this rule apply this action to this entity since? */
export async function appliedSince(
  db: Database,
  teamId: string,
  change: { ruleId: string; runId: string; entityId: string; action: string },
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: automationRuleChanges.id })
    .from(automationRuleChanges)
    .where(
      and(
        eq(automationRuleChanges.teamId, teamId),
        eq(automationRuleChanges.ruleId, change.ruleId),
        eq(automationRuleChanges.entityId, change.entityId),
        eq(automationRuleChanges.action, change.action),
        ne(automationRuleChanges.runId, change.runId),
        inArray(automationRuleChanges.status, ['APPLIED', 'REVERTED']),
        gt(automationRuleChanges.appliedAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function listRunChanges(
  db: Database,
  teamId: string,
  runId: string,
  statuses: readonly RuleChangeStatus[],
): Promise<ChangeRow[]> {
  return db
    .select()
    .from(automationRuleChanges)
    .where(
      and(
        eq(automationRuleChanges.teamId, teamId),
        eq(automationRuleChanges.runId, runId),
        inArray(automationRuleChanges.status, [...statuses]),
      ),
    )
    .orderBy(desc(automationRuleChanges.appliedAt), desc(automationRuleChanges.createdAt));
}

/** The live keyword a run added (found by its ad group, text and match type). */
export async function findAddedKeyword(
  db: Database,
  teamId: string,
  adAccountId: number,
  keyword: { adGroupId: number; text: string; matchType: string },
): Promise<number | null> {
  const [row] = await db
    .select({ id: keywords.id })
    .from(keywords)
    .where(
      and(
        eq(keywords.teamId, teamId),
        eq(keywords.adAccountId, adAccountId),
        eq(keywords.adGroupId, keyword.adGroupId),
        eq(keywords.matchType, keyword.matchType),
        sql`lower(${keywords.text}) = lower(${keyword.text})`,
        eq(keywords.deleted, false),
      ),
    );
  return row?.id ?? null;
}

export async function findAddedNegativeKeyword(
  db: Database,
  teamId: string,
  adAccountId: number,
  negative: { campaignId: number; adGroupId: number | null; text: string; matchType: string },
): Promise<number | null> {
  const [row] = await db
    .select({ id: negativeKeywords.id })
    .from(negativeKeywords)
    .where(
      and(
        eq(negativeKeywords.teamId, teamId),
        eq(negativeKeywords.adAccountId, adAccountId),
        eq(negativeKeywords.campaignId, negative.campaignId),
        negative.adGroupId === null
          ? isNull(negativeKeywords.adGroupId)
          : eq(negativeKeywords.adGroupId, negative.adGroupId),
        eq(negativeKeywords.matchType, negative.matchType),
        sql`lower(${negativeKeywords.text}) = lower(${negative.text})`,
        eq(negativeKeywords.deleted, false),
      ),
    );
  return row?.id ?? null;
}

/** runs of one team: new ones inserted in one statement, earlier attempts' found in another. */
export async function insertRunsOnce(
  db: Database,
  teamId: string,
  values: readonly NewRun[],
): Promise<{ run: RunRow; created: boolean }[]> {
  if (values.length === 0) return [];
  const inserted = await db
    .insert(automationRuleRuns)
    .values(values.map((run) => ({ ...run, teamId, status: 'PENDING' as const })))
    .onConflictDoNothing()
    .returning({ id: automationRuleRuns.id });
  const created = new Set(inserted.map((row) => row.id));
  const rows = await db
    .select()
    .from(automationRuleRuns)
    .where(
      and(
        eq(automationRuleRuns.teamId, teamId),
        inArray(automationRuleRuns.ruleId, [...new Set(values.map((run) => run.ruleId))]),
        inArray(automationRuleRuns.runKey, [...new Set(values.map((run) => run.runKey))]),
      ),
    );
  const byKey = new Map(rows.map((row) => [`${row.ruleId}|${row.runKey}`, row]));
  return values.map((value) => {
    const run = byKey.get(`${value.ruleId}|${value.runKey}`)!;
    return { run, created: created.has(run.id) };
  });
}

export interface FinishedRun {
  runId: string;
  ruleId: string;
  status: AutomationRuleStatus;
  evaluated: number;
  matched: number;
  message: string | null;
  /** A scripted rule run's console output; null for a builder rule's. */
  scriptLog: ScriptLogLine[] | null;
  finishedAt: Date;
  /** A dry run is a test: it leaves the rule's last and next run as they were. */
  dryRun: boolean;
  lastRunAt: Date;
  nextRunAt: Date | null;
}

/** Finishes runs and moves their rules on, two statements for any number of runs. */
export async function finishRuns(
  db: Database,
  teamId: string,
  finished: readonly FinishedRun[],
): Promise<void> {
  if (finished.length === 0) return;
  const json = JSON.stringify(finished);
  await db.execute(sql`
    UPDATE automation_rule_runs r SET status = x.status, evaluated = x.evaluated,
      matched = x.matched, message = x.message, script_log = x."scriptLog",
      finished_at = x."finishedAt"
    FROM jsonb_to_recordset(${json}::jsonb) AS x("runId" uuid, status text, evaluated int,
      matched int, message text, "scriptLog" jsonb, "finishedAt" timestamptz)
    WHERE r.team_id = ${teamId} AND r.id = x."runId"`);
  const scheduled = finished.filter((run) => !run.dryRun);
  if (scheduled.length === 0) return;
  await db.execute(sql`
    UPDATE automation_rules r SET last_run_at = x."lastRunAt", last_run_status = x.status,
      next_run_at = x."nextRunAt", claimed_by = NULL
    FROM jsonb_to_recordset(${JSON.stringify(scheduled)}::jsonb) AS x("ruleId" uuid, status text,
      "lastRunAt" timestamptz, "nextRunAt" timestamptz)
    WHERE r.team_id = ${teamId} AND r.id = x."ruleId"`);
}
