// Every background job Tapwise runs; the worker registers them all.
import { pruneSessionsJob } from './accounts/jobs/prune-sessions.job';
import { pruneActivityLogsJob } from './activity-log/jobs/prune-activity-logs.job';

export const allJobs = [pruneActivityLogsJob, pruneSessionsJob] as const;
