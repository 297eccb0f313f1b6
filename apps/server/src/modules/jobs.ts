// Every background job Tapwise runs; the worker registers them all.
import type { JobQueue } from '../platform/jobs/job-queue';
import type { JobContext } from './job-context';
import { pruneSessionsJob } from './accounts/jobs/prune-sessions.job';
import { pruneActivityLogsJob } from './activity-log/jobs/prune-activity-logs.job';
import { demoPostbacksJob } from './attribution/jobs/demo-postbacks.job';
import { kochavaPullJob } from './attribution/jobs/kochava-pull.job';
import { exportReportJob } from './analytics/jobs/export-report.job';
import { automationTickJob } from './automation/engine/jobs/automation-tick.job';
import { ruleBacktestJob } from './automation/engine/jobs/rule-backtest.job';
import { ruleRunJob } from './automation/engine/jobs/rule-run.job';
import { bulkActionJob } from './apple-writes/jobs/bulk-action.job';
import { expireTrialsJob } from './billing/jobs/expire-trials.job';
import { purgeRawPostbacksJob } from './attribution/jobs/purge-raw.job';
import {
  generatorCreationJob,
  generatorKeywordsJob,
} from './campaign-generator/jobs/generator-jobs';
import { refreshExchangeRatesJob } from './currencies/jobs/refresh-exchange-rates.job';
import { exportFileJob } from './exports/jobs/export-file.job';
import { pruneExportFilesJob } from './exports/jobs/prune-export-files.job';
import { deleteIntegrationJob } from './integrations/jobs/delete-integration.job';
import { refillAiCreditsJob } from './keyword-ai/jobs/refill-ai-credits.job';
import { dataRequestJob } from './keyword-research/jobs/data-request.job';
import { pruneAppStoreCacheJob } from './keyword-research/jobs/prune-app-store-cache.job';
import { rankSnapshotJob } from './keyword-research/jobs/rank-snapshot.job';
import {
  deliverScheduledReportJob,
  scheduledReportsTickJob,
} from './scheduled-reports/jobs/scheduled-report-jobs';
import { scheduledSyncJob } from './sync/jobs/scheduled-sync.job';
import { syncJob } from './sync/jobs/sync.job';

export const allJobs = [
  pruneActivityLogsJob,
  pruneSessionsJob,
  syncJob,
  scheduledSyncJob,
  deleteIntegrationJob,
  exportReportJob,
  exportFileJob,
  pruneExportFilesJob,
  bulkActionJob,
  automationTickJob,
  ruleRunJob,
  ruleBacktestJob,
  refreshExchangeRatesJob,
  dataRequestJob,
  pruneAppStoreCacheJob,
  rankSnapshotJob,
  generatorKeywordsJob,
  generatorCreationJob,
  refillAiCreditsJob,
  kochavaPullJob,
  demoPostbacksJob,
  purgeRawPostbacksJob,
  scheduledReportsTickJob,
  deliverScheduledReportJob,
  expireTrialsJob,
] as const;

/**
 * What the modules do when other workers are found lost (their pg-boss jobs are retried at once):
 * running syncs show as resuming, rule runs are sent again to resume from what they recorded.
 */
export function onLostWorkers(ctx: Pick<JobContext, 'db' | 'realtime' | 'jobs' | 'logger'>) {
  return async (workerIds: string[]) => {
    const { releaseSyncsOfLostWorkers } = await import('./sync/sync.service');
    const { resumeRuleRunsOfLostWorkers } = await import('./automation/engine/rule-runner');
    const syncs = await releaseSyncsOfLostWorkers(ctx, workerIds);
    const runs = await resumeRuleRunsOfLostWorkers(ctx, workerIds);
    ctx.logger.info({ workerIds, syncs, runs }, 'work of lost workers handed over');
  };
}

/** Takes every job in this process: handlers run as this queue's worker and stop with it. */
export async function workAllJobs(
  jobs: JobQueue,
  ctx: Omit<JobContext, 'jobs' | 'workerId' | 'stopping'>,
) {
  await jobs.work(allJobs, { ...ctx, jobs, workerId: jobs.workerId, stopping: jobs.stopping });
}
