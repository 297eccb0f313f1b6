// A trial that ends and a company that pays to come back, through GraphQL and REST with a real
// database and the sandbox's Chargebee simulator (its webhooks pointed at this server): a trial
// that never reached the provider ends by the expire-trials job's sweep, one the provider holds by the
// simulator's clock and its webhook; both companies are then refused tenant operations with
// SUBSCRIPTION_CANCELLED until they add a card and subscribe or reactivate.
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import { ERROR_CODES, TRIAL_DAYS } from '@tapwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import type { TestServer } from '../../platform/testing/test-server';
import { expireLocalTrials, startTrial } from './billing-status';
import { subscriptions } from './billing.tables';
import { simulatorCardToken, startBillingSandbox } from './chargebee-sandbox-factories';

const DAY_MS = 86_400_000;

let sandbox: Sandbox;
let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  ({ sandbox, server } = await startBillingSandbox());
  api = apiClient(server.url);
}, 300_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

type Answer = {
  data?: Record<string, ReturnType<typeof JSON.parse>> | null;
  errors?: { message: string; extensions?: { error?: string; code?: number } }[];
};
const gql = async (session: Session, query: string, variables: Record<string, unknown> = {}) =>
  (await api.graphql(query, variables, session)) as Answer;
const errorOf = (answer: Answer) => answer.errors?.[0]?.extensions?.error;

/** A new company (its trial started `startedDaysAgo` days ago) and its signed-in admin. */
async function trialCompany(startedDaysAgo: number) {
  const db = server.database.db;
  const company = await createCompany(db);
  await startTrial(
    { db, config: server.config },
    company.id,
    new Date(Date.now() - startedDaysAgo * DAY_MS),
  );
  const member = await createMember(db, company.id, { role: 'ADMIN' });
  return { teamId: company.id, admin: await api.signIn(member.email, member.password) };
}

async function statusOf(session: Session) {
  const answer = await gql(session, '{ billingStatus { plan status providerStatus } }');
  expect(answer.errors).toBeUndefined();
  return answer.data!.billingStatus as { plan: string; status: string; providerStatus: string };
}

/** A tenant operation: the company's members. */
const members = (session: Session) => gql(session, '{ findByTeamId { email } }');

async function addCard(session: Session, number: string) {
  const token = await simulatorCardToken(sandbox, number);
  return gql(
    session,
    'mutation($t: String!) { addCBCustCard(tmp_token: $t, primary: true) { last4 primary } }',
    { t: token },
  );
}

async function rowStatus(teamId: string) {
  const [row] = await server.database.db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.teamId, teamId));
  return row?.status;
}

describe('a trial that ends, and the way back', () => {
  it('cancels a trial that never reached the provider, then lets the company subscribe', async () => {
    const { teamId, admin } = await trialCompany(TRIAL_DAYS + 1);
    // Past its end the trial already reads as cancelled; the hourly job records it.
    expect((await statusOf(admin)).status).toBe('cancelled');
    expect(await rowStatus(teamId)).toBe('in_trial');
    expect(await expireLocalTrials(server.database.db)).toContain(teamId);
    expect(await rowStatus(teamId)).toBe('cancelled');

    const refused = await members(admin);
    expect(errorOf(refused)).toBe('SUBSCRIPTION_CANCELLED');
    expect(refused.errors![0]!.extensions!.code).toBe(ERROR_CODES.SUBSCRIPTION_CANCELLED);

    // Billing stays open: a declined card changes nothing, a good one is added, then growth.
    const declined = await addCard(admin, '4000000000000002');
    expect(errorOf(declined)).toBe('CARD_REJECTED');
    expect((await gql(admin, '{ getCBCustCard { last4 } }')).data!.getCBCustCard).toEqual([]);
    const card = await addCard(admin, '4111111111111111');
    expect(card.errors).toBeUndefined();
    expect(card.data!.addCBCustCard).toMatchObject({ last4: '1111', primary: true });
    const subscribed = await gql(
      admin,
      'mutation { CreateCBSubPlan(plan_id: "tapwise-growth-USD-Monthly") { planId providerStatus status } }',
    );
    expect(subscribed.errors).toBeUndefined();
    // The trial is over: the subscription starts now, charged at once.
    expect(subscribed.data!.CreateCBSubPlan).toMatchObject({
      planId: 'growth',
      providerStatus: 'active',
      status: 'active',
    });
    await sandbox.chargebee.simulator.flushWebhooks();

    expect(await statusOf(admin)).toMatchObject({ plan: 'growth', status: 'active' });
    const allowed = await members(admin);
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data!.findByTeamId).toHaveLength(1);
    const invoices = await gql(admin, '{ getCBCustInvoices { status } }');
    expect(invoices.data!.getCBCustInvoices).toEqual([{ status: 'paid' }]);
  });

  it('cancels a provider trial at its end by the webhook, then reactivates it with a card', async () => {
    const { teamId, admin } = await trialCompany(0);
    const subscribed = await gql(
      admin,
      'mutation { CreateCBSubPlan(plan_id: "tapwise-growth-USD-Monthly") { providerStatus status trialEnd } }',
    );
    expect(subscribed.errors).toBeUndefined();
    expect(subscribed.data!.CreateCBSubPlan).toMatchObject({
      providerStatus: 'in_trial',
      status: 'trial',
    });
    // Cancelling during the trial ends the subscription with the trial.
    const ending = await gql(admin, 'mutation { endSubscription(endOfTerm: true) { status } }');
    expect(ending.errors).toBeUndefined();
    expect(ending.data!.endSubscription).toMatchObject({ status: 'trial' });
    expect((await members(admin)).errors).toBeUndefined();

    await sandbox.chargebee.advance((TRIAL_DAYS + 1) * 86_400);
    expect(await rowStatus(teamId)).toBe('cancelled');
    expect(await statusOf(admin)).toMatchObject({
      status: 'cancelled',
      providerStatus: 'cancelled',
    });
    expect(errorOf(await members(admin))).toBe('SUBSCRIPTION_CANCELLED');

    // Without a card the provider cannot charge: still cancelled.
    const cardless = await api.rest('POST', 'chargebee/reactivate-subscription', {}, admin);
    expect(cardless.status).toBe(402);
    expect(cardless.body).toMatchObject({ code: ERROR_CODES.CARD_REJECTED });
    expect(errorOf(await members(admin))).toBe('SUBSCRIPTION_CANCELLED');

    expect((await addCard(admin, '5555555555554444')).errors).toBeUndefined();
    const back = await api.rest<Record<string, unknown>>(
      'POST',
      'chargebee/reactivate-subscription',
      {},
      admin,
    );
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ providerStatus: 'active', status: 'active' });
    await sandbox.chargebee.simulator.flushWebhooks();
    expect(await rowStatus(teamId)).toBe('active');
    expect(await statusOf(admin)).toMatchObject({ plan: 'growth', status: 'active' });
    const allowed = await members(admin);
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data!.findByTeamId).toHaveLength(1);
  });
});
