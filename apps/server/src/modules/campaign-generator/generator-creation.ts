// Creates a generation's campaigns (docs/campaign-generator.md, Creation): each plan campaign runs
// through the campaign-creation saga under a key derived from the generation and the campaign's
// place in the plan, so a resumed, retried or relaunched generation finds the campaigns it made
// and creates each once. Progress is saved and announced after every campaign.
import { createHash } from 'node:crypto';
import {
  GENERATOR_MESSAGES,
  type CampaignCreationInput,
  type CampaignCreationResult,
  type GeneratorPlanCampaign,
  type GeneratorSettings,
} from '@tapwise/contracts';
import { AppError } from '../../platform/errors';
import type { WriteActor } from '../apple-writes/write-actor';
import { createCampaign } from '../campaign-creation/campaign-creation.service';
import type { JobContext } from '../job-context';
import {
  findGeneration,
  updateGeneration,
  type GenerationRow,
} from './campaign-generator.repository';
import { announceGeneration, plannedProgress, progressWith } from './generator-progress';

type CreationContext = Pick<JobContext, 'db' | 'secrets' | 'realtime'> &
  Partial<Pick<JobContext, 'logger'>>;

/** A stable uuid (v5 layout over SHA-1) per generation and campaign position. */
export function campaignCreationKey(generationId: string, index: number): string {
  const hex = createHash('sha1')
    .update(`campaign-generator:${generationId}:${index}`)
    .digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

export function creationInputOf(
  settings: GeneratorSettings,
  campaign: GeneratorPlanCampaign,
): CampaignCreationInput {
  return {
    placement: 'SEARCH_RESULTS',
    adAccountId: settings.adAccountId,
    adamId: settings.adamId,
    campaignName: campaign.name,
    countries: [campaign.country],
    adminAreas: [],
    localities: [],
    dailyBudget: campaign.dailyBudget,
    startTime: null,
    endTime: null,
    negativeKeywords: campaign.negativeKeywords,
    adGroups: campaign.adGroups.map((adGroup) => ({
      name: adGroup.name,
      defaultBid: adGroup.defaultBid,
      cpaGoal: undefined,
      bidMode: 'adGroupDefault',
      searchMatch: adGroup.searchMatch,
      keywords: adGroup.keywords.map((keyword) => ({ ...keyword, bid: undefined })),
      negativeKeywords: adGroup.negativeKeywords,
      audience: settings.audience,
      ads: [],
    })),
  };
}

/** The launching member, as the saga records the change in the activity log. */
function actorOf(generation: GenerationRow): WriteActor {
  return {
    teamId: generation.teamId,
    userId: generation.userId,
    impersonatorId: null,
    mayWrite: true,
    source: 'campaignGenerator',
  };
}

interface Made {
  campaigns: number;
  adGroups: number;
  keywords: number;
}

function add(made: Made, result: CampaignCreationResult): Made {
  return {
    campaigns: made.campaigns + (result.campaignId === null ? 0 : 1),
    adGroups: made.adGroups + result.adGroups.filter((adGroup) => adGroup.id !== null).length,
    keywords: made.keywords + result.keywordsCreated + result.negativeKeywordsCreated,
  };
}

async function save(
  ctx: CreationContext,
  generation: GenerationRow,
  change: Parameters<typeof updateGeneration>[3],
): Promise<GenerationRow> {
  const saved = await updateGeneration(ctx.db, generation.teamId, generation.id, change);
  if (!saved) throw new AppError('NOT_FOUND', GENERATOR_MESSAGES.generationNotFound);
  // Campaigns, ad groups and keywords each have their message (opIds 21, 22, 23).
  for (const opId of [21, 22, 23] as const) announceGeneration(ctx, saved, opId);
  return saved;
}

function failureOf(result: CampaignCreationResult | null, error: unknown): string {
  if (result?.failure) return result.failure;
  if (error instanceof AppError) return error.message;
  return GENERATOR_MESSAGES.generationIncomplete;
}

/** The job's work: every campaign in plan order, each through the saga under its own key. */
export async function createGenerationCampaigns(
  ctx: CreationContext,
  teamId: string,
  id: string,
): Promise<void> {
  let generation = await findGeneration(ctx.db, teamId, id);
  if (!generation?.plan) return;
  if (generation.status !== 'WAITING_TO_SYNC' && generation.status !== 'SYNCING') return;
  const { plan, settings } = generation;
  const planned = plannedProgress(plan);
  generation = await save(ctx, generation, { status: 'SYNCING', failure: null });
  let made: Made = { campaigns: 0, adGroups: 0, keywords: 0 };
  for (const [index, campaign] of plan.campaigns.entries()) {
    let result: CampaignCreationResult | null = null;
    try {
      result = await createCampaign(ctx, actorOf(generation), {
        input: creationInputOf(settings, campaign),
        idempotencyKey: campaignCreationKey(id, index),
      });
    } catch (error) {
      ctx.logger?.warn({ err: error, generationId: id }, 'generated campaign refused');
      await stop(ctx, generation, made, planned, failureOf(null, error));
      return;
    }
    made = add(made, result);
    const progress = progressWith(planned, made);
    if (result.status !== 'COMPLETE') {
      await stop(ctx, generation, made, planned, failureOf(result, null));
      return;
    }
    generation = await save(ctx, generation, { progress });
  }
  await save(ctx, generation, {
    status: 'SYNC_COMPLETE',
    progress: progressWith(planned, made),
    failure: null,
  });
}

async function stop(
  ctx: CreationContext,
  generation: GenerationRow,
  made: Made,
  planned: ReturnType<typeof plannedProgress>,
  failure: string,
): Promise<void> {
  await save(ctx, generation, {
    status: 'INCOMPLETE',
    progress: progressWith(planned, made),
    failure,
  });
}

/** The job gave up (its worker kept failing): the generation ends INCOMPLETE, resumable. */
export async function stopGenerationCreation(
  ctx: CreationContext,
  teamId: string,
  id: string,
  error: unknown,
): Promise<void> {
  ctx.logger?.warn({ err: error, generationId: id }, 'generator creation gave up');
  const saved = await updateGeneration(
    ctx.db,
    teamId,
    id,
    { status: 'INCOMPLETE', failure: GENERATOR_MESSAGES.generationIncomplete },
    ['WAITING_TO_SYNC', 'SYNCING'],
  );
  if (saved) announceGeneration(ctx, saved, 23);
}
