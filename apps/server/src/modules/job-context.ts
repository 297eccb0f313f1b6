import type { Config } from '../platform/config';
import type { Database } from '../platform/db/database';
import type { Logger } from '../platform/logger';

/** What every job handler receives besides its payload. */
export interface JobContext {
  db: Database;
  config: Config;
  logger: Logger;
}
