// The monthly refill of AI credits (docs/keyword-ai.md "Credits"): daily, so a balance due on the
// first of the month is restored that day even after a missed run; a row is refilled once a month.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { refillCredits } from '../keyword-ai.service';

export const refillAiCreditsJob = defineJob({
  name: 'keyword-ai.refill-credits',
  payload: z.object({ now: z.iso.datetime().optional() }),
  cron: '5 0 * * *',
  retryLimit: 2,
  async handle(payload, ctx: JobContext) {
    const refilled = await refillCredits(ctx, payload.now ? new Date(payload.now) : new Date());
    ctx.logger.info({ refilled }, 'AI credits refilled');
  },
});
