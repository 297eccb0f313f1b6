// Every background job Tapwise runs; the worker registers them all.
import { pruneActivityLogsJob } from './activity-log/jobs/prune-activity-logs.job';

export const allJobs = [pruneActivityLogsJob] as const;
