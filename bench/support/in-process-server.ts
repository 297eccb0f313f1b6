// Tapwise's server in the bench's own process, on a free port, over a database the bench opened:
// no worker, no rate limit, quiet logs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';
import { startServer } from '../../apps/server/src/platform/server.js';

export function startInProcessServer(database: DatabaseHandle) {
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-bench-')),
  });
  return startServer({ config, logger: createLogger(config), withWorker: false, database });
}
