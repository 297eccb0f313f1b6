// Deletes activity-log entries past their company's retention period, once a day: the company's
// own period (teams.log_retention_days, set by staff) or the installation's default.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { deleteExpiredActivityLogs } from '../activity-log.repository';

export const pruneActivityLogsJob = defineJob({
  name: 'activity-log.prune',
  payload: z.object({ now: z.iso.datetime().optional() }),
  cron: '17 3 * * *',
  async handle(payload, { db, config, logger }: JobContext) {
    const now = payload.now ? new Date(payload.now) : new Date();
    const deleted = await deleteExpiredActivityLogs(db, now, config.activityLogRetentionDays);
    logger.info({ deleted, now }, 'pruned activity logs');
  },
});
