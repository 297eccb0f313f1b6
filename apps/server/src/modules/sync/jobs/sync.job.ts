// Runs one sync of a company's Apple Ads data. A retry (after a crash, a killed worker or an
// error Apple's retries could not absorb) resumes from the run's checkpoint.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { runSync } from '../sync.service';

export const syncJob = defineJob({
  name: 'sync.apple-ads',
  payload: z.object({ teamId: z.uuid(), syncId: z.uuid() }),
  retryLimit: 5,
  expireInSeconds: 3600,
  async handle(payload, ctx: JobContext) {
    await runSync(ctx, payload.teamId, payload.syncId);
  },
});
