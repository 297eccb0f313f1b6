// REST routes of spec 2 §7.2 for the Apple Ads integration. Thin: validate, call the service.
import { addIntegrationInput, INTEGRATION_MESSAGES, integrationIdParams } from '@tapwise/contracts';
import type { FastifyInstance } from 'fastify';
import { requireTeam } from '../../platform/auth/auth-context';
import { ok } from '../accounts/accounts.routes';
import type { AppContext } from '../app-context';
import {
  addIntegration,
  generateIntegrationKey,
  readIntegration,
  readRoleName,
  startIntegrationDeletion,
} from './integrations.service';

export async function registerIntegrationRoutes(api: FastifyInstance, ctx: AppContext) {
  const reader = { config: { access: 'integrations.read' as const } };
  const writer = { config: { access: 'integrations.write' as const } };

  api.post('/onboard/generate-key', writer, async (request) =>
    ok(await generateIntegrationKey(ctx, requireTeam(request.auth))),
  );

  api.post('/onboard/add-integration', writer, async (request) =>
    ok(
      await addIntegration(ctx, requireTeam(request.auth), addIntegrationInput.parse(request.body)),
      INTEGRATION_MESSAGES.ADDED,
    ),
  );

  api.get('/onboard/getRoleName/:integrationID', reader, async (request) =>
    ok(
      await readRoleName(
        ctx,
        requireTeam(request.auth).teamId,
        integrationIdParams.parse(request.params).integrationID,
      ),
    ),
  );

  api.get('/get-integrations-state', reader, async (request) => {
    const integration = await readIntegration(ctx, requireTeam(request.auth).teamId);
    return ok(
      integration
        ? [
            {
              id: integration.id,
              partner: integration.partner,
              roleName: integration.roleName,
              invalid: integration.invalid,
              firstSyncDone: integration.firstSyncDone,
              demoMode: integration.demoMode,
              deleting: integration.deleting,
            },
          ]
        : [],
    );
  });

  api.get('/integration', reader, async (request) =>
    ok({ integration: await readIntegration(ctx, requireTeam(request.auth).teamId) }),
  );

  api.delete('/integration', writer, async (request) =>
    ok(
      await startIntegrationDeletion(ctx, requireTeam(request.auth)),
      INTEGRATION_MESSAGES.DELETION_STARTED,
    ),
  );

  api.delete('/integration/:integrationID', writer, async (request) =>
    ok(
      await startIntegrationDeletion(
        ctx,
        requireTeam(request.auth),
        integrationIdParams.parse(request.params).integrationID,
      ),
      INTEGRATION_MESSAGES.DELETION_STARTED,
    ),
  );
}
