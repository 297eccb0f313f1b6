// Deletes exports past their day (EXPORT_FILE_TTL_MS), file and all, every hour.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { deleteExpiredExportJobs } from '../exports.repository';

export const pruneExportFilesJob = defineJob({
  name: 'exports.prune-files',
  payload: z.object({ now: z.iso.datetime().optional() }),
  cron: '17 * * * *',
  async handle(payload, { db, logger }: JobContext) {
    const deleted = await deleteExpiredExportJobs(
      db,
      payload.now ? new Date(payload.now) : new Date(),
    );
    logger.info({ deleted }, 'pruned export files');
  },
});
