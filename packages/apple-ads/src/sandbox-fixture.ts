// Test support: an in-process sandbox with a freshly registered API user and a client for it.
import {
  startSandbox,
  type Sandbox,
  type SandboxOptions,
  type Role,
} from '@tapwise/apple-ads-sandbox';
import { createAppleAdsClient, type AppleAdsClient, type AppleAdsClientOptions } from './client.js';
import { generateKeyPair } from './key-pair.js';

export interface Fixture {
  sandbox: Sandbox;
  client: AppleAdsClient;
  adAccountId: number;
  credentials: { clientId: string; teamId: string; keyId: string; privateKeyPem: string };
}

let counter = 0;

export async function startFixture(
  options: SandboxOptions = {},
  clientOptions: Partial<AppleAdsClientOptions> = {},
  role: Role = 'Admin',
): Promise<Fixture> {
  const sandbox = await startSandbox({ scenario: 'demo', seed: 42, ...options });
  const keys = generateKeyPair();
  counter++;
  const credentials = {
    clientId: `SEARCHADS.test-${counter}`,
    teamId: `SEARCHADS.team-${counter}`,
    keyId: `key-${counter}`,
    privateKeyPem: keys.privateKeyPem,
  };
  sandbox.registerApiUser({ ...credentials, publicKeyPem: keys.publicKeyPem, role });
  const client = createAppleAdsClient({
    ...credentials,
    baseUrl: sandbox.url,
    tokenUrl: sandbox.tokenUrl,
    ...clientOptions,
  });
  const adAccountId = sandbox.accounts()[0]?.id ?? 0;
  return { sandbox, client, adAccountId, credentials };
}
