// The first sync of a sandbox scenario into a migrated database, as the product runs it: a new
// company connects the sandbox (on its own thread) with a generated key and syncs everything.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScenarioName } from '@tapwise/apple-ads-sandbox';
import type { AppContext } from '../../apps/server/src/modules/app-context.js';
import { startDemoSandbox } from '../../apps/server/src/modules/demo/demo-sandbox.js';
import { connectIntegration } from '../../apps/server/src/modules/integrations/integrations.service.js';
import { runSync } from '../../apps/server/src/modules/sync/sync.service.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { createSecretBox } from '../../apps/server/src/platform/crypto/secret-box.js';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database.js';
import { runMigrations } from '../../apps/server/src/platform/db/migrate.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';
import { createCompany } from '../../apps/server/src/platform/testing/factories.js';
import { generateKeyPair } from '../../packages/apple-ads/src/index.js';

/** Runs the sync; `seconds` is from connecting to the last fact written. */
export async function syncSandboxScenario(
  database: DatabaseHandle,
  scenario: ScenarioName,
  companyName: string,
): Promise<{ teamId: string; seconds: number }> {
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
  const sandbox = await startDemoSandbox(scenario);
  try {
    const keys = generateKeyPair();
    const credentials = { clientId: 'bench', appleTeamId: 'bench', keyId: 'bench' };
    await sandbox.registerApiUser({
      ...credentials,
      teamId: 'bench',
      publicKeyPem: keys.publicKeyPem,
    });
    const team = await createCompany(database.db, companyName);
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
  } finally {
    await sandbox.close();
  }
}
