// The generator's operations (docs/api/campaign-generator.md): templates and drafts, and a
// generation's life — preview (keywords fetched by a job, then the plan), plan edits, launch
// (creation by a job), retry and deletion. Status moves are conditional updates, so two requests
// racing on one generation cannot both move it.
import {
  GENERATOR_MESSAGES as MESSAGES,
  generatorDraftSettingsSchema,
  generatorPlanSchema,
  generatorSettingsSchema,
  generatorTemplateNameSchema,
  type GenerationStatus,
  type GeneratorPlan,
} from '@tapwise/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { isUniqueViolation } from '../automation/rules.repository';
import { listAdAccounts } from '../integrations/integrations.repository';
import {
  deleteGeneration,
  findGeneration,
  insertGeneration,
  insertTemplate,
  liveCampaignNames,
  updateGeneration,
  updateTemplate,
  type GenerationRow,
  type GeneratorTemplateRow,
} from './campaign-generator.repository';
import { buildGeneratorPlan, fetchedKeyOf } from './generator-plan';
import { NO_PROGRESS, plannedProgress } from './generator-progress';
import { generatorCreationJob, generatorKeywordsJob } from './jobs/generator-jobs';
import { tickChecklist } from '../onboarding/onboarding.service';

type ServiceContext = Pick<AppContext, 'db' | 'jobs'>;

/** Who acts: the member, in their company. */
export interface GeneratorMember {
  teamId: string;
  userId: string;
}

export const AD_ACCOUNT_NOT_FOUND = 'No such ad account in this company.';

const templateArgsSchema = z.object({
  id: z.uuid().nullish(),
  name: generatorTemplateNameSchema,
  isDraft: z.boolean(),
  settings: z.unknown(),
});

/** Creates (no id) or replaces a template; a draft keeps whatever was typed. */
export async function saveTemplate(
  ctx: Pick<AppContext, 'db'>,
  member: GeneratorMember,
  rawArgs: unknown,
): Promise<GeneratorTemplateRow> {
  const args = templateArgsSchema.parse(rawArgs);
  const schema = args.isDraft ? generatorDraftSettingsSchema : generatorSettingsSchema;
  const template = {
    name: args.name,
    isDraft: args.isDraft,
    settings: schema.parse(args.settings),
  };
  try {
    if (!args.id)
      return await insertTemplate(ctx.db, member.teamId, { ...template, userId: member.userId });
    const saved = await updateTemplate(ctx.db, member.teamId, args.id, template);
    if (!saved) throw new AppError('NOT_FOUND', MESSAGES.templateNotFound);
    return saved;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.templateNameTaken);
    throw error;
  }
}

export async function requireGeneration(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  id: string,
): Promise<GenerationRow> {
  const generation = await findGeneration(ctx.db, teamId, id);
  if (!generation) throw new AppError('NOT_FOUND', MESSAGES.generationNotFound);
  return generation;
}

/** Moves a generation only from the given states; otherwise says why not. */
async function move(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  id: string,
  change: Parameters<typeof updateGeneration>[3],
  from: readonly GenerationStatus[],
  refusal: string,
): Promise<GenerationRow> {
  await requireGeneration(ctx, teamId, id);
  const moved = await updateGeneration(ctx.db, teamId, id, change, from);
  if (!moved) throw new AppError('CONFLICT', refusal);
  return moved;
}

const needsResearch = (settings: z.infer<typeof generatorSettingsSchema>) =>
  settings.segments.some((segment) => segment.enabled && fetchedKeyOf(segment.segment) !== null);

/**
 * Starts a generation: settings checked, then a job fetches the researched keywords and computes
 * the plan. Settings that need no research are planned at once, so their refusals (nothing to
 * create, total budget exceeded) answer this request.
 */
export async function previewGeneration(
  ctx: ServiceContext,
  member: GeneratorMember,
  rawSettings: unknown,
): Promise<GenerationRow> {
  const settings = generatorSettingsSchema.parse(rawSettings);
  const adAccounts = await listAdAccounts(ctx.db, member.teamId);
  if (!adAccounts.some((account) => account.adAccountId === settings.adAccountId))
    throw new AppError('NOT_FOUND', AD_ACCOUNT_NOT_FOUND);
  if (!needsResearch(settings)) {
    const taken = await liveCampaignNames(ctx.db, member.teamId, settings.adAccountId);
    const plan = buildGeneratorPlan(settings, {}, taken);
    const row = await insertGeneration(ctx.db, member.teamId, {
      userId: member.userId,
      settings,
      status: 'READY',
      progress: NO_PROGRESS,
    });
    return (await updateGeneration(ctx.db, member.teamId, row.id, { plan, fetchedKeywords: {} }))!;
  }
  const row = await insertGeneration(ctx.db, member.teamId, {
    userId: member.userId,
    settings,
    status: 'FETCHING_KEYWORDS',
    progress: NO_PROGRESS,
  });
  await ctx.jobs.send(generatorKeywordsJob, { teamId: member.teamId, generationId: row.id });
  return row;
}

/** Fetches the keywords again (after a failure, or to refresh a plan not launched yet). */
export async function retryKeywords(
  ctx: ServiceContext,
  member: GeneratorMember,
  id: string,
): Promise<GenerationRow> {
  const moved = await move(
    ctx,
    member.teamId,
    id,
    { status: 'FETCHING_KEYWORDS', failure: null, fetchedKeywords: null, plan: null },
    ['KEYWORDS_FAILED', 'READY'],
    MESSAGES.generationRunning,
  );
  await ctx.jobs.send(generatorKeywordsJob, { teamId: member.teamId, generationId: id });
  return moved;
}

/** Refuses a campaign name used twice in the plan or by a live campaign of the ad account. */
function assertNamesUnique(plan: GeneratorPlan, taken: readonly string[]) {
  const details: Record<string, string> = {};
  const seen = new Set(taken.map((name) => name.toLowerCase()));
  plan.campaigns.forEach((campaign, index) => {
    const key = campaign.name.toLowerCase();
    if (seen.has(key)) details[`campaigns.${index}.name`] = 'validation.campaignNameTaken';
    seen.add(key);
    const adGroupNames = new Set<string>();
    campaign.adGroups.forEach((adGroup, adGroupIndex) => {
      const name = adGroup.name.toLowerCase();
      if (adGroupNames.has(name))
        details[`campaigns.${index}.adGroups.${adGroupIndex}.name`] =
          'validation.adGroupNameRepeated';
      adGroupNames.add(name);
    });
  });
  if (Object.keys(details).length > 0)
    throw new AppError('BAD_REQUEST', 'Campaign and ad group names must be unique.', details);
}

export async function editPlan(
  ctx: ServiceContext,
  member: GeneratorMember,
  id: string,
  rawPlan: unknown,
): Promise<GenerationRow> {
  const plan = generatorPlanSchema.parse(rawPlan);
  const generation = await requireGeneration(ctx, member.teamId, id);
  assertNamesUnique(plan, await liveCampaignNames(ctx.db, member.teamId, generation.adAccountId));
  return move(ctx, member.teamId, id, { plan }, ['READY'], MESSAGES.generationRunning);
}

/** Sends the creation job; relaunching an INCOMPLETE generation resumes it. */
export async function launchGeneration(
  ctx: ServiceContext,
  member: GeneratorMember,
  id: string,
): Promise<GenerationRow> {
  const generation = await requireGeneration(ctx, member.teamId, id);
  // A first launch counts the plan at once, so Waiting to Sync shows what will be made (0 of 4
  // campaigns, not 0 of 0); a resumed one keeps the counts made so far.
  const counted =
    generation.status === 'READY' && generation.plan
      ? { progress: plannedProgress(generation.plan) }
      : {};
  const moved = await move(
    ctx,
    member.teamId,
    id,
    { status: 'WAITING_TO_SYNC', failure: null, userId: member.userId, ...counted },
    ['READY', 'INCOMPLETE'],
    MESSAGES.generationRunning,
  );
  await ctx.jobs.send(generatorCreationJob, { teamId: member.teamId, generationId: id });
  await tickChecklist(ctx.db, member, 'campGen');
  return moved;
}

export async function removeGeneration(
  ctx: Pick<AppContext, 'db'>,
  teamId: string,
  id: string,
): Promise<boolean> {
  await requireGeneration(ctx, teamId, id);
  const deleted = await deleteGeneration(ctx.db, teamId, id, [
    'FETCHING_KEYWORDS',
    'KEYWORDS_FAILED',
    'READY',
    'SYNC_COMPLETE',
    'INCOMPLETE',
  ]);
  if (!deleted) throw new AppError('CONFLICT', MESSAGES.generationRunning);
  return true;
}
