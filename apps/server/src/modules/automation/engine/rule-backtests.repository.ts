// The only code touching backtests: the member's own, every function taking the team first.
import type { RuleBacktestFailure, RuleBacktestResult } from '@tapwise/contracts';
import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { automationRuleBacktests } from '../automation.tables';

export type BacktestRow = typeof automationRuleBacktests.$inferSelect;

export async function insertBacktest(
  db: Database,
  teamId: string,
  values: { userId: string; input: unknown; total: number },
): Promise<BacktestRow> {
  const [row] = await db
    .insert(automationRuleBacktests)
    .values({ ...values, teamId })
    .returning();
  return row!;
}

export async function findBacktest(
  db: Database,
  teamId: string,
  id: string,
): Promise<BacktestRow | null> {
  const [row] = await db
    .select()
    .from(automationRuleBacktests)
    .where(and(eq(automationRuleBacktests.teamId, teamId), eq(automationRuleBacktests.id, id)));
  return row ?? null;
}

/** The member's backtest still RUNNING that moved after `since`, if any. */
export async function findMovingBacktest(
  db: Database,
  teamId: string,
  userId: string,
  since: Date,
): Promise<BacktestRow | null> {
  const [row] = await db
    .select()
    .from(automationRuleBacktests)
    .where(
      and(
        eq(automationRuleBacktests.teamId, teamId),
        eq(automationRuleBacktests.userId, userId),
        eq(automationRuleBacktests.status, 'RUNNING'),
        gt(automationRuleBacktests.updatedAt, since),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Deletes the member's finished backtests but the newest `keep`. */
export async function pruneBacktests(
  db: Database,
  teamId: string,
  userId: string,
  keep: number,
): Promise<void> {
  const member = and(
    eq(automationRuleBacktests.teamId, teamId),
    eq(automationRuleBacktests.userId, userId),
    ne(automationRuleBacktests.status, 'RUNNING'),
  );
  const finished = await db
    .select({ id: automationRuleBacktests.id })
    .from(automationRuleBacktests)
    .where(member)
    .orderBy(desc(automationRuleBacktests.createdAt))
    .offset(keep);
  if (finished.length === 0) return;
  const ids = finished.map((row) => row.id);
  await db
    .delete(automationRuleBacktests)
    .where(and(member, inArray(automationRuleBacktests.id, ids)));
}

/** Days replayed so far; also shows the backtest is moving. */
export async function saveBacktestProgress(
  db: Database,
  teamId: string,
  id: string,
  done: number,
): Promise<void> {
  await db
    .update(automationRuleBacktests)
    .set({ done, updatedAt: new Date() })
    .where(and(eq(automationRuleBacktests.teamId, teamId), eq(automationRuleBacktests.id, id)));
}

export async function finishBacktest(
  db: Database,
  teamId: string,
  id: string,
  outcome: { result: RuleBacktestResult } | { failure: RuleBacktestFailure },
): Promise<BacktestRow | null> {
  const [row] = await db
    .update(automationRuleBacktests)
    .set({
      ...('result' in outcome
        ? { status: 'DONE' as const, result: outcome.result }
        : { status: 'FAILED' as const, failure: outcome.failure }),
      updatedAt: new Date(),
    })
    .where(and(eq(automationRuleBacktests.teamId, teamId), eq(automationRuleBacktests.id, id)))
    .returning();
  return row ?? null;
}
