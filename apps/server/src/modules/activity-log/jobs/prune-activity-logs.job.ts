// Deletes activity-log entries past the retention period, once a day.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { deleteActivityLogsOlderThan } from '../activity-log.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export const pruneActivityLogsJob = defineJob({
  name: 'activity-log.prune',
  payload: z.object({ now: z.iso.datetime().optional() }),
  cron: '17 3 * * *',
  async handle(payload, { db, config, logger }: JobContext) {
    const now = payload.now ? new Date(payload.now) : new Date();
    const cutoff = new Date(now.getTime() - config.activityLogRetentionDays * DAY_MS);
    const deleted = await deleteActivityLogsOlderThan(db, cutoff);
    logger.info({ deleted, cutoff }, 'pruned activity logs');
  },
});
