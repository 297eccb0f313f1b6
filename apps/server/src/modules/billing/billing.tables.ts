// A company's subscription as the billing provider last told it (spec 2 §3.8), and the webhook
// events already applied, so a replayed event changes nothing.
import { PLAN_IDS, PROVIDER_SUBSCRIPTION_STATUSES } from '@tapwise/contracts';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from '../teams/teams.tables';

export const subscriptions = pgTable('subscriptions', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  /** The provider's customer and subscription ids; null until the company reaches the provider. */
  customerId: text('customer_id').unique(),
  subscriptionId: text('subscription_id').unique(),
  planId: text('plan_id', { enum: PLAN_IDS }).notNull(),
  status: text('status', { enum: PROVIDER_SUBSCRIPTION_STATUSES }).notNull(),
  /** The provider's item price (plan, currency and period), e.g. tapwise-growth-USD-Monthly. */
  priceId: text('price_id'),
  billingPeriod: text('billing_period'),
  currency: text('currency').notNull().default('USD'),
  trialStart: timestamp('trial_start', { withTimezone: true }),
  trialEnd: timestamp('trial_end', { withTimezone: true }),
  currentTermEnd: timestamp('current_term_end', { withTimezone: true }),
  nextBillingAt: timestamp('next_billing_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  /** The provider's resource_version of the state held here: an older webhook never overwrites it. */
  resourceVersion: bigint('resource_version', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const billingWebhookEvents = pgTable(
  'billing_webhook_events',
  {
    eventId: text('event_id').primaryKey(),
    eventType: text('event_type').notNull(),
    teamId: uuid('team_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('billing_webhook_events_received_idx').on(table.receivedAt)],
);
