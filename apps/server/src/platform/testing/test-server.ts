// Starts the real server on a free loopback port over a fresh test database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import type { DestinationStream } from 'pino';
import { createLogger } from '../logger';
import { startServer, type RunningServer, type StartServerOptions } from '../server';
import { createTestDatabase } from './test-database';

export interface TestServer extends RunningServer {
  config: Config;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    withWorker?: boolean;
    logs?: DestinationStream;
    presence?: StartServerOptions['presence'];
  } = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-test-')),
    ...env,
  });
  const database = await createTestDatabase();
  const server = await startServer({
    config,
    logger: createLogger(config, options.logs),
    withWorker: options.withWorker ?? false,
    database,
    ...(options.presence ? { presence: options.presence } : {}),
  });
  return {
    ...server,
    config,
    async close() {
      await server.close();
      await database.close();
    },
  };
}
