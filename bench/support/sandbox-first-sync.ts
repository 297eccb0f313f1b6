// The first sync of a sandbox scenario into a migrated database, as the product runs it: a new
// company connects the sandbox with a generated key and syncs everything. The dataset's company
// syncs from a sandbox process of its own, so this process's peak memory is that of Tapwise's
// sync alone; the hourly measure's companies share one sandbox.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiUserRegistration, ScenarioName } from '@tapwise/apple-ads-sandbox';
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import { connectIntegration } from '../../apps/server/src/modules/integrations/integrations.service.js';
import { runSync } from '../../apps/server/src/modules/sync/sync.service.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import {
  createSecretBox,
  type SecretBox,
} from '../../apps/server/src/platform/crypto/secret-box.js';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database.js';
import { runMigrations } from '../../apps/server/src/platform/db/migrate.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';
import { createCompany } from '../../apps/server/src/platform/testing/factories.js';
import { generateKeyPair } from '../../packages/apple-ads/src/index.js';
import { startSandboxProcess } from './sandbox-process.js';

/** A running sandbox, in this process or in its own. */
interface ConnectableSandbox {
  url: string;
  tokenUrl: string;
  registerApiUser(user: ApiUserRegistration): Promise<void>;
}

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

/** What the sync needs of a running installation, in the bench's process: no jobs, no sockets. */
export function benchSyncContext(database: DatabaseHandle, secrets: SecretBox): AppContext {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tapwise-bench-')),
  });
  return {
    db: database.db,
    config,
    logger: createLogger(config),
    secrets,
    realtime: { toTeam: () => undefined },
    jobs: { send: async () => null },
  } as unknown as AppContext;
}

/**
 * A new company connects the running sandbox under its own API user (`clientId`) and runs its
 * first sync; `seconds` is from connecting to the last fact written.
 */
export async function firstSyncCompany(
  ctx: AppContext,
  sandbox: ConnectableSandbox,
  companyName: string,
  clientId: string,
): Promise<{ teamId: string; seconds: number }> {
  const keys = generateKeyPair();
  const credentials = { clientId, appleTeamId: clientId, keyId: clientId };
  await sandbox.registerApiUser({
    ...credentials,
    teamId: clientId,
    publicKeyPem: keys.publicKeyPem,
  });
  const team = await createCompany(ctx.db, companyName);
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
  return { teamId: team.id, seconds: (performance.now() - started) / 1000 };
}

/** The dataset's one company: a sandbox process of the scenario started for its first sync alone. */
export async function syncSandboxScenario(
  database: DatabaseHandle,
  scenario: ScenarioName,
  companyName: string,
): Promise<FirstSyncResult> {
  await runMigrations(database);
  const ctx = benchSyncContext(database, createSecretBox(randomBytes(32)));
  const sandbox = await startSandboxProcess(scenario);
  try {
    const peakMiBBefore = peakRssMiB();
    const synced = await firstSyncCompany(ctx, sandbox, companyName, 'bench');
    return {
      ...synced,
      peakMiBBefore,
      peakMiB: peakRssMiB(),
      sandboxPeakMiB: sandbox.peakMiB(),
    };
  } finally {
    await sandbox.close();
  }
}
