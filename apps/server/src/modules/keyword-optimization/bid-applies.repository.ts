// The page's applies as automation runs: each company's one carrier rule (kind
// KEYWORD_OPTIMIZATION, never enabled, scheduled nor listed with the rules; its name is not a
// valid rule name, so it never takes one a member wants) and its runs, newest first.
import { KEYWORD_OPTIMIZATION_MESSAGES, type RuleChangeStatus } from '@tapwise/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import {
  automationRuleChanges,
  automationRuleRuns,
  automationRules,
} from '../automation/automation.tables';
import type { RuleRow, RunRow } from '../automation/engine/rule-runs.repository';

const carrierOf = (teamId: string) =>
  and(eq(automationRules.teamId, teamId), eq(automationRules.kind, 'KEYWORD_OPTIMIZATION'));

/** The company's carrier rule, created on its first apply. */
export async function carrierRule(
  db: Database,
  teamId: string,
  createdBy: string | null,
): Promise<RuleRow> {
  const [existing] = await db.select().from(automationRules).where(carrierOf(teamId));
  if (existing) return existing;
  const name = KEYWORD_OPTIMIZATION_MESSAGES.carrierRuleName;
  await db
    .insert(automationRules)
    .values({
      teamId,
      name,
      kind: 'KEYWORD_OPTIMIZATION',
      // Only its name: no conditions, actions nor schedule; the runner never takes it up.
      definition: { name } as never,
      enabled: false,
      status: 'CREATED',
      createdBy,
    })
    .onConflictDoNothing();
  const [created] = await db.select().from(automationRules).where(carrierOf(teamId));
  return created!;
}

/** A run of the company's carrier rule; null for any other run. */
export async function findApplyRun(
  db: Database,
  teamId: string,
  runId: string,
): Promise<RunRow | null> {
  const [row] = await db
    .select({ run: automationRuleRuns })
    .from(automationRuleRuns)
    .innerJoin(automationRules, eq(automationRules.id, automationRuleRuns.ruleId))
    .where(and(carrierOf(teamId), eq(automationRuleRuns.id, runId)));
  return row?.run ?? null;
}

/** The run of a carrier rule under this key (an apply's requestId), if one was started. */
export async function findRunByKey(
  db: Database,
  teamId: string,
  ruleId: string,
  runKey: string,
): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(automationRuleRuns)
    .where(
      and(
        eq(automationRuleRuns.teamId, teamId),
        eq(automationRuleRuns.ruleId, ruleId),
        eq(automationRuleRuns.runKey, runKey),
      ),
    );
  return row ?? null;
}

export interface ApplyRow {
  run: RunRow;
  counts: Partial<Record<RuleChangeStatus, number>>;
}

/** The company's newest applies with how many changes ended in each status. */
export async function listApplies(
  db: Database,
  teamId: string,
  limit: number,
): Promise<ApplyRow[]> {
  const runs = await db
    .select({ run: automationRuleRuns })
    .from(automationRuleRuns)
    .innerJoin(automationRules, eq(automationRules.id, automationRuleRuns.ruleId))
    .where(and(carrierOf(teamId), eq(automationRuleRuns.teamId, teamId)))
    .orderBy(desc(automationRuleRuns.startedAt))
    .limit(limit);
  if (runs.length === 0) return [];
  const counts = await db
    .select({
      runId: automationRuleChanges.runId,
      status: automationRuleChanges.status,
      count: sql<number>`count(*)::int`,
    })
    .from(automationRuleChanges)
    .where(
      and(
        eq(automationRuleChanges.teamId, teamId),
        inArray(
          automationRuleChanges.runId,
          runs.map(({ run }) => run.id),
        ),
      ),
    )
    .groupBy(automationRuleChanges.runId, automationRuleChanges.status);
  return runs.map(({ run }) => ({
    run,
    counts: Object.fromEntries(
      counts
        .filter((each) => each.runId === run.id)
        .map((each) => [each.status, Number(each.count)]),
    ),
  }));
}
