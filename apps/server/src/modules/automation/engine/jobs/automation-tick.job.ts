// Runs the automation rules that are due: every 5 minutes for every company (SCHEDULED), and for
// one company as soon as its sync has landed fresh data (DATA, sent by the sync with its id).
import { z } from 'zod';
import { defineJob } from '../../../../platform/jobs/job-queue';
import type { JobContext } from '../../../job-context';

export const automationTickJob = defineJob({
  name: 'automation.tick',
  payload: z.object({ teamId: z.uuid().optional(), syncId: z.uuid().optional() }),
  cron: '*/5 * * * *',
  retryLimit: 1,
  expireInSeconds: 1800,
  async handle({ teamId, syncId }, ctx: JobContext) {
    const { runDueRules } = await import('../rule-runner');
    const { runs } = teamId
      ? await runDueRules(ctx, new Date(), 'DATA', teamId, syncId)
      : await runDueRules(ctx, new Date(), 'SCHEDULED');
    if (runs) ctx.logger.info({ runs, teamId }, 'automation rules ran');
  },
});
