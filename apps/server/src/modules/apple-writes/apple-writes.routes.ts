// REST campaign paths of spec 2 §7.2 the ads manager's screens call; the same actions as the
// GraphQL updateCampaign and changeEntityStatus (delete), through the same gateway.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import { ok } from '../accounts/accounts.routes';
import type { AppContext } from '../app-context';
import { changeEntityStatus, updateCampaign } from './apple-writes.service';
import { writeActorOf } from './write-actor';

const campaignParams = z.object({ campaignId: z.coerce.number().int().positive() });
const deleteQuery = z.object({
  adAccountId: z.coerce.number().int().positive(),
  modificationTime: z.string().optional(),
});
const updateBody = z
  .object({ campaign: z.object({ modificationTime: z.string().nullable().optional() }).optional() })
  .passthrough();

export async function registerAppleWriteRoutes(api: FastifyInstance, ctx: AppContext) {
  const writer = { config: { access: 'adsManager.write' as const } };

  api.put('/campaigns/update/:campaignId', writer, async (request) => {
    const { campaignId } = campaignParams.parse(request.params);
    const body = updateBody.parse(request.body ?? {});
    const result = await updateCampaign(ctx, writeActorOf(requireTeam(request.auth)), {
      ...body,
      campaign: { id: campaignId, modificationTime: body.campaign?.modificationTime ?? null },
    });
    return ok(result, result.successMessage);
  });

  api.delete('/campaigns/delete/:campaignId', writer, async (request) => {
    const { campaignId } = campaignParams.parse(request.params);
    const query = deleteQuery.parse(request.query);
    const result = await changeEntityStatus(ctx, writeActorOf(requireTeam(request.auth)), {
      adAccountId: query.adAccountId,
      level: 'campaign',
      action: 'delete',
      entities: [{ id: campaignId, modificationTime: query.modificationTime ?? null }],
    });
    return ok(result, result.successMessage);
  });
}
