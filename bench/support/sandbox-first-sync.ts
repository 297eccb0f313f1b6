// The first sync of a sandbox scenario into a migrated database, as the product runs it: a new
// company connects the sandbox (on its own thread) with a generated key and syncs everything.
// The dataset's company runs it against a sandbox of its own; the hourly measure's companies share one.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScenarioName } from '@tapwise/apple-ads-sandbox';
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import {
  startDemoSandbox,
  type DemoSandbox,
} from '../../apps/server/src/modules/demo/demo-sandbox.js';
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
  sandbox: DemoSandbox,
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

/** The dataset's one company: a sandbox of the scenario started for its first sync alone. */
export async function syncSandboxScenario(
  database: DatabaseHandle,
  scenario: ScenarioName,
  companyName: string,
): Promise<{ teamId: string; seconds: number }> {
  await runMigrations(database);
  const ctx = benchSyncContext(database, createSecretBox(randomBytes(32)));
  const sandbox = await startDemoSandbox(scenario);
  try {
    return await firstSyncCompany(ctx, sandbox, companyName, 'bench');
  } finally {
    await sandbox.close();
  }
}
