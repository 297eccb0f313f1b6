// Every background job Tapwise runs; the worker registers them all.
import { pruneSessionsJob } from './accounts/jobs/prune-sessions.job';
import { pruneActivityLogsJob } from './activity-log/jobs/prune-activity-logs.job';
import { exportReportJob } from './analytics/jobs/export-report.job';
import { automationTickJob } from './automation/engine/jobs/automation-tick.job';
import { ruleBacktestJob } from './automation/engine/jobs/rule-backtest.job';
import { ruleRunJob } from './automation/engine/jobs/rule-run.job';
import { bulkActionJob } from './apple-writes/jobs/bulk-action.job';
import { refreshExchangeRatesJob } from './currencies/jobs/refresh-exchange-rates.job';
import { deleteIntegrationJob } from './integrations/jobs/delete-integration.job';
import { scheduledSyncJob } from './sync/jobs/scheduled-sync.job';
import { syncJob } from './sync/jobs/sync.job';

export const allJobs = [
  pruneActivityLogsJob,
  pruneSessionsJob,
  syncJob,
  scheduledSyncJob,
  deleteIntegrationJob,
  exportReportJob,
  bulkActionJob,
  automationTickJob,
  ruleRunJob,
  ruleBacktestJob,
  refreshExchangeRatesJob,
] as const;
