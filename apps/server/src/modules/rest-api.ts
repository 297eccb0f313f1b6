// The REST surface under /v1/api (spec 2 §7.2): each module registers its routes here.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/errors';
import { redactUrl } from '../platform/logger';
import { assertNoNulCharacters } from '../platform/validation/input-forms';
import { registerAccountRoutes } from './accounts/accounts.routes';
import { registerReportExportRoutes } from './ads-manager/report-export.routes';
import type { AppContext } from './app-context';
import { registerOverviewExportRoutes } from './analytics/overview-export.routes';
import { registerAppleWriteRoutes } from './apple-writes/apple-writes.routes';
import { registerAutomationRoutes } from './automation/automation.routes';
import { registerBillingRoutes } from './billing/billing.routes';
import { registerBillingStatusRoutes } from './billing/billing-status.routes';
import { registerPostbackRoutes } from './attribution/postbacks.routes';
import { registerExportRoutes } from './exports/exports.routes';
import { registerIntegrationRoutes } from './integrations/integrations.routes';
import { registerSlackRoutes } from './slack/slack.routes';

export function restApi(ctx: AppContext) {
  return async function registerRestApi(api: FastifyInstance): Promise<void> {
    // After the caller is known, before any handler reads the input (GraphQL checks its own).
    api.addHook('preHandler', async (request) => {
      assertNoNulCharacters({ params: request.params, query: request.query, body: request.body });
    });
    await registerAccountRoutes(api, ctx);
    await registerIntegrationRoutes(api, ctx);
    await registerAppleWriteRoutes(api, ctx);
    await registerAutomationRoutes(api, ctx);
    await registerReportExportRoutes(api, ctx);
    await registerOverviewExportRoutes(api, ctx);
    await registerExportRoutes(api, ctx);
    await registerPostbackRoutes(api, ctx);
    await registerSlackRoutes(api, ctx);
    await registerBillingRoutes(api, ctx);
    await registerBillingStatusRoutes(api, ctx);
    api.setNotFoundHandler((request) => {
      throw new AppError(
        'NOT_FOUND',
        `No API route for ${request.method} ${redactUrl(request.url.split('?')[0]!)}`,
      );
    });
  };
}
