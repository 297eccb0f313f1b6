// The app's eligibility per country, read live from Apple (the in-process sandbox) through the
// real API: what the sandbox holds for the placement, refused input, the read-only member who may
// read, another company's ad account, and Apple not answering.
import type { AppEligibility } from '@tapwise/apple-ads';
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import { APP_ELIGIBILITY_MESSAGES, type CountryEligibility } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import {
  allowingSandbox,
  connectSandboxCompany,
  sandboxReader,
  startTestSandbox,
  waitForSync,
  type ConnectedCompany,
} from '../sync/sync-test-kit';

let server: TestServer;
let sandbox: Sandbox;
let company: ConnectedCompany;
let readOnlyMember: Session;
let otherCompany: Session;
let adAccountId: number;
let adamId: number;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startTestServer(allowingSandbox(sandbox), { withWorker: true });
  company = await connectSandboxCompany(server, sandbox);
  expect((await waitForSync(server, company.teamId, company.syncId)).status).toBe('DONE');
  const db = server.database.db;
  const api = apiClient(server.url);
  const viewer = await createMember(db, company.teamId, { isReadOnly: true });
  readOnlyMember = await api.signIn(viewer.email, viewer.password);
  const other = await createCompany(db, 'Other Co');
  const otherAdmin = await createMember(db, other.id, { role: 'ADMIN' });
  otherCompany = await api.signIn(otherAdmin.email, otherAdmin.password);
  const account = sandbox.accounts()[0]!;
  adAccountId = account.id;
  adamId = account.adamIds[0]!;
}, 300_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

const QUERY = `query($adAccountId: Float!, $adamId: Float!, $placement: String!) {
  getAppEligibility(adAccountId: $adAccountId, adamId: $adamId, placement: $placement) {
    country eligible deviceClasses minAge } }`;

async function eligibility(variables: Record<string, unknown>, session: Session = company.session) {
  return (await apiClient(server.url).graphql<{ getAppEligibility: CountryEligibility[] }>(
    QUERY,
    { adAccountId, adamId, placement: 'TODAY_TAB', ...variables },
    session,
  )) as {
    data?: { getAppEligibility: CountryEligibility[] } | null;
    errors?: { message: string; extensions?: { error?: string } }[];
  };
}

/** What Apple holds for the app on the today tab, read by the sandbox's own client. */
async function appleRecords(): Promise<AppEligibility[]> {
  const page = await sandboxReader(sandbox)
    .forAccount(adAccountId)
    .apps.eligibility({
      filters: [
        { field: 'adamId', operator: 'EQUALS', value: adamId },
        { field: 'supplyPlacement', operator: 'EQUALS', value: 'APPSTORE_TODAY_TAB' },
      ],
      pagination: { offset: 0, pageSize: 1000 },
    });
  return page.result;
}

describe('getAppEligibility', () => {
  it("answers Apple's eligibility of the app on the placement, one row per country", async () => {
    const answer = await eligibility({});
    expect(answer.errors).toBeUndefined();
    const records = await appleRecords();
    const eligible = new Set(
      records.filter((record) => record.state === 'ELIGIBLE').map((r) => r.countryOrRegion),
    );
    const rows = answer.data!.getAppEligibility;
    expect(rows.map((row) => row.country)).toEqual(
      [...new Set(records.map((r) => r.countryOrRegion))].sort(),
    );
    for (const row of rows) {
      expect(row.eligible).toBe(eligible.has(row.country));
      expect(row.deviceClasses).toEqual(
        records
          .filter((r) => r.countryOrRegion === row.country && r.state === 'ELIGIBLE')
          .map((r) => r.deviceClass),
      );
    }
    expect(rows.some((row) => row.eligible && row.minAge === 4)).toBe(true);
  });

  it('refuses an unknown placement before asking Apple', async () => {
    const answer = await eligibility({ placement: 'BILLBOARD' });
    expect(answer.errors?.[0]?.extensions?.error).toBe('BAD_REQUEST');
  });

  it('lets a read-only member read, and keeps another company out', async () => {
    const readOnly = await eligibility({}, readOnlyMember);
    expect(readOnly.errors).toBeUndefined();
    expect(readOnly.data!.getAppEligibility.length).toBeGreaterThan(0);
    const other = await eligibility({}, otherCompany);
    expect(other.errors?.[0]?.extensions?.error).toBe('NOT_FOUND');
    expect(other.errors?.[0]?.message).toBe('No such ad account.');
  });

  it("says so when Apple does not answer (the company's API user was revoked)", async () => {
    sandbox.revokeApiUser(company.clientId);
    const answer = await eligibility({});
    expect(answer.errors?.[0]?.extensions?.error).toBe('APPLE_ADS_READ_FAILED');
    expect(answer.errors?.[0]?.message).toBe(APP_ELIGIBILITY_MESSAGES.failed);
  });
});
