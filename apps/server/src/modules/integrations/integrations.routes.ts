// REST routes of spec 2 §7.2 for the Apple Ads integration. Thin: validate, call the service.
import { addIntegrationInput, INTEGRATION_MESSAGES, integrationIdParams } from '@tapwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth, requireTeam } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import { ok } from '../accounts/accounts.routes';
import { listAppsWithOrg } from '../ads-manager/lookups.repository';
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
  const signedIn = { config: { access: 'authenticated' as const } };

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

  // The apps the integration reaches (the welcome setup's summary once the first sync is done).
  api.get('/onboard/getAppsList/:integrationID', reader, async (request) => {
    const { teamId } = requireTeam(request.auth);
    const { integrationID } = integrationIdParams.parse(request.params);
    await readRoleName(ctx, teamId, integrationID);
    return ok(await listAppsWithOrg(ctx.db, teamId));
  });

  // Where the caller (the security principal: their own user id) stands in onboarding: whether
  // they belong to a company, and its Apple Ads integration's first sync (docs/onboarding.md).
  api.get('/onboard/onboardFirst/:securityPrincipleID', signedIn, async (request) => {
    const caller = requireAuth(request.auth);
    const { securityPrincipleID } = z
      .object({ securityPrincipleID: z.uuid() })
      .parse(request.params);
    if (securityPrincipleID !== caller.userId)
      throw new AppError('NOT_FOUND', 'You have no such onboarding.');
    const integration = caller.teamId ? await readIntegration(ctx, caller.teamId) : null;
    return ok({
      onboarded: caller.teamId !== null,
      integration: integration && {
        id: integration.id,
        firstSyncDone: integration.firstSyncDone,
        demoMode: integration.demoMode,
        invalid: integration.invalid,
      },
    });
  });

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
