// Carries out one bulk action of the ads manager (a status change of many rows).
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';

export const bulkActionJob = defineJob({
  name: 'apple-writes.bulk-action',
  payload: z.object({ teamId: z.uuid(), bulkActionId: z.uuid() }),
  retryLimit: 3,
  expireInSeconds: 3600,
  async handle({ teamId, bulkActionId }, ctx: JobContext) {
    // Loaded on first use: the service imports this definition to enqueue it.
    const { runBulkAction } = await import('../bulk-actions.service');
    await runBulkAction(ctx, teamId, bulkActionId);
  },
  async onGiveUp({ teamId, bulkActionId }, ctx: JobContext) {
    const { giveUpBulkAction } = await import('../bulk-actions.service');
    await giveUpBulkAction(ctx, teamId, bulkActionId);
  },
});
