// Chargebee's webhook (POST /v1/api/chargebee/pic-wh): HTTP basic auth with the configured
// credentials, compared in constant time; each event applied once (its id is recorded in
// `billing_webhook_events` in the same transaction) and never over a newer state (the
// subscription's resource_version).
import { createHash, timingSafeEqual } from 'node:crypto';
import { PROVIDER_SUBSCRIPTION_STATUSES } from '@tapwise/contracts';
import { z } from 'zod';
import type { BillingConfig } from '../../platform/config';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { findTeamByProviderIds, recordWebhookEvent } from './billing.repository';
import { storeProviderSubscription, type ProviderSubscription } from './billing.service';

const providerId = z.string().min(1).max(100);

const webhookEvent = z.object({
  id: providerId,
  occurred_at: z.number().int().nonnegative(),
  event_type: z.string().min(1).max(100),
  content: z
    .object({
      subscription: z
        .object({
          id: providerId,
          customer_id: providerId,
          status: z.enum(PROVIDER_SUBSCRIPTION_STATUSES),
          currency_code: z.string().min(3).max(3),
          resource_version: z.number().int().nonnegative().optional(),
          subscription_items: z
            .array(z.object({ item_price_id: z.string().max(100) }).loose())
            .max(50)
            .optional(),
        })
        .loose()
        .optional(),
      customer: z.object({ id: providerId }).loose().optional(),
    })
    .loose(),
});

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Throws BILLING_WEBHOOK_UNAUTHORIZED unless the request carries the configured credentials. */
export function verifyWebhookAuth(billing: BillingConfig, header: string | undefined) {
  const refused = () =>
    new AppError('BILLING_WEBHOOK_UNAUTHORIZED', 'Bad billing webhook credentials.');
  if (!billing.webhookUsername || !billing.webhookPassword) throw refused();
  const encoded = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '')?.[1];
  if (!encoded) throw refused();
  const given = digest(Buffer.from(encoded, 'base64').toString('utf8'));
  const expected = digest(`${billing.webhookUsername}:${billing.webhookPassword}`);
  if (!timingSafeEqual(given, expected)) throw refused();
}

/** Applies one event; a replay or an event about no company is acknowledged and changes nothing. */
export async function applyWebhook(ctx: Pick<AppContext, 'db' | 'logger'>, body: unknown) {
  const parsed = webhookEvent.safeParse(body);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'Not a billing event.');
  const event = parsed.data;
  const subscription = event.content.subscription;
  const team = await findTeamByProviderIds(ctx.db, {
    subscriptionId: subscription?.id,
    customerId: subscription?.customer_id ?? event.content.customer?.id,
  });
  const teamId = team?.teamId ?? null;
  const outcome = await ctx.db.transaction(async (tx) => {
    const first = await recordWebhookEvent(tx, {
      eventId: event.id,
      eventType: event.event_type,
      teamId,
      occurredAt: new Date(event.occurred_at * 1000),
    });
    if (!first) return { applied: false, replay: true };
    if (!teamId || !subscription) return { applied: false, replay: false };
    const stored = await storeProviderSubscription(
      tx,
      teamId,
      subscription as unknown as ProviderSubscription,
    );
    return { applied: stored, replay: false };
  });
  ctx.logger.info(
    { eventId: event.id, eventType: event.event_type, teamId, ...outcome },
    'billing webhook',
  );
  return outcome;
}
