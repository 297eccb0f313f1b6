// The incremental sync: every few minutes, starts a DAILY sync for each valid integration whose
// last sync began at least SYNC_INTERVAL_MINUTES ago (re-pulling the last 3 days), and resumes
// syncs whose worker died. With billing on, a cancelled company's integrations wait until it pays.
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/job-queue';
import type { JobContext } from '../../job-context';
import { listSyncableIntegrations } from '../../integrations/integrations.repository';
import { latestSyncRun } from '../sync.repository';
import { resumeStalledSyncs, startSync } from '../sync.service';

export const scheduledSyncJob = defineJob({
  name: 'sync.schedule',
  payload: z.object({}),
  cron: '*/5 * * * *',
  retryLimit: 0,
  async handle(_payload, ctx: JobContext) {
    const resumed = await resumeStalledSyncs(ctx, new Date());
    if (resumed) ctx.logger.info({ resumed }, 'resuming syncs whose worker stopped');
    const dueBefore = Date.now() - ctx.config.syncIntervalMinutes * 60_000;
    // Every company's integration: this job works for the whole installation.
    for (const integration of await listSyncableIntegrations(ctx.db, ctx.config)) {
      const latest = await latestSyncRun(ctx.db, integration.teamId);
      if (latest?.status === 'RUNNING' || (latest && latest.startedAt.getTime() > dueBefore))
        continue;
      await startSync(ctx, integration.teamId, integration.id, 'DAILY');
    }
  },
});
