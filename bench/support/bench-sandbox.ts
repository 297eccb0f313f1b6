// A running sandbox for the dataset's company: the first sync's sandbox closed with it, so a
// measure that reads Apple Ads or the App Store starts one of the same scenario and seed (the same
// accounts and apps), registers a new key with it and points the company's integration at it, the
// key sealed with the bench server's secrets.
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
  const integration = await findIntegration(dataset.database.db, dataset.teamId);
  if (!integration) throw new Error('the dataset has no integration');
  const sandbox = await startDemoSandbox(dataset.scenario);
  const keys = generateKeyPair();
  await sandbox.registerApiUser({
    clientId: integration.clientId,
    keyId: integration.keyId,
    teamId: integration.appleTeamId,
    publicKeyPem: keys.publicKeyPem,
  });
  await dataset.database.db
    .update(appleAdsIntegrations)
    .set({
      baseUrl: sandbox.url,
      tokenUrl: sandbox.tokenUrl,
      privateKeySealed: secrets.seal(keys.privateKeyPem),
      publicKeyPem: keys.publicKeyPem,
    })
    .where(eq(appleAdsIntegrations.teamId, dataset.teamId));
  return sandbox;
}
