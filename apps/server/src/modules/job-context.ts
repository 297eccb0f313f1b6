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
  /**
   * The worker process running the handler (worker_processes.id), recorded on the runs it takes so
   * that a lost worker's runs can be resumed; absent when a handler is called by hand (tests).
   */
  workerId?: string | null;
  /** Aborted when the process stops: a long handler hands its job back at its next checkpoint. */
  stopping?: AbortSignal;
}
