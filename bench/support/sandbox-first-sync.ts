// The first sync of a sandbox scenario into a migrated database, as the product runs it: a new
// company connects the sandbox with a generated key and syncs everything. The sandbox runs as a
// process of its own, so this process's peak memory is that of Tapwise's sync alone.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScenarioName } from '@tapwise/apple-ads-sandbox';
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import { connectIntegration } from '../../apps/server/src/modules/integrations/integrations.service.js';
import { runSync } from '../../apps/server/src/modules/sync/sync.service.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { createSecretBox } from '../../apps/server/src/platform/crypto/secret-box.js';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database.js';
import { runMigrations } from '../../apps/server/src/platform/db/migrate.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';
import { createCompany } from '../../apps/server/src/platform/testing/factories.js';
import { generateKeyPair } from '../../packages/apple-ads/src/index.js';
import { startSandboxProcess } from './sandbox-process.js';

export interface FirstSyncResult {
  teamId: string;
  /** From connecting to the last fact written. */
  seconds: number;
  /** This process's peak resident memory before and at the end of the sync (maxRSS), MiB. */
  peakMiBBefore: number;
  peakMiB: number;
  /** The sandbox process's own peak (VmHWM), MiB. */
  sandboxPeakMiB: number;
}

const peakRssMiB = () => process.resourceUsage().maxRSS / 1024;

export async function syncSandboxScenario(
  database: DatabaseHandle,
  scenario: ScenarioName,
  companyName: string,
): Promise<FirstSyncResult> {
  await runMigrations(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-bench-')),
  });
  const ctx = {
    db: database.db,
    config,
    logger: createLogger(config),
    secrets: createSecretBox(randomBytes(32)),
    realtime: { toTeam: () => undefined },
    jobs: { send: async () => null },
  } as unknown as AppContext;
  const sandbox = await startSandboxProcess(scenario);
  try {
    const keys = generateKeyPair();
    const credentials = { clientId: 'bench', appleTeamId: 'bench', keyId: 'bench' };
    await sandbox.registerApiUser({
      ...credentials,
      teamId: 'bench',
      publicKeyPem: keys.publicKeyPem,
    });
    const team = await createCompany(database.db, companyName);
    const peakMiBBefore = peakRssMiB();
    const started = performance.now();
    const { syncId } = await connectIntegration(ctx, team.id, {
      ...credentials,
      privateKeySealed: ctx.secrets.seal(keys.privateKeyPem),
      publicKeyPem: keys.publicKeyPem,
      baseUrl: sandbox.url,
      tokenUrl: sandbox.tokenUrl,
      demoMode: false,
      actor: null,
    });
    await runSync(ctx, team.id, syncId);
    const seconds = (performance.now() - started) / 1000;
    return {
      teamId: team.id,
      seconds,
      peakMiBBefore,
      peakMiB: peakRssMiB(),
      sandboxPeakMiB: sandbox.peakMiB(),
    };
  } finally {
    await sandbox.close();
  }
}
