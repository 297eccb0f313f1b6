import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../../platform/testing/test-server';
import { subscriptions } from '../billing.tables';
import { BILLING_ON, createSubscription } from '../subscription-factories';
import { expireTrialsJob } from './expire-trials.job';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(BILLING_ON, { withWorker: true });
});
afterAll(async () => {
  await server?.close();
});

describe('billing.expire-trials job', () => {
  it('cancels a trial that ended without reaching the provider', async () => {
    const db = server.database.db;
    const company = await createCompany(db);
    await createSubscription(db, company.id, {
      planId: 'growth',
      status: 'in_trial',
      subscriptionId: null,
      trialEnd: new Date(Date.now() - 60_000),
    });
    const statusNow = async () =>
      (await db.select().from(subscriptions).where(eq(subscriptions.teamId, company.id)))[0]!
        .status;

    await server.jobs.send(expireTrialsJob, {});
    const deadline = Date.now() + 20_000;
    while ((await statusNow()) !== 'cancelled' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await statusNow()).toBe('cancelled');
  });
});
