// Writes one background export's file. Retrying is safe: the file is written again from the
// start, and a finished export is left as it is.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';

export const exportFileJob = defineJob({
  name: 'exports.export-file',
  payload: z.object({ teamId: z.uuid(), exportJobId: z.uuid(), locale: z.string().max(10) }),
  retryLimit: 2,
  expireInSeconds: 1800,
  async handle({ teamId, exportJobId, locale }, ctx: JobContext) {
    // Loaded on first use: the service imports this definition to enqueue it.
    const { runExportJob } = await import('../export-jobs.service');
    await runExportJob(ctx, teamId, exportJobId, locale);
  },
  async onGiveUp({ teamId, exportJobId }, ctx: JobContext) {
    const { giveUpExportJob } = await import('../export-jobs.service');
    await giveUpExportJob(ctx, teamId, exportJobId);
  },
});
