// The company's currencies through the real API on a real database: the reporting currency (USD
// until an admin picks another), who may change it, and the rates' source once they are stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { searchActivityLogs } from '../activity-log/activity-log.repository';
import { seedAppleAdsApp } from '../analytics/overview-factories';
import { ratesClientFor, refreshExchangeRates } from './exchange-rates.service';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let teamId: string;
let admin: Session;
let staff: Session;
let readOnlyAdmin: Session;
let otherAdmin: Session;

const INFO = `query { getCurrencyInfo { currency accounts { adAccountId orgName currency timeZone }
  rates { source latestDay } } }`;
const SET = `mutation Set($currency: String!) { setReportingCurrency(currency: $currency) {
  currency } }`;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  const db = server.database.db;
  const company = await createCompany(db);
  teamId = company.id;
  await seedAppleAdsApp(db, teamId, { currency: 'USD', accountName: 'US account' });
  await seedAppleAdsApp(db, teamId, {
    currency: 'EUR',
    timeZone: 'Europe/Berlin',
    accountName: 'EU account',
  });
  const sessionOf = async (options: Parameters<typeof createMember>[2], team = teamId) => {
    const member = await createMember(db, team, options);
    return api.signIn(member.email, member.password);
  };
  admin = await sessionOf({ role: 'ADMIN' });
  staff = await sessionOf({ role: 'STAFF' });
  readOnlyAdmin = await sessionOf({ role: 'ADMIN', isReadOnly: true });
  otherAdmin = await sessionOf({ role: 'ADMIN' }, (await createCompany(db)).id);
});
afterAll(async () => {
  await server?.close();
});

describe('getCurrencyInfo', () => {
  it('reports in USD by default and lists each ad account in its own currency', async () => {
    const answer = await api.graphql<{ getCurrencyInfo: Record<string, unknown> }>(INFO, {}, staff);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.getCurrencyInfo).toMatchObject({
      currency: 'USD',
      accounts: expect.arrayContaining([
        expect.objectContaining({ orgName: 'US account', currency: 'USD' }),
        expect.objectContaining({ orgName: 'EU account', currency: 'EUR' }),
      ]),
      rates: { source: null, latestDay: null },
    });
  });

  it('names the source and last day of the stored rates', async () => {
    const now = new Date('2025-11-18T16:00:00Z');
    await refreshExchangeRates(
      server.database.db,
      'SIMULATOR',
      ratesClientFor('SIMULATOR', () => now),
      now,
    );
    const answer = await api.graphql<{ getCurrencyInfo: { rates: unknown } }>(INFO, {}, staff);
    expect(answer.data!.getCurrencyInfo.rates).toEqual({
      source: 'SIMULATOR',
      latestDay: '2025-11-18',
    });
  });
});

describe('setReportingCurrency', () => {
  it('lets an admin pick the reporting currency, and logs the change', async () => {
    const answer = await api.graphql(SET, { currency: 'EUR' }, admin);
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({ setReportingCurrency: { currency: 'EUR' } });
    const info = await api.graphql<{ getCurrencyInfo: { currency: string } }>(INFO, {}, staff);
    expect(info.data!.getCurrencyInfo.currency).toBe('EUR');
    const [entry] = await searchActivityLogs(server.database.db, {
      teamId,
      logType: 'settings',
      limit: 1,
    });
    expect(entry?.log.message).toBe('Reporting currency changed from USD to EUR');
    await api.graphql(SET, { currency: 'USD' }, admin);
  });

  it('refuses a currency the ECB publishes no rate for, changing nothing', async () => {
    const answer = await api.graphql(SET, { currency: 'TWD' }, admin);
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      code: 10,
      details: { currency: 'validation.currencyInvalid' },
    });
    const info = await api.graphql<{ getCurrencyInfo: { currency: string } }>(INFO, {}, admin);
    expect(info.data!.getCurrencyInfo.currency).toBe('USD');
  });

  it.each([
    ['a staff member', () => staff],
    ['a read-only admin', () => readOnlyAdmin],
  ])('refuses %s', async (_name, session) => {
    const answer = await api.graphql(SET, { currency: 'GBP' }, session());
    expect(answer.status).toBe(403);
    const info = await api.graphql<{ getCurrencyInfo: { currency: string } }>(INFO, {}, admin);
    expect(info.data!.getCurrencyInfo.currency).toBe('USD');
  });

  it("changes only the caller's company", async () => {
    await api.graphql(SET, { currency: 'JPY' }, otherAdmin);
    const info = await api.graphql<{ getCurrencyInfo: { currency: string } }>(INFO, {}, admin);
    expect(info.data!.getCurrencyInfo.currency).toBe('USD');
  });
});
