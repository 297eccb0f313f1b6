// The ad account research is opened through, on a real database: the one promoting the app comes
// first even when it is not the company's first, and another company's apps do not count.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../platform/testing/factories';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/test-database';
import { apps } from '../ads-data/ads-entities.tables';
import { insertAdAccounts } from '../integrations/integrations.repository';
import { adAccountsForApp } from './own-keyword-facts.repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const account = (adAccountId: number) => ({
  adAccountId,
  orgId: 1,
  name: `Account ${adAccountId}`,
  currency: 'USD',
  timeZone: 'UTC',
  paymentModel: 'PAYG',
  roleNames: ['API Account Manager'],
});

/** A company with ad accounts 4000001 and 4000002, app 77 promoted by the second only. */
async function companyWithTwoAccounts() {
  const company = await createCompany(database.db);
  await insertAdAccounts(database.db, company.id, randomUUID(), [
    account(4000001),
    account(4000002),
  ]);
  await database.db.insert(apps).values([
    { teamId: company.id, adAccountId: 4000001, adamId: 66, name: 'First app' },
    { teamId: company.id, adAccountId: 4000002, adamId: 77, name: 'Second app' },
  ]);
  return company;
}

describe('adAccountsForApp', () => {
  it('puts the ad account promoting the app first, then the others in id order', async () => {
    const company = await companyWithTwoAccounts();
    expect(await adAccountsForApp(database.db, company.id, 77)).toEqual([4000002, 4000001]);
    expect(await adAccountsForApp(database.db, company.id, 66)).toEqual([4000001, 4000002]);
  });

  it('keeps id order for an app no account of the company promotes, or no app', async () => {
    const company = await companyWithTwoAccounts();
    const other = await companyWithTwoAccounts();
    await database.db
      .insert(apps)
      .values({ teamId: other.id, adAccountId: 4000002, adamId: 88, name: 'Their app' });
    expect(await adAccountsForApp(database.db, company.id, 88)).toEqual([4000001, 4000002]);
    expect(await adAccountsForApp(database.db, company.id, null)).toEqual([4000001, 4000002]);
  });
});
