// The key that signs access tokens. Production must set AUTH_SECRET; elsewhere one is generated
// on first start and kept in the data directory so sessions survive a restart.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): Uint8Array {
  if (config.authSecret) return new TextEncoder().encode(config.authSecret);
  return new TextEncoder().encode(
    dataDirSecret(config.dataDir, 'auth-secret', () => randomBytes(48).toString('base64url')),
  );
}

/** A secret generated once and kept (mode 0600) in the data directory, for non-production use. */
export function dataDirSecret(dataDir: string, fileName: string, generate: () => string): string {
  const file = path.join(dataDir, fileName);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, generate(), { mode: 0o600, flag: 'wx' });
  }
  return fs.readFileSync(file, 'utf8').trim();
}
