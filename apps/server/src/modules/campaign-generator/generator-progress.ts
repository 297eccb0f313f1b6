// A generation's progress: the counts planned and made, the spec's flags derived from them, and
// the message that tells its member on the data-request channel (opIds 11, 12, 21, 22, 23).
import {
  dataRequestChannel,
  type GenerationProgress,
  type GenerationProgressMessage,
  type GeneratorPlan,
} from '@tapwise/contracts';
import type { JobContext } from '../job-context';
import type { GenerationRow } from './campaign-generator.repository';

export const NO_PROGRESS: GenerationProgress = {
  campaignsCreated: false,
  adGroupsCreated: false,
  allDone: false,
  campaigns: { done: 0, total: 0 },
  adGroups: { done: 0, total: 0 },
  keywords: { done: 0, total: 0 },
};

/** Nothing made yet of the plan's campaigns, ad groups and keywords (negatives included). */
export function plannedProgress(plan: GeneratorPlan): GenerationProgress {
  const adGroups = plan.campaigns.flatMap((campaign) => campaign.adGroups);
  const keywords = plan.campaigns.reduce(
    (sum, campaign) =>
      sum +
      campaign.negativeKeywords.length +
      campaign.adGroups.reduce((n, g) => n + g.keywords.length + g.negativeKeywords.length, 0),
    0,
  );
  return {
    ...NO_PROGRESS,
    campaigns: { done: 0, total: plan.campaigns.length },
    adGroups: { done: 0, total: adGroups.length },
    keywords: { done: 0, total: keywords },
  };
}

/** The counts made so far with the flags they imply. */
export function progressWith(
  progress: GenerationProgress,
  done: { campaigns: number; adGroups: number; keywords: number },
): GenerationProgress {
  const campaignsCreated = done.campaigns >= progress.campaigns.total;
  const adGroupsCreated = campaignsCreated && done.adGroups >= progress.adGroups.total;
  return {
    campaignsCreated,
    adGroupsCreated,
    allDone: adGroupsCreated && done.keywords >= progress.keywords.total,
    campaigns: { ...progress.campaigns, done: done.campaigns },
    adGroups: { ...progress.adGroups, done: done.adGroups },
    keywords: { ...progress.keywords, done: done.keywords },
  };
}

export function announceGeneration(
  ctx: Pick<JobContext, 'realtime'>,
  generation: GenerationRow,
  opId: GenerationProgressMessage['opId'],
): void {
  if (!generation.userId) return;
  const message: GenerationProgressMessage = {
    opId,
    context: generation.id,
    appId: String(generation.adamId),
    data: {
      status: generation.status,
      progress: generation.progress,
      failure: generation.failure,
    },
  };
  ctx.realtime.toUser(generation.userId, dataRequestChannel(generation.userId), message);
}
