// A company's row in `subscriptions` (what the provider last told of it) and the webhook events
// already applied. Every function takes the team first, but those finding a team from the
// provider's ids: webhooks name a customer or a subscription, not a company.
import { TRIAL_DAYS, TRIAL_PLAN } from '@tapwise/contracts';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { teams } from '../teams/teams.tables';
import { billingWebhookEvents, subscriptions } from './billing.tables';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
/** The provider's view of a subscription, as stored. */
export type SubscriptionState = Omit<
  typeof subscriptions.$inferInsert,
  'teamId' | 'customerId' | 'createdAt' | 'updatedAt'
>;

export async function findSubscriptionRow(db: Database, teamId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
  return row ?? null;
}

export const trialEndFrom = (start: Date) => new Date(start.getTime() + TRIAL_DAYS * 86_400_000);

/**
 * A company's trial: from its creation to `teams.trial_ends_at` (set when the trial started), or
 * TRIAL_DAYS from its creation for a company created while billing was off.
 */
export function trialOf(team: { createdAt: Date; trialEndsAt: Date | null }) {
  return { start: team.createdAt, end: team.trialEndsAt ?? trialEndFrom(team.createdAt) };
}

export async function findTeamTrial(db: Database, teamId: string) {
  const [team] = await db
    .select({ trialEndsAt: teams.trialEndsAt, createdAt: teams.createdAt })
    .from(teams)
    .where(eq(teams.id, teamId));
  return team ? trialOf(team) : null;
}

/**
 * The one place a company's trial row is created: a trial of TRIAL_PLAN from `trial.start` to
 * `trial.end`. A company that already has a row keeps it (a racing creation changes nothing).
 */
export async function createTrialRow(
  db: Database,
  teamId: string,
  trial: { start: Date; end: Date },
) {
  await db
    .insert(subscriptions)
    .values({
      teamId,
      planId: TRIAL_PLAN,
      status: 'in_trial',
      trialStart: trial.start,
      trialEnd: trial.end,
    })
    .onConflictDoNothing();
}

/** The company's row, created as its trial (trialOf) if none. */
export async function ensureSubscriptionRow(db: Database, teamId: string) {
  const existing = await findSubscriptionRow(db, teamId);
  if (existing) return existing;
  const trial = await findTeamTrial(db, teamId);
  if (!trial) throw new Error(`no team ${teamId}`);
  await createTrialRow(db, teamId, trial);
  return (await findSubscriptionRow(db, teamId))!;
}

export async function setCustomerId(db: Database, teamId: string, customerId: string | null) {
  await db
    .update(subscriptions)
    .set({ customerId, updatedAt: new Date() })
    .where(eq(subscriptions.teamId, teamId));
}

/** Forgets the provider's ids (staff's delete); the state stays as it was last told. */
export async function forgetProviderIds(db: Database, teamId: string) {
  await db
    .update(subscriptions)
    .set({ customerId: null, subscriptionId: null, resourceVersion: null, updatedAt: new Date() })
    .where(eq(subscriptions.teamId, teamId));
}

/**
 * Stores the provider's state of the company's subscription unless the row holds a newer state of
 * it (a higher resource_version); true when it was stored. Only `attach` (a subscription Tapwise
 * itself just created) may take the place of none or of a cancelled other one: a late webhook of a
 * subscription the row no longer holds changes nothing.
 */
export async function storeSubscriptionState(
  db: Database,
  teamId: string,
  state: SubscriptionState & { subscriptionId: string; resourceVersion: number },
  options: { attach: boolean },
) {
  const sameAndOlder = and(
    eq(subscriptions.subscriptionId, state.subscriptionId),
    or(
      isNull(subscriptions.resourceVersion),
      lt(subscriptions.resourceVersion, state.resourceVersion),
    ),
  );
  const updated = await db
    .update(subscriptions)
    .set({ ...state, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.teamId, teamId),
        options.attach
          ? or(
              sameAndOlder,
              isNull(subscriptions.subscriptionId),
              and(
                ne(subscriptions.subscriptionId, state.subscriptionId),
                eq(subscriptions.status, 'cancelled'),
              ),
            )
          : sameAndOlder,
      ),
    )
    .returning({ teamId: subscriptions.teamId });
  return updated.length > 0;
}

/** The company a webhook is about: by its subscription id, else its customer id. */
export async function findTeamByProviderIds(
  db: Database,
  ids: { subscriptionId?: string | undefined; customerId?: string | undefined },
) {
  const conditions = [
    ids.subscriptionId ? eq(subscriptions.subscriptionId, ids.subscriptionId) : undefined,
    ids.customerId ? eq(subscriptions.customerId, ids.customerId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return null;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(or(...conditions));
  return row ?? null;
}

/** Records an event id; false when it was already recorded (a replay). */
export async function recordWebhookEvent(
  db: Database,
  event: { eventId: string; eventType: string; teamId: string | null; occurredAt: Date },
) {
  const inserted = await db
    .insert(billingWebhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: billingWebhookEvents.eventId });
  return inserted.length > 0;
}
