// REST routes of billing under /v1/api/chargebee (docs/api/billing.md): the provider's portal,
// reactivation, the billing address, and Chargebee's webhook (`pic-wh`, HTTP basic auth).
// `sub-status` is the entitlements module's.
import type { FastifyInstance } from 'fastify';
import { requireTeam } from '../../platform/auth/auth-context';
import { ok } from '../accounts/accounts.routes';
import type { AppContext } from '../app-context';
import { applyWebhook, verifyWebhookAuth } from './billing-webhooks';
import {
  assertBillingOn,
  getBillingAddress,
  portalSession,
  reactivateSubscription,
} from './billing.service';

export async function registerBillingRoutes(api: FastifyInstance, ctx: AppContext) {
  const reader = { config: { access: 'billing.read' as const } };
  const writer = { config: { access: 'billing.write' as const } };

  api.post('/chargebee/portal-session', writer, async (request) =>
    ok(await portalSession(ctx, requireTeam(request.auth).teamId)),
  );

  api.post('/chargebee/reactivate-subscription', writer, async (request) =>
    ok(await reactivateSubscription(ctx, requireTeam(request.auth).teamId)),
  );

  api.get('/chargebee/billing-address', reader, async (request) =>
    ok(await getBillingAddress(ctx, requireTeam(request.auth).teamId)),
  );

  api.post(
    '/chargebee/pic-wh',
    { config: { access: 'public' }, bodyLimit: 1024 * 1024 },
    async (request) => {
      assertBillingOn(ctx.config.billing);
      verifyWebhookAuth(ctx.config.billing, request.headers.authorization);
      return ok(await applyWebhook(ctx, request.body));
    },
  );
}
