// The world the campaign creation tests run in: the in-process sandbox as Apple, a server
// connected to it as one company (its first ad account and app in reach), a read-only member of
// that company and the admin of another.
import type { Sandbox, SandboxOptions } from '@tapwise/apple-ads-sandbox';
import { expect } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import {
  allowingSandbox,
  connectSandboxCompany,
  startTestSandbox,
  waitForSync,
  type ConnectedCompany,
} from '../sync/sync-test-kit';

export interface CreationWorld {
  server: TestServer;
  sandbox: Sandbox;
  company: ConnectedCompany;
  readOnlyMember: Session;
  otherCompany: Session;
  adAccountId: number;
  adamId: number;
  currency: string;
  close(): Promise<void>;
}

/**
 * Starts the world; `synced` also runs the job worker and waits for the first sync; `env` adds
 * server configuration, made from the sandbox (its URLs are known only once it runs); `sandbox`
 * adds the sandbox's own options (its clock).
 */
export async function startCreationWorld(
  options: {
    synced?: boolean;
    env?: (sandbox: Sandbox) => Record<string, string>;
    sandbox?: SandboxOptions;
  } = {},
) {
  const sandbox = await startTestSandbox(options.sandbox);
  const server = await startTestServer(
    { ...allowingSandbox(sandbox), ...options.env?.(sandbox) },
    options.synced ? { withWorker: true } : {},
  );
  const company = await connectSandboxCompany(server, sandbox);
  if (options.synced)
    expect((await waitForSync(server, company.teamId, company.syncId)).status).toBe('DONE');
  const db = server.database.db;
  const api = apiClient(server.url);
  const viewer = await createMember(db, company.teamId, { isReadOnly: true });
  const other = await createCompany(db, 'Other Co');
  const otherAdmin = await createMember(db, other.id, { role: 'ADMIN' });
  const account = sandbox.accounts()[0]!;
  return {
    server,
    sandbox,
    company,
    readOnlyMember: await api.signIn(viewer.email, viewer.password),
    otherCompany: await api.signIn(otherAdmin.email, otherAdmin.password),
    adAccountId: account.id,
    adamId: account.adamIds[0]!,
    currency: account.currency,
    close: async () => {
      await server.close();
      await sandbox.close();
    },
  } satisfies CreationWorld;
}
