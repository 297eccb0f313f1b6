// Sends an exported overview report by e-mail (exportReport).
import { exportReportInput } from '@tapwise/contracts';
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';

export const exportReportJob = defineJob({
  name: 'analytics.export-report',
  payload: exportReportInput.extend({ teamId: z.uuid(), locale: z.string().max(10) }),
  retryLimit: 3,
  async handle({ teamId, locale, ...input }, ctx: JobContext) {
    // Loaded on first use: the service imports this definition to enqueue it.
    const { sendReportExport } = await import('../overview-export');
    await sendReportExport(ctx, teamId, input, locale);
  },
});
