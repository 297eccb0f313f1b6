// The overview's list of apps over ad accounts of two currencies, through the real API on a real
// database: ordered by spend converted into the reporting currency day by day, never by amounts
// of different currencies; an app without a rate for one of its days after the others.
import { ZERO_COUNTS, type MetricCounts } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { storeRates } from '../currencies/exchange-rates.repository';
import { seedAppleAdsApp, writeFacts } from './overview-factories';

let server: TestServer;
let admin: Session;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const spent = (units: number): MetricCounts => ({
  ...ZERO_COUNTS,
  taps: 1,
  localSpendMicros: units * 1_000_000,
});

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const teamId = (await createCompany(db, 'Two currencies Co')).id;
  const member = await createMember(db, teamId, { role: 'ADMIN' });
  admin = await apiClient(server.url).signIn(member.email, member.password);
  // $100 and €95 over two days of the last week (a dollar amount larger than the euro one, but
  // €95 is worth $114 at 1.20), and $50.
  const dollars = await seedAppleAdsApp(db, teamId, { appName: 'Dollar app', timeZone: 'UTC' });
  const euros = await seedAppleAdsApp(db, teamId, {
    appName: 'Euro app',
    currency: 'EUR',
    timeZone: 'UTC',
  });
  const fewDollars = await seedAppleAdsApp(db, teamId, { appName: 'Small app', timeZone: 'UTC' });
  for (const [app, first, second] of [
    [dollars, 60, 40],
    [euros, 50, 45],
    [fewDollars, 30, 20],
  ] as const)
    await writeFacts(db, app, [
      { grain: 'DAILY', date: daysAgo(3), counts: spent(first) },
      { grain: 'DAILY', date: daysAgo(2), counts: spent(second) },
    ]);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const ownApps = async () => {
  const answer = await apiClient(server.url).graphql<{ getOwnAppsFromDB: { name: string }[] }>(
    '{ getOwnAppsFromDB { name currency } }',
    {},
    admin,
  );
  return answer.data!.getOwnAppsFromDB.map((app) => app.name);
};

describe('getOwnAppsFromDB over two currencies', () => {
  it('lists an app whose currency has no rate after those in the reporting currency', async () => {
    expect(await ownApps()).toEqual(['Dollar app', 'Small app', 'Euro app']);
  });

  it('orders the apps by their spend converted into the reporting currency', async () => {
    await storeRates(
      server.database.db,
      'ECB',
      Array.from({ length: 12 }, (_, back) => ({
        date: daysAgo(back),
        currency: 'USD',
        unitsPerEuro: 1.2,
      })),
      daysAgo(1000),
    );
    expect(await ownApps()).toEqual(['Euro app', 'Dollar app', 'Small app']);
  });
});
