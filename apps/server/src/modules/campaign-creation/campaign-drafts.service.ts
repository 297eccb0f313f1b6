// The wizard's drafts: saved at every step, listed with the spec's columns, resumed and deleted.
// A draft is the company's; any member with the permission sees and resumes it.
import {
  CAMPAIGN_CREATION_MESSAGES as MESSAGES,
  campaignDraftSchema,
  type CampaignDraft,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { toAppError } from '../../platform/http/error-handler';
import { insertDraft, replaceDraft } from './campaign-creation.repository';

/** Creates the draft, or replaces the team's draft with the id given. */
export async function saveCampaignDraft(
  db: Database,
  owner: { teamId: string; userId: string | null },
  rawInput: unknown,
): Promise<CampaignDraft> {
  const parsed = campaignDraftSchema.safeParse(rawInput);
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', MESSAGES.draftSaveFailed, toAppError(parsed.error)?.details);
  const { id, ...draft } = parsed.data;
  if (!id) return insertDraft(db, owner.teamId, owner.userId, draft);
  const saved = await replaceDraft(db, owner.teamId, id, draft);
  if (!saved) throw new AppError('NOT_FOUND', MESSAGES.draftNotFound);
  return saved;
}
