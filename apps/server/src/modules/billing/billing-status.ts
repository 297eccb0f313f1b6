// What a company's subscription allows (docs/billing.md "Plans and entitlements"): its plan,
// status and enterprise features, read from the `subscriptions` row the provider keeps current.
// Billing off (the self-hosted default): no plan, no trial, every feature.
import {
  BILLING_OFF_STATUS,
  ENTERPRISE_FEATURES,
  PLAN_IDS,
  PROVIDER_SUBSCRIPTION_STATUSES,
  TRIAL_DAYS,
  TRIAL_PLAN,
  planIncludes,
  subscriptionStatusOf,
  type BillingStatus as WireBillingStatus,
  type EnterpriseFeature,
  type PlanId,
  type ProviderSubscriptionStatus,
  type SubscriptionStatus,
} from '@tapwise/contracts';
import { and, eq, isNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { teams } from '../teams/teams.tables';
import { createTrialRow, findTeamTrial, trialEndFrom } from './billing.repository';
import { subscriptions } from './billing.tables';

/** `BillingStatus` of docs/api/billing.md, its instants as `Date`s. */
export type BillingStatus = WireBillingStatus<Date>;

type BillingContext = { db: Database; config: Pick<Config, 'billing'> };

export const billingEnabled = (config: Pick<Config, 'billing'>) => config.billing.mode !== 'off';

function statusOf(
  plan: PlanId,
  providerStatus: ProviderSubscriptionStatus,
  dates: { trialEnd: Date | null; nextBillingAt: Date | null; currentTermEnd: Date | null },
): BillingStatus {
  return {
    enabled: true,
    plan,
    status: subscriptionStatusOf(providerStatus),
    providerStatus,
    ...dates,
    features: ENTERPRISE_FEATURES.filter((feature) => planIncludes(plan, feature)),
  };
}

/**
 * The company's billing status now. A trial that never reached the provider ends at its
 * trial_end even before the expiry job records it; a company without a row (created while
 * billing was off) trials from its creation like any other.
 */
export async function readBillingStatus(
  ctx: BillingContext,
  teamId: string,
  now = new Date(),
): Promise<BillingStatus> {
  if (!billingEnabled(ctx.config)) return BILLING_OFF_STATUS;
  const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
  if (!row) {
    const trialEnd = (await findTeamTrial(ctx.db, teamId))?.end ?? trialEndFrom(now);
    return statusOf(TRIAL_PLAN, trialEnd > now ? 'in_trial' : 'cancelled', {
      trialEnd,
      nextBillingAt: null,
      currentTermEnd: null,
    });
  }
  const lapsed =
    row.status === 'in_trial' &&
    !row.subscriptionId &&
    row.trialEnd !== null &&
    row.trialEnd <= now;
  return statusOf(row.planId, lapsed ? 'cancelled' : row.status, {
    trialEnd: row.trialEnd,
    nextBillingAt: row.nextBillingAt,
    currentTermEnd: row.currentTermEnd,
  });
}

/**
 * readBillingStatus's cancelled, in SQL over a company and its (left-joined) subscription row: a
 * cancelled or transferred subscription, a trial that never reached the provider past its
 * trial_end, or no row and a trial (billing.repository.ts trialOf) that has ended.
 */
function cancelledSql(now: Date): SQL {
  const cancelled = PROVIDER_SUBSCRIPTION_STATUSES.filter(
    (status) => subscriptionStatusOf(status) === 'cancelled',
  );
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  return sql`(CASE WHEN ${subscriptions.teamId} IS NULL
    THEN COALESCE(${teams.trialEndsAt}, ${teams.createdAt} + make_interval(days => ${TRIAL_DAYS}))
      <= ${at(now)}
    ELSE ${subscriptions.status} IN (${sql.join(
      cancelled.map((status) => sql`${status}`),
      sql`, `,
    )}) OR (${subscriptions.status} = 'in_trial' AND ${subscriptions.subscriptionId} IS NULL
      AND ${subscriptions.trialEnd} IS NOT NULL AND ${subscriptions.trialEnd} <= ${at(now)}) END)`;
}

/** Whether the plan of a company (no row: TRIAL_PLAN) includes `feature`, in SQL. */
function planIncludesSql(feature: EnterpriseFeature): SQL {
  const plans = PLAN_IDS.filter((plan) => planIncludes(plan, feature));
  if (plans.length === 0) return sql`false`;
  return sql`COALESCE(${subscriptions.planId}, ${TRIAL_PLAN}) IN (${sql.join(
    plans.map((plan) => sql`${plan}`),
    sql`, `,
  )})`;
}

/**
 * The condition under which the schedulers (automation rules and scripts, scheduled reports,
 * scheduled syncs) run a company's work, over the company id column of their claim query
 * (docs/billing.md "Scheduled work"): its subscription is not cancelled (readBillingStatus's
 * definition) and, when `feature.neededWhen` holds for the row, its plan includes the feature.
 * One correlated subquery joining `subscriptions`, so a claim stays one query over every company.
 * Billing off: no condition (undefined, which drizzle's `and` leaves out).
 */
export function scheduledWorkAllowedSql(
  config: Pick<Config, 'billing'>,
  teamId: SQLWrapper,
  now: Date,
  feature?: { name: EnterpriseFeature; neededWhen: SQL },
): SQL | undefined {
  if (!billingEnabled(config)) return undefined;
  const featureHeld = feature
    ? sql` AND ((${feature.neededWhen}) IS NOT TRUE OR ${planIncludesSql(feature.name)})`
    : sql``;
  return sql`EXISTS (SELECT 1 FROM ${teams}
    LEFT JOIN ${subscriptions} ON ${subscriptions.teamId} = ${teams.id}
    WHERE ${teams.id} = ${teamId} AND NOT ${cancelledSql(now)}${featureHeld})`;
}

/** The session's `subscriptionStatus` claim: null without a company or while billing is off. */
export async function sessionSubscriptionStatus(
  ctx: BillingContext,
  teamId: string | null,
): Promise<SubscriptionStatus | null> {
  if (!teamId || !billingEnabled(ctx.config)) return null;
  return (await readBillingStatus(ctx, teamId)).status;
}

/**
 * Starts a new company's trial of TRIAL_PLAN (billing on only) and answers its end, which the
 * company row keeps as `trial_ends_at` for staff's trial list; null while billing is off.
 */
export async function startTrial(
  ctx: BillingContext,
  teamId: string,
  now = new Date(),
): Promise<Date | null> {
  if (!billingEnabled(ctx.config)) return null;
  const trialEnd = trialEndFrom(now);
  await createTrialRow(ctx.db, teamId, { start: now, end: trialEnd });
  await ctx.db.update(teams).set({ trialEndsAt: trialEnd }).where(eq(teams.id, teamId));
  return trialEnd;
}

/**
 * Trials past their end that never reached the provider become cancelled. The provider's own
 * subscriptions (a subscription id) are left to its webhooks, which are the source of truth.
 */
export async function expireLocalTrials(db: Database, now = new Date()): Promise<string[]> {
  const rows = await db
    .update(subscriptions)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(
      and(
        eq(subscriptions.status, 'in_trial'),
        isNull(subscriptions.subscriptionId),
        lt(subscriptions.trialEnd, now),
      ),
    )
    .returning({ teamId: subscriptions.teamId });
  return rows.map((row) => row.teamId);
}
