// Fetches one data request of keyword research in steps, resuming from what it saved.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';

export const dataRequestJob = defineJob({
  name: 'keyword-research.data-request',
  payload: z.object({ teamId: z.uuid(), dataRequestId: z.uuid() }),
  retryLimit: 3,
  expireInSeconds: 3600,
  async handle({ teamId, dataRequestId }, ctx: JobContext) {
    // Loaded on first use: the service imports this definition to enqueue it.
    const { workDataRequest } = await import('../data-requests.service');
    await workDataRequest(ctx, teamId, dataRequestId);
  },
  async onGiveUp({ teamId, dataRequestId }, ctx: JobContext, error) {
    const { giveUpDataRequest } = await import('../data-requests.service');
    await giveUpDataRequest(ctx, teamId, dataRequestId, error);
  },
});
