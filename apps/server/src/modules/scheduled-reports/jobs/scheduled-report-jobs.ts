// The scheduled reports' jobs: every minute the due reports are claimed (scheduled-report-claims),
// and each claimed delivery is its own job, retried with backoff, resending only to the recipients
// that failed. Handlers load their code on first use: the service imports these definitions.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';

export const deliverScheduledReportJob = defineJob({
  name: 'scheduled-reports.deliver',
  payload: z.object({ teamId: z.uuid(), deliveryId: z.uuid() }),
  retryLimit: 3,
  expireInSeconds: 900,
  async handle({ teamId, deliveryId }, ctx: JobContext) {
    const { deliverReport } = await import('../report-delivery');
    await deliverReport(ctx, teamId, deliveryId);
  },
  async onGiveUp({ teamId, deliveryId }, ctx: JobContext, error) {
    const { giveUpDelivery } = await import('../report-delivery');
    await giveUpDelivery(ctx, teamId, deliveryId, error);
  },
});

export const scheduledReportsTickJob = defineJob({
  name: 'scheduled-reports.tick',
  payload: z.object({}),
  cron: '* * * * *',
  retryLimit: 1,
  expireInSeconds: 600,
  async handle(_payload, ctx: JobContext) {
    const { claimDueReports } = await import('../scheduled-report-claims');
    const claimed = await claimDueReports(ctx.db, ctx.jobs, ctx.config, new Date());
    if (claimed) ctx.logger.info({ claimed }, 'scheduled reports claimed');
  },
});
