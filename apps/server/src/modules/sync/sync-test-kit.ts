// Test support: a company connected to an in-process Apple Ads sandbox through the real API,
// and waiting for its syncs.
import { createAppleAdsClient, generateKeyPair } from '@tapwise/apple-ads';
import { startSandbox, type Sandbox, type SandboxOptions } from '@tapwise/apple-ads-sandbox';
import { randomUUID } from 'node:crypto';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import type { TestServer } from '../../platform/testing/test-server';
import type { IntegrationView } from '../integrations/integrations.service';
import { findSyncRun, type SyncRun } from './sync.repository';

/** A sandbox in this process, or on its own thread as the demo runs it. */
export type AnySandbox = Pick<Sandbox, 'url' | 'tokenUrl'> & {
  registerApiUser(user: Parameters<Sandbox['registerApiUser']>[0]): unknown;
};

/** The server setting that lets integrations call this sandbox instead of Apple. */
export function allowingSandbox(sandbox: AnySandbox): Record<string, string> {
  return { APPLE_ADS_SANDBOX_URLS: sandbox.url };
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({
    scenario: 'new',
    seed: 7,
    rateLimit: { limit: 100_000, windowSeconds: 60 },
    ...options,
  });
}

/**
 * A sandbox clock a test can hold still. The sandbox's open days grow with its clock (an ad
 * account's day still running, partner events coming due), so a test that compares two answers
 * about the same days holds it between them.
 */
export function holdableClock() {
  let heldAt: number | null = null;
  return {
    now: () => heldAt ?? Date.now(),
    hold() {
      heldAt = Date.now();
    },
    release() {
      heldAt = null;
    },
  };
}

/** An independent reader of the sandbox, to ask Apple's own numbers. */
export function sandboxReader(sandbox: Sandbox) {
  const keys = generateKeyPair();
  const credentials = { clientId: `reader-${randomUUID()}`, teamId: 'reader', keyId: 'reader' };
  sandbox.registerApiUser({ ...credentials, publicKeyPem: keys.publicKeyPem });
  return createAppleAdsClient({
    ...credentials,
    privateKeyPem: keys.privateKeyPem,
    baseUrl: sandbox.url,
    tokenUrl: sandbox.tokenUrl,
  });
}

export interface ConnectedCompany {
  teamId: string;
  session: Session;
  clientId: string;
  integration: IntegrationView;
  syncId: string;
}

/** A new company whose admin generates a key pair, registers it in the sandbox and connects. */
export async function connectSandboxCompany(
  server: TestServer,
  sandbox: AnySandbox,
  role?: Parameters<Sandbox['registerApiUser']>[0]['role'],
): Promise<ConnectedCompany> {
  const api = apiClient(server.url);
  const company = await createCompany(server.database.db);
  const admin = await createMember(server.database.db, company.id, { role: 'ADMIN' });
  const session = await api.signIn(admin.email, admin.password);
  const key = await api.rest<{ publicKeyPem: string }>('POST', 'onboard/generate-key', {}, session);
  const credentials = {
    clientId: `SEARCHADS.${randomUUID()}`,
    teamId: `SEARCHADS.team-${randomUUID().slice(0, 8)}`,
    keyId: randomUUID().slice(0, 10),
  };
  await sandbox.registerApiUser({
    ...credentials,
    publicKeyPem: key.body.data.publicKeyPem,
    ...(role ? { role } : {}),
  });
  const added = await api.rest<{ integration: IntegrationView; syncId: string }>(
    'POST',
    'onboard/add-integration',
    { ...credentials, baseUrl: sandbox.url, tokenUrl: sandbox.tokenUrl },
    session,
  );
  if (added.status !== 200) throw new Error(`add-integration: ${JSON.stringify(added.body)}`);
  return {
    teamId: company.id,
    session,
    clientId: credentials.clientId,
    integration: added.body.data.integration,
    syncId: added.body.data.syncId,
  };
}

/** Waits until a sync run leaves RUNNING. */
export async function waitForSync(
  server: TestServer,
  teamId: string,
  syncId: string,
  timeoutMs = 120_000,
): Promise<SyncRun> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await findSyncRun(server.database.db, teamId, syncId);
    if (run && run.status !== 'RUNNING') return run;
    if (Date.now() > deadline) throw new Error(`sync ${syncId} still running: ${run?.progress}%`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
