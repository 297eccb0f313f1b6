import type { Config } from '../platform/config';
import type { SecretBox } from '../platform/crypto/secret-box';
import type { Database } from '../platform/db/database';
import type { JobQueue } from '../platform/jobs/job-queue';
import type { Logger } from '../platform/logger';
import type { RealtimeEmitter } from '../platform/realtime/socket-events';

/** Enqueues jobs; what services and handlers need of the queue. */
export type JobSender = Pick<JobQueue, 'send'>;

/** What every job handler receives besides its payload. */
export interface JobContext {
  db: Database;
  config: Config;
  logger: Logger;
  secrets: SecretBox;
  realtime: RealtimeEmitter;
  jobs: JobSender;
}
