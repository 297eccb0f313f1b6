// REST of the company's billing status (docs/api/billing.md `GET sub-status`), the same answer
// as the `billingStatus` query.
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../platform/auth/auth-context';
import { ok } from '../accounts/accounts.routes';
import type { AppContext } from '../app-context';
import { callerBillingStatus } from './entitlements';

export async function registerBillingStatusRoutes(api: FastifyInstance, ctx: AppContext) {
  api.get(
    '/chargebee/sub-status',
    { config: { access: 'authenticated' as const } },
    async (request) =>
      ok(await callerBillingStatus(ctx, requireAuth(request.auth).teamId, request)),
  );
}
