import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { searchActivityLogs } from '../activity-log/activity-log.repository';
import { closeSharedDemoSandbox } from '../demo/demo-sandbox';
import { findIntegration, insertIntegration } from '../integrations/integrations.repository';
import { latestSyncRun } from '../sync/sync.repository';

// The demo's sandbox on its thread, with the small scenario the sync tests use.
let server: TestServer;
let api: ApiClient;
let staff: Session;

beforeAll(async () => {
  server = await startTestServer({ DEMO_SCENARIO: 'new' }, { withWorker: true });
  api = apiClient(server.url);
  const staffCompany = await createCompany(server.database.db, 'Staff');
  const superAdmin = await createMember(server.database.db, staffCompany.id, {
    role: 'SUPERADMIN',
  });
  staff = await api.signIn(superAdmin.email, superAdmin.password);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await closeSharedDemoSandbox();
});

interface MockData {
  present: boolean;
  progress: number;
  deleting: boolean;
  realIntegration: boolean;
}
const FIELDS = '{ present progress deleting realIntegration }';
const errorCode = (answer: { errors?: { extensions?: { code?: unknown } }[] }) =>
  answer.errors?.[0]?.extensions?.code;

async function mockData(teamId: string) {
  const answer = await api.graphql<{ getMockData: MockData }>(
    `query($t: ID!) { getMockData(teamId: $t) ${FIELDS} }`,
    { t: teamId },
    staff,
  );
  if (!answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data.getMockData;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('condition not met in time');
}

describe('mock data', () => {
  it('gives a company the demo sandbox integration, syncs it with progress, then removes it', async () => {
    const company = await createCompany(server.database.db, 'Mocked');
    const member = await createMember(server.database.db, company.id, { role: 'ADMIN' });
    const session = await api.signIn(member.email, member.password);

    const added = await api.graphql<{ addMockData: MockData }>(
      `mutation($t: ID!) { addMockData(teamId: $t) ${FIELDS} }`,
      { t: company.id },
      staff,
    );
    expect(added.errors).toBeUndefined();
    expect(added.data?.addMockData).toMatchObject({ present: true, deleting: false });
    const integration = await findIntegration(server.database.db, company.id);
    expect(integration).toMatchObject({ demoMode: true, state: 'ACTIVE' });
    expect(await latestSyncRun(server.database.db, company.id)).toMatchObject({ mode: 'FIRST' });

    // Progress only grows until the first sync is done.
    const seen: number[] = [];
    await waitFor(async () => {
      seen.push((await mockData(company.id)).progress);
      return seen.at(-1) === 100;
    });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const info = await api.graphql<{
      getIntegrationInfo: { APPLE_SEARCH_ADS: boolean; demoMode: boolean; firstSyncDone: boolean };
    }>('{ getIntegrationInfo { APPLE_SEARCH_ADS demoMode firstSyncDone } }', {}, session);
    expect(info.data?.getIntegrationInfo).toEqual({
      APPLE_SEARCH_ADS: true,
      demoMode: true,
      firstSyncDone: true,
    });

    const again = await api.graphql(
      `mutation($t: ID!) { addMockData(teamId: $t) ${FIELDS} }`,
      { t: company.id },
      staff,
    );
    expect(errorCode(again)).toBe(15);

    const removed = await api.graphql<{ removeMockData: MockData }>(
      `mutation($t: ID!) { removeMockData(teamId: $t) ${FIELDS} }`,
      { t: company.id },
      staff,
    );
    expect(removed.errors).toBeUndefined();
    expect(removed.data?.removeMockData).toMatchObject({ present: true, deleting: true });
    await waitFor(async () => !(await mockData(company.id)).present);
    expect(await findIntegration(server.database.db, company.id)).toBeNull();
    expect(await mockData(company.id)).toEqual({
      present: false,
      progress: 0,
      deleting: false,
      realIntegration: false,
    });
    const logs = await searchActivityLogs(server.database.db, {
      teamId: company.id,
      limit: 10,
    });
    expect(logs.map(({ log }) => log.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Apple Ads connected/),
        'Apple Ads integration deletion started',
      ]),
    );
  }, 180_000);

  it('refuses adding to a company with a real integration, and never removes a real one', async () => {
    const company = await createCompany(server.database.db, 'Real');
    await insertIntegration(
      server.database.db,
      company.id,
      {
        clientId: 'SEARCHADS.real',
        appleTeamId: 'SEARCHADS.real',
        keyId: 'real',
        privateKeySealed: 'sealed',
        baseUrl: 'https://api.searchads.apple.com/api/v5',
        tokenUrl: 'https://appleid.apple.com/auth/oauth2/token',
        roleName: 'API Account Manager',
        readOnly: false,
      },
      [],
    );
    expect(await mockData(company.id)).toEqual({
      present: false,
      progress: 0,
      deleting: false,
      realIntegration: true,
    });
    const add = await api.graphql(
      `mutation($t: ID!) { addMockData(teamId: $t) ${FIELDS} }`,
      { t: company.id },
      staff,
    );
    expect(errorCode(add)).toBe(15);
    const remove = await api.graphql(
      `mutation($t: ID!) { removeMockData(teamId: $t) ${FIELDS} }`,
      { t: company.id },
      staff,
    );
    expect(errorCode(remove)).toBe(13);
    expect(await findIntegration(server.database.db, company.id)).toMatchObject({
      demoMode: false,
      deletingAt: null,
    });
  });
});
