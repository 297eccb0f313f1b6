// Test factories of a company's subscription row, as the provider's webhooks would leave it.
import type { PlanId, ProviderSubscriptionStatus } from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { subscriptions } from './billing.tables';

/** A test server's environment with billing on (the provider itself is not called). */
export const BILLING_ON = {
  BILLING: 'chargebee',
  CHARGEBEE_SITE: 'tapwise-test',
  CHARGEBEE_API_KEY: 'test_key',
  CHARGEBEE_WEBHOOK_USERNAME: 'chargebee',
  CHARGEBEE_WEBHOOK_PASSWORD: 'webhook-password-0123456789',
  RATE_LIMIT_PER_MINUTE: '100000',
};

export async function createSubscription(
  db: Database,
  teamId: string,
  values: {
    planId: PlanId;
    status: ProviderSubscriptionStatus;
    subscriptionId?: string | null;
    trialEnd?: Date | null;
  },
) {
  const [row] = await db
    .insert(subscriptions)
    .values({
      teamId,
      planId: values.planId,
      status: values.status,
      subscriptionId: values.subscriptionId === undefined ? `sub-${teamId}` : values.subscriptionId,
      trialEnd: values.trialEnd ?? null,
    })
    .returning();
  return row!;
}
