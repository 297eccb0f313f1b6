import http from 'node:http';
// Connecting Apple Ads through the REST API: key pairs, the user's own key, refused
// credentials, read-only Apple roles, who may do what, and deletion with its socket events.
import { generateKeyPair } from '@tapwise/apple-ads';
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import {
  ERROR_CODES,
  INTEGRATION_MESSAGES,
  SOCKET_EVENTS,
  type IntegrationDeletionEvent,
} from '@tapwise/contracts';
import { count, eq } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { countFacts } from '../ads-data/ads-data.repository';
import { impressionShareFacts, searchTermShareTotals } from '../ads-data/impression-share.tables';
import {
  allowingSandbox,
  connectSandboxCompany,
  startTestSandbox,
  waitForSync,
} from '../sync/sync-test-kit';
import { findIntegration } from './integrations.repository';
import { appleAdsIntegrations } from './integrations.tables';

const ORIGIN = 'https://app.tapwise.test';
let server: TestServer;
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startTestServer(
    { ALLOWED_ORIGINS: ORIGIN, ...allowingSandbox(sandbox) },
    { withWorker: true },
  );
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

async function adminOfNewCompany() {
  const company = await createCompany(server.database.db);
  const admin = await createMember(server.database.db, company.id, { role: 'ADMIN' });
  return { company, session: await apiClient(server.url).signIn(admin.email, admin.password) };
}

describe('connecting Apple Ads', () => {
  it('generates a key pair, checks it with Apple and never returns the private key', async () => {
    const connected = await connectSandboxCompany(server, sandbox);
    expect(connected.integration).toMatchObject({
      partner: 'APPLE_SEARCH_ADS',
      state: 'ACTIVE',
      readOnly: false,
      demoMode: false,
    });
    expect(connected.integration.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(connected.integration.adAccounts.length).toBeGreaterThan(0);
    const read = await apiClient(server.url).rest(
      'GET',
      'integration',
      undefined,
      connected.session,
    );
    expect(JSON.stringify(read.body)).not.toMatch(/PRIVATE KEY|privateKey/);
    const [row] = await server.database.db.select().from(appleAdsIntegrations);
    expect(row!.privateKeySealed).not.toContain('PRIVATE KEY');
  });

  it("accepts the user's own private key and reports a read-only Apple role", async () => {
    const api = apiClient(server.url);
    const { session } = await adminOfNewCompany();
    const keys = generateKeyPair();
    const credentials = { clientId: 'SEARCHADS.own-key', teamId: 'SEARCHADS.own', keyId: 'own' };
    sandbox.registerApiUser({
      ...credentials,
      publicKeyPem: keys.publicKeyPem,
      role: 'API Account Read Only',
    });
    const added = await api.rest<{
      warning: string;
      integration: { id: string; readOnly: boolean };
    }>(
      'POST',
      'onboard/add-integration',
      {
        ...credentials,
        privateKeyPem: keys.privateKeyPem,
        baseUrl: sandbox.url,
        tokenUrl: sandbox.tokenUrl,
      },
      session,
    );
    expect(added.status).toBe(200);
    expect(added.body.successMessage).toBe(INTEGRATION_MESSAGES.ADDED);
    expect(added.body.data.integration.readOnly).toBe(true);
    expect(added.body.data.warning).toBe(INTEGRATION_MESSAGES.READ_ONLY_ROLE);
    const role = await api.rest<{ roleName: string; readOnly: boolean }>(
      'GET',
      `onboard/getRoleName/${added.body.data.integration.id}`,
      undefined,
      session,
    );
    expect(role.body.data).toMatchObject({ roleName: 'API Account Read Only', readOnly: true });
  });

  it('refuses credentials Apple does not know, and saves nothing', async () => {
    const api = apiClient(server.url);
    const { company, session } = await adminOfNewCompany();
    await api.rest('POST', 'onboard/generate-key', {}, session);
    const refused = await api.rest(
      'POST',
      'onboard/add-integration',
      {
        clientId: 'SEARCHADS.unknown',
        teamId: 'SEARCHADS.unknown',
        keyId: 'nope',
        baseUrl: sandbox.url,
        tokenUrl: sandbox.tokenUrl,
      },
      session,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(ERROR_CODES.APPLE_ADS_REJECTED);
    expect(await findIntegration(server.database.db, company.id)).toBeNull();
  });

  it('calls no address but Apple and the sandboxes the server allows', async () => {
    const api = apiClient(server.url);
    const { company, session } = await adminOfNewCompany();
    await api.rest('POST', 'onboard/generate-key', {}, session);
    const visits: string[] = [];
    const internal = http.createServer((request, response) => {
      visits.push(request.url ?? '');
      response.end('{}');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    const internalUrl = `http://127.0.0.1:${(internal.address() as { port: number }).port}`;
    try {
      for (const addresses of [
        { baseUrl: `${internalUrl}/v1`, tokenUrl: sandbox.tokenUrl },
        { baseUrl: sandbox.url, tokenUrl: `${internalUrl}/token` },
        { baseUrl: 'http://169.254.169.254/latest/meta-data', tokenUrl: sandbox.tokenUrl },
      ]) {
        const refused = await api.rest(
          'POST',
          'onboard/add-integration',
          { clientId: 'SEARCHADS.x', teamId: 'SEARCHADS.x', keyId: 'x', ...addresses },
          session,
        );
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe(
          'Use Apple Ads or one of the sandboxes this server allows.',
        );
      }
      expect(visits).toEqual([]);
      expect(await findIntegration(server.database.db, company.id)).toBeNull();
    } finally {
      await new Promise((resolve) => internal.close(resolve));
    }
  });

  it('lets read-only members and staff read but not connect or delete', async () => {
    const api = apiClient(server.url);
    const company = await createCompany(server.database.db);
    for (const member of [
      { role: 'ADMIN' as const, isReadOnly: true },
      { role: 'STAFF' as const, isReadOnly: false },
    ]) {
      const created = await createMember(server.database.db, company.id, member);
      const session = await api.signIn(created.email, created.password);
      expect((await api.rest('GET', 'get-integrations-state', undefined, session)).status).toBe(
        200,
      );
      for (const [method, path] of [
        ['POST', 'onboard/generate-key'],
        ['POST', 'onboard/add-integration'],
        ['DELETE', 'integration'],
      ] as const) {
        const answer = await api.rest(method, path, method === 'POST' ? {} : undefined, session);
        expect(answer.status, `${member.role} ${path}`).toBe(403);
      }
    }
  });
});

describe('deleting an integration', () => {
  it('runs as a job with delInt:process events and removes its data', async () => {
    const connected = await connectSandboxCompany(server, sandbox);
    await waitForSync(server, connected.teamId, connected.syncId);
    expect(await countFacts(server.database.db, connected.teamId, 'keywords')).toBeGreaterThan(0);
    const socket = connectSocket(server.url, {
      transports: ['websocket'],
      extraHeaders: { origin: ORIGIN },
      auth: { token: connected.session.token, sessId: connected.session.sessId },
      reconnection: false,
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const finished = new Promise<IntegrationDeletionEvent>((resolve) =>
      socket.on(SOCKET_EVENTS.integrationDeletion, (event: IntegrationDeletionEvent) => {
        if (event.done) resolve(event);
      }),
    );
    const syncedShare = () =>
      Promise.all(
        [impressionShareFacts, searchTermShareTotals].map(async (table) =>
          Number(
            (
              await server.database.db
                .select({ n: count() })
                .from(table)
                .where(eq(table.teamId, connected.teamId))
            )[0]!.n,
          ),
        ),
      );
    expect((await syncedShare()).every((rows) => rows > 0)).toBe(true);
    const api = apiClient(server.url);
    const answer = await api.rest('DELETE', 'integration', undefined, connected.session);
    expect(answer.status).toBe(200);
    expect(await finished).toMatchObject({
      done: true,
      progress: 100,
      successMessage: 'Integration deleted successfully',
    });
    socket.close();
    expect(await findIntegration(server.database.db, connected.teamId)).toBeNull();
    expect(await countFacts(server.database.db, connected.teamId, 'keywords')).toBe(0);
    expect(await syncedShare()).toEqual([0, 0]);
    const info = await api.graphql<{ getIntegrationInfo: { APPLE_SEARCH_ADS: boolean } }>(
      '{ getIntegrationInfo { APPLE_SEARCH_ADS } }',
      {},
      connected.session,
    );
    expect(info.data?.getIntegrationInfo.APPLE_SEARCH_ADS).toBe(false);
  });
});
