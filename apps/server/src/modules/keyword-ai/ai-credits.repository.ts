// Credits of AI keyword suggestions (docs/keyword-ai.md "Credits"): each member's balance, made
// lazily with the default limit, and the installation's usage per month. Spending is one
// conditional UPDATE each, so concurrent generations can never take a balance below zero.
import { KEYWORD_AI_DEFAULT_USAGE_LIMIT, type AiCredits } from '@tapwise/contracts';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { aiCredits, aiGlobalUsage } from './keyword-ai.tables';

/** A database or an open transaction. */
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** The first day (YYYY-MM-DD, UTC) of the month `now` is in, moved `months` on. */
export function firstOfMonth(now: Date, months = 0): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1))
    .toISOString()
    .slice(0, 10);
}

const creditsColumns = {
  remainingUsage: aiCredits.remainingUsage,
  usageLimit: aiCredits.usageLimit,
  refillsOn: aiCredits.refillsOn,
  isFilledManually: aiCredits.isFilledManually,
};

/** The member's credits, made with the default limit on first use. */
export async function creditsOf(db: Executor, userId: string, now: Date): Promise<AiCredits> {
  await db
    .insert(aiCredits)
    .values({
      userId,
      remainingUsage: KEYWORD_AI_DEFAULT_USAGE_LIMIT,
      usageLimit: KEYWORD_AI_DEFAULT_USAGE_LIMIT,
      refillsOn: firstOfMonth(now, 1),
    })
    .onConflictDoNothing();
  const [row] = await db.select(creditsColumns).from(aiCredits).where(eq(aiCredits.userId, userId));
  return row!;
}

/** Takes one credit if the member has one left: the balance after, else null. */
export async function spendCredit(db: Executor, userId: string): Promise<AiCredits | null> {
  const [row] = await db
    .update(aiCredits)
    .set({ remainingUsage: sql`${aiCredits.remainingUsage} - 1`, updatedAt: new Date() })
    .where(and(eq(aiCredits.userId, userId), gt(aiCredits.remainingUsage, 0)))
    .returning(creditsColumns);
  return row ?? null;
}

/** Generations spent installation-wide this month. */
export async function globalUsed(db: Executor, now: Date): Promise<number> {
  const [row] = await db
    .select({ used: aiGlobalUsage.used })
    .from(aiGlobalUsage)
    .where(eq(aiGlobalUsage.month, firstOfMonth(now)));
  return row?.used ?? 0;
}

/** Counts one generation this month if the month is under `limit`; false when it is not. */
export async function spendGlobal(db: Executor, now: Date, limit: number): Promise<boolean> {
  if (limit <= 0) return false;
  const rows = await db
    .insert(aiGlobalUsage)
    .values({ month: firstOfMonth(now), used: 1 })
    .onConflictDoUpdate({
      target: aiGlobalUsage.month,
      set: { used: sql`${aiGlobalUsage.used} + 1` },
      setWhere: sql`${aiGlobalUsage.used} < ${limit}`,
    })
    .returning({ used: aiGlobalUsage.used });
  return rows.length > 0;
}

/** Staff's hand-set balance; the monthly refill then restores this limit. */
export async function setCredits(
  db: Executor,
  userId: string,
  credits: { usageLimit: number; remainingUsage: number },
  now: Date,
): Promise<AiCredits> {
  const [row] = await db
    .insert(aiCredits)
    .values({ userId, ...credits, refillsOn: firstOfMonth(now, 1), isFilledManually: true })
    .onConflictDoUpdate({
      target: aiCredits.userId,
      set: { ...credits, isFilledManually: true, updatedAt: new Date() },
    })
    .returning(creditsColumns);
  return row!;
}

/** Restores every balance due on or before `now`'s day to its limit; the count refilled. */
export async function refillDueCredits(db: Executor, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const rows = await db
    .update(aiCredits)
    .set({
      remainingUsage: sql`${aiCredits.usageLimit}`,
      refillsOn: firstOfMonth(now, 1),
      updatedAt: new Date(),
    })
    .where(lte(aiCredits.refillsOn, today))
    .returning({ userId: aiCredits.userId });
  return rows.length;
}
