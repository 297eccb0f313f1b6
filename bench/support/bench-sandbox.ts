// A running sandbox for the dataset's company: the first sync's sandbox closed with it, so a
// measure that reads Apple Ads or the App Store starts one of the same scenario and seed (the same
// accounts and apps), registers a new key with it and points the company's integration at it, the
// key sealed with the bench server's secrets. The hourly measure points many companies at one.
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database.js';
import type { SecretBox } from '../../apps/server/src/platform/crypto/secret-box.js';
import {
  startDemoSandbox,
  type DemoSandbox,
} from '../../apps/server/src/modules/demo/demo-sandbox.js';
import { findIntegration } from '../../apps/server/src/modules/integrations/integrations.repository.js';
import { appleAdsIntegrations } from '../../apps/server/src/modules/integrations/integrations.tables.js';
import { generateKeyPair } from '../../packages/apple-ads/src/index.js';
import type { BenchDataset } from './bench-dataset.js';

export async function connectBenchSandbox(
  dataset: Pick<BenchDataset, 'scenario' | 'teamId'> & { database: DatabaseHandle },
  secrets: SecretBox,
): Promise<DemoSandbox> {
  const sandbox = await startDemoSandbox(dataset.scenario);
  try {
    await pointIntegrationAt(dataset.database, dataset.teamId, sandbox, secrets);
    return sandbox;
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}

/** Registers a new key for the company's API user with the sandbox and points its integration at it. */
export async function pointIntegrationAt(
  database: DatabaseHandle,
  teamId: string,
  sandbox: DemoSandbox,
  secrets: SecretBox,
  keys = generateKeyPair(),
) {
  const integration = await findIntegration(database.db, teamId);
  if (!integration) throw new Error(`the company ${teamId} has no integration`);
  await sandbox.registerApiUser({
    clientId: integration.clientId,
    keyId: integration.keyId,
    teamId: integration.appleTeamId,
    publicKeyPem: keys.publicKeyPem,
  });
  await database.db
    .update(appleAdsIntegrations)
    .set({
      baseUrl: sandbox.url,
      tokenUrl: sandbox.tokenUrl,
      privateKeySealed: secrets.seal(keys.privateKeyPem),
      publicKeyPem: keys.publicKeyPem,
    })
    .where(eq(appleAdsIntegrations.teamId, teamId));
}
