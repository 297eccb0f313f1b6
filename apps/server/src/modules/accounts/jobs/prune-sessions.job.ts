// Deletes sessions that expired or were ended, every hour, so the table holds live ones only.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { deleteExpiredSessions } from '../accounts.repository';

export const pruneSessionsJob = defineJob({
  name: 'accounts.prune-sessions',
  payload: z.object({ now: z.iso.datetime().optional() }),
  cron: '7 * * * *',
  async handle(payload, { db, logger }: JobContext) {
    const deleted = await deleteExpiredSessions(
      db,
      payload.now ? new Date(payload.now) : new Date(),
    );
    logger.info({ deleted }, 'pruned sessions');
  },
});
