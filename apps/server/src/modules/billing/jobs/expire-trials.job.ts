// Trials past their end that never reached the billing provider become cancelled, every hour.
// A subscription the provider holds is cancelled by its webhook instead (the provider is the
// source of truth); this job guards companies that never chose a plan (docs/billing.md).
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { expireLocalTrials } from '../billing-status';

export const expireTrialsJob = defineJob({
  name: 'billing.expire-trials',
  payload: z.object({ now: z.iso.datetime().optional() }),
  cron: '17 * * * *',
  async handle(payload, { db, logger }: JobContext) {
    const expired = await expireLocalTrials(db, payload.now ? new Date(payload.now) : new Date());
    if (expired.length) logger.info({ teamIds: expired }, 'trials ended without a subscription');
  },
});
