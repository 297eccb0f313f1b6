// `npm start -- --fresh` (or DEMO_RESET=1): forget the embedded database so the demo starts
// over. Never touches a PostgreSQL server.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../platform/config';
import { acquireDataDirLock } from '../platform/db/pglite-lock';

export function freshStartRequested(config: Config, argv: readonly string[]): boolean {
  return config.demoReset || argv.includes('--fresh');
}

/** Removes the embedded database, refusing while another process holds it. */
export function resetEmbeddedData(config: Config): void {
  if (config.databaseUrl)
    throw new Error('--fresh / DEMO_RESET resets the embedded database only; DATABASE_URL is set');
  const release = acquireDataDirLock(config.dataDir);
  try {
    fs.rmSync(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
  } finally {
    release();
  }
}
