// The generator's two jobs: fetching a generation's researched keywords (then its plan), and
// creating its campaigns through the creation saga. Both resume from what the generation saved,
// so a pg-boss retry after a lost worker finishes the work without doing any of it twice.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';

const payload = z.object({ teamId: z.uuid(), generationId: z.uuid() });

export const generatorKeywordsJob = defineJob({
  name: 'campaign-generator.keywords',
  payload,
  retryLimit: 2,
  expireInSeconds: 1800,
  async handle({ teamId, generationId }, ctx: JobContext) {
    // Loaded on first use: the service imports this definition to enqueue it.
    const { fetchGenerationKeywords } = await import('../generator-keywords');
    await fetchGenerationKeywords(ctx, teamId, generationId);
  },
  async onGiveUp({ teamId, generationId }, ctx: JobContext, error) {
    const { failGenerationKeywords } = await import('../generator-keywords');
    await failGenerationKeywords(ctx, teamId, generationId, error);
  },
});

export const generatorCreationJob = defineJob({
  name: 'campaign-generator.creation',
  payload,
  retryLimit: 3,
  expireInSeconds: 3600,
  async handle({ teamId, generationId }, ctx: JobContext) {
    const { createGenerationCampaigns } = await import('../generator-creation');
    await createGenerationCampaigns(ctx, teamId, generationId);
  },
  async onGiveUp({ teamId, generationId }, ctx: JobContext, error) {
    const { stopGenerationCreation } = await import('../generator-creation');
    await stopGenerationCreation(ctx, teamId, generationId, error);
  },
});
