// Deletes expired App Store answers every hour, so the cache holds live answers only.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { deleteExpiredAppStoreAnswers } from '../app-store-cache.repository';

export const pruneAppStoreCacheJob = defineJob({
  name: 'keyword-research.prune-app-store-cache',
  payload: z.object({ now: z.iso.datetime().optional() }),
  cron: '23 * * * *',
  async handle(payload, { db, logger }: JobContext) {
    const deleted = await deleteExpiredAppStoreAnswers(
      db,
      payload.now ? new Date(payload.now) : new Date(),
    );
    logger.info({ deleted }, 'pruned App Store answers');
  },
});
