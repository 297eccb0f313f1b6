// Billing through GraphQL and REST with a real database, against the sandbox's Chargebee simulator
// started here (its webhooks pointed at this server): customers, subscriptions and plan changes,
// cards (tokenised at the simulator, a declined one), invoices and their PDFs, transactions, the
// billing address, the portal, staff's operations; the webhook's credentials, replays and
// resource versions; other companies' ids; roles without billing.write; billing off.
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import type { TestServer } from '../../platform/testing/test-server';
import { billingWebhookEvents, subscriptions } from './billing.tables';
import {
  SIMULATOR_HOOK,
  simulatorCardToken,
  startBillingSandbox,
} from './chargebee-sandbox-factories';

const HOOK_USER = SIMULATOR_HOOK.username;
const HOOK_PASSWORD = SIMULATOR_HOOK.password;

let sandbox: Sandbox;
let server: TestServer;
let api: ApiClient;
let admin: Session;
let staffMember: Session;
let otherAdmin: Session;
let superAdmin: Session;
let teamId: string;
let otherTeamId: string;

beforeAll(async () => {
  ({ sandbox, server } = await startBillingSandbox());
  api = apiClient(server.url);
  const db = server.database.db;
  const company = await createCompany(db, 'Billing Co');
  const other = await createCompany(db, 'Other Co');
  teamId = company.id;
  otherTeamId = other.id;
  const signIn = async (team: string, role: 'ADMIN' | 'STAFF' | 'SUPERADMIN') => {
    const member = await createMember(db, team, { role });
    return api.signIn(member.email, member.password);
  };
  admin = await signIn(teamId, 'ADMIN');
  staffMember = await signIn(teamId, 'STAFF');
  otherAdmin = await signIn(otherTeamId, 'ADMIN');
  superAdmin = await signIn(otherTeamId, 'SUPERADMIN');
}, 300_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

/** Parsed JSON, read loosely: each test names the fields it expects. */
type Parsed = ReturnType<typeof JSON.parse>;
type Answer = {
  data?: Record<string, Parsed> | null;
  errors?: { message: string; extensions?: { error?: string } }[];
};
async function gql(query: string, variables: Record<string, unknown> = {}, session = admin) {
  return (await api.graphql(query, variables, session)) as Answer;
}
const errorOf = (answer: Answer) => answer.errors?.[0]?.extensions?.error;

const tokenize = (number: string) => simulatorCardToken(sandbox, number);

const SUB =
  'id customerId planId priceId status providerStatus trialEnd currentTermEnd cancelledAt amount';
const CARD = 'id brand last4 expiryMonth expiryYear primary status';

async function row(team = teamId) {
  const [found] = await server.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.teamId, team));
  return found;
}

async function postWebhook(
  body: unknown,
  credentials: string | null = `${HOOK_USER}:${HOOK_PASSWORD}`,
) {
  const response = await fetch(`${server.url}/v1/api/chargebee/pic-wh`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(credentials
        ? { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` }
        : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, Parsed> };
}

describe('billing', () => {
  it('creates the company’s customer once, and answers it', async () => {
    expect((await gql('{ getCBCustomer { id } }')).data!.getCBCustomer).toBeNull();
    const first = await gql(
      `mutation { CreateCBCustomer(first_name: "Ada", last_name: "Lovelace", email: "ada@billing.test", company: "Billing Co") { id firstName email company cardStatus createdAt } }`,
    );
    expect(first.errors).toBeUndefined();
    const customer = first.data!.CreateCBCustomer;
    expect(customer).toMatchObject({
      id: `tw-${teamId}`,
      firstName: 'Ada',
      company: 'Billing Co',
      cardStatus: 'no_card',
    });
    const again = await gql(
      `mutation { CreateCBCustomer(email: "other@billing.test") { id email } }`,
    );
    expect(again.data!.CreateCBCustomer).toEqual({ id: customer.id, email: 'ada@billing.test' });
    expect((await gql('{ getCBCustomer { id } }')).data!.getCBCustomer.id).toBe(customer.id);
    expect((await row())!.customerId).toBe(customer.id);
  });

  it('adds cards from temporary tokens, refuses a declined card, updates and deletes', async () => {
    const declined = await gql(`mutation($t: String!) { addCBCustCard(tmp_token: $t) { id } }`, {
      t: await tokenize('4000000000000002'),
    });
    expect(errorOf(declined)).toBe('CARD_REJECTED');
    const added = await gql(
      `mutation($t: String!) { addCBCustCard(tmp_token: $t, primary: true) { ${CARD} } }`,
      {
        t: await tokenize('4111111111111111'),
      },
    );
    expect(added.data!.addCBCustCard).toMatchObject({
      brand: 'visa',
      last4: '1111',
      primary: true,
      expiryYear: 2040,
    });
    const reused = await gql(`mutation($t: String!) { addCBCustCard(tmp_token: $t) { id } }`, {
      t: 'cb_tmp_unknown',
    });
    expect(errorOf(reused)).toBe('BILLING_PROVIDER_FAILED');
    const spare = await gql(
      `mutation($t: String!) { addCBCustCard(tmp_token: $t, primary: false) { ${CARD} } }`,
      {
        t: await tokenize('5555555555554444'),
      },
    );
    expect(spare.data!.addCBCustCard).toMatchObject({ brand: 'mastercard', primary: false });
    const updated = await gql(
      `mutation($id: String!) { updateCBCustCard(cardId: $id, year: 2041, month: 6) { ${CARD} } }`,
      { id: spare.data!.addCBCustCard.id },
    );
    expect(updated.data!.updateCBCustCard).toMatchObject({ expiryMonth: 6, expiryYear: 2041 });
    const cards = await gql(`{ getCBCustCard { ${CARD} } }`);
    expect(cards.data!.getCBCustCard).toHaveLength(2);
    expect(JSON.stringify(cards)).not.toContain('4111111111111111');
    const deleted = await gql(`mutation($id: String!) { deleteCBCustCard(cardId: $id) }`, {
      id: spare.data!.addCBCustCard.id,
    });
    expect(deleted.data!.deleteCBCustCard).toBe(true);
    expect((await gql(`{ getCBCustCard { id } }`)).data!.getCBCustCard).toHaveLength(1);
  });

  it('subscribes (paying from the trial’s end), changes plan and term, ends and comes back', async () => {
    const enterprise = await gql(
      `mutation { CreateCBSubPlan(plan_id: "tapwise-enterprise-USD-Monthly") { id } }`,
    );
    expect(errorOf(enterprise)).toBe('BAD_REQUEST');
    const created = await gql(
      `mutation { CreateCBSubPlan(plan_id: "tapwise-growth-USD-Monthly") { ${SUB} } }`,
    );
    expect(created.errors).toBeUndefined();
    const sub = created.data!.CreateCBSubPlan;
    expect(sub).toMatchObject({
      planId: 'growth',
      providerStatus: 'in_trial',
      status: 'trial',
      amount: 4900,
    });
    await sandbox.chargebee.simulator.flushWebhooks();
    expect(await row()).toMatchObject({
      subscriptionId: sub.id,
      status: 'in_trial',
      planId: 'growth',
    });
    expect((await gql(`{ getCBSubs { id } }`)).data!.getCBSubs).toEqual([{ id: sub.id }]);

    const yearly = await gql(
      `mutation($id: String) { changeSubForCust(subId: $id, plan_id: "tapwise-growth-USD-Yearly") { priceId } }`,
      { id: sub.id },
    );
    expect(yearly.data!.changeSubForCust.priceId).toBe('tapwise-growth-USD-Yearly');
    const termEnd = new Date(Date.now() + 40 * 86_400_000);
    termEnd.setUTCMilliseconds(0);
    // "1" is a date to JavaScript's lenient parser (2001) but not an instant anyone means.
    const lenient = await gql(
      `mutation($d: DateTime!) { changeTermEndPlan(termEndDate: $d) { currentTermEnd } }`,
      { d: '1' },
    );
    expect(lenient.errors?.[0]?.message).toBe(
      'Variable "$d" got invalid value "1"; DateTime must be an ISO 8601 date and time with its offset',
    );
    const moved = await gql(
      `mutation($d: DateTime!) { changeTermEndPlan(termEndDate: $d) { currentTermEnd } }`,
      { d: termEnd.toISOString() },
    );
    expect(moved.data!.changeTermEndPlan.currentTermEnd).toBe(termEnd.toISOString());

    const ended = await gql(`mutation { endSubscription(endOfTerm: false) { ${SUB} } }`);
    expect(ended.data!.endSubscription).toMatchObject({
      providerStatus: 'cancelled',
      status: 'cancelled',
    });
    await sandbox.chargebee.simulator.flushWebhooks();
    expect((await row())!.status).toBe('cancelled');

    const back = await api.rest<Record<string, Parsed>>(
      'POST',
      'chargebee/reactivate-subscription',
      {},
      admin,
    );
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ id: sub.id, providerStatus: 'active' });
    await sandbox.chargebee.simulator.flushWebhooks();
    expect((await row())!.status).toBe('active');
  });

  it('lists invoices newest first, downloads a PDF, collects, lists transactions', async () => {
    const invoices = await gql(`{ getCBCustInvoices { id status total date } }`);
    const list = invoices.data!.getCBCustInvoices as { id: string; status: string; date: string }[];
    expect(list.length).toBeGreaterThanOrEqual(1);
    expect(list.every((invoice) => invoice.status === 'paid')).toBe(true);
    const pdf = await gql(
      `query($id: String!) { getCBCustInvoicePDF(invoice_id: $id, disposition_type: "inline") { downloadUrl validTill } }`,
      { id: list[0]!.id },
    );
    const file = await fetch(pdf.data!.getCBCustInvoicePDF.downloadUrl);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const paid = await gql(`mutation($id: String!) { spendCheckManual(invoice: $id) { id } }`, {
      id: list[0]!.id,
    });
    expect(errorOf(paid)).toBe('BILLING_PROVIDER_FAILED');
    const transactions = await gql(
      `{ getCBTransaction(limit: 5) { id status amount invoiceIds } }`,
    );
    expect(transactions.data!.getCBTransaction.length).toBeGreaterThanOrEqual(1);
    const skipped = await gql(`{ getCBTransaction(limit: 5, offset: 100) { id } }`);
    expect(skipped.data!.getCBTransaction).toEqual([]);
  });

  it('saves and answers the billing address, and opens the portal', async () => {
    expect((await gql(`{ getCBBillingAddr { line1 } }`)).data!.getCBBillingAddr).toBeNull();
    const saved = await gql(
      `mutation($input: BillingAddressInput!) { saveCBBillingAddr(input: $input) { company line1 city zip country vat_number } }`,
      {
        input: {
          company: 'Billing Co',
          line1: '1 Main St',
          city: 'Paris',
          zip: '75001',
          country: 'FR',
          vat_number: 'FR123',
        },
      },
    );
    expect(saved.data!.saveCBBillingAddr).toMatchObject({
      line1: '1 Main St',
      country: 'FR',
      vat_number: 'FR123',
    });
    const invalid = await gql(
      `mutation($input: BillingAddressInput!) { saveCBBillingAddr(input: $input) { line1 } }`,
      { input: { line1: 'x', city: 'y', country: 'France' } },
    );
    expect(invalid.errors).toBeDefined();
    const rest = await api.rest<Record<string, Parsed>>(
      'GET',
      'chargebee/billing-address',
      undefined,
      admin,
    );
    expect(rest.body.data).toMatchObject({ city: 'Paris' });
    const portal = await api.rest<{ access_url: string }>(
      'POST',
      'chargebee/portal-session',
      {},
      admin,
    );
    const page = await (await fetch(portal.body.data.access_url)).text();
    expect(page).toContain('Billing portal');
  });

  it('refuses another company’s ids as NOT_FOUND', async () => {
    const mine = (await gql(`{ getCBCustCard { id } }`)).data!.getCBCustCard[0].id as string;
    const invoice = (await gql(`{ getCBCustInvoices { id } }`)).data!.getCBCustInvoices[0]
      .id as string;
    const customerId = `tw-${teamId}`;
    const sub = (await row())!.subscriptionId!;
    const attempts = [
      gql(`query($id: String) { getCBCustomer(id: $id) { id } }`, { id: customerId }, otherAdmin),
      gql(`query($id: String) { getCBSubs(custId: $id) { id } }`, { id: customerId }, otherAdmin),
      gql(
        `query($id: String) { getCBCustCard(custId: $id) { id } }`,
        { id: customerId },
        otherAdmin,
      ),
      gql(
        `query($id: String) { getCBCustInvoices(custId: $id) { id } }`,
        { id: customerId },
        otherAdmin,
      ),
      gql(
        `query($id: String) { getCBTransaction(custId: $id) { id } }`,
        { id: customerId },
        otherAdmin,
      ),
      gql(
        `query($id: String!) { getCBCustInvoicePDF(invoice_id: $id) { downloadUrl } }`,
        { id: invoice },
        otherAdmin,
      ),
      gql(
        `mutation($id: String!) { spendCheckManual(invoice: $id) { id } }`,
        { id: invoice },
        otherAdmin,
      ),
      gql(`mutation($id: String!) { deleteCBCustCard(cardId: $id) }`, { id: mine }, otherAdmin),
      gql(
        `mutation($id: String!) { updateCBCustCard(cardId: $id, year: 2042, month: 1) { id } }`,
        { id: mine },
        otherAdmin,
      ),
      gql(
        `mutation($id: String) { changeSubForCust(subId: $id, plan_id: "tapwise-growth-USD-Monthly") { id } }`,
        { id: sub },
        otherAdmin,
      ),
      gql(
        `mutation($id: String, $d: DateTime!) { changeTermEndPlan(sub_id: $id, termEndDate: $d) { id } }`,
        { id: sub, d: new Date(Date.now() + 86_400_000 * 90).toISOString() },
        otherAdmin,
      ),
    ];
    for (const answer of await Promise.all(attempts)) expect(errorOf(answer)).toBe('NOT_FOUND');
    expect((await gql(`{ getCBCustCard { id } }`)).data!.getCBCustCard).toHaveLength(1);
  });

  it('refuses billing to a role without billing permissions', async () => {
    for (const query of [
      `{ getCBCustomer { id } }`,
      `mutation { CreateCBCustomer { id } }`,
      `mutation { endSubscription { id } }`,
      `mutation { staffDeleteSubscription(teamId: "${teamId}") }`,
    ])
      expect(errorOf(await gql(query, {}, staffMember))).toBe('FORBIDDEN');
    const portal = await api.rest('POST', 'chargebee/portal-session', {}, staffMember);
    expect(portal.status).toBe(403);
  });

  it('lets staff migrate and delete a company’s subscription', async () => {
    const migrated = await gql(
      `mutation($team: ID!) { staffMigrateSubscription(teamId: $team, plan_id: "tapwise-enterprise-USD-Monthly") { planId } }`,
      { team: otherTeamId },
      superAdmin,
    );
    expect(migrated.errors).toBeUndefined();
    expect(migrated.data!.staffMigrateSubscription.planId).toBe('enterprise');
    expect((await row(otherTeamId))!.planId).toBe('enterprise');
    const deleted = await gql(
      `mutation($team: ID!) { staffDeleteSubscription(teamId: $team) }`,
      { team: otherTeamId },
      superAdmin,
    );
    expect(deleted.data!.staffDeleteSubscription).toBe(true);
    // The cancellation's webhook arrives after the ids are forgotten: it changes nothing.
    await sandbox.chargebee.simulator.flushWebhooks();
    expect(await row(otherTeamId)).toMatchObject({
      customerId: null,
      subscriptionId: null,
      status: 'cancelled',
    });
  });

  it('collects an unpaid invoice now with spendCheckManual once a working card is added', async () => {
    const db = server.database.db;
    const company = await createCompany(db, 'Dunning Co');
    const member = await createMember(db, company.id, { role: 'ADMIN' });
    const session = await api.signIn(member.email, member.password);
    const failing = await gql(
      `mutation($t: String!) { addCBCustCard(tmp_token: $t) { id } }`,
      { t: await tokenize('4000000000000341') },
      session,
    );
    expect(failing.errors).toBeUndefined();
    await gql(
      `mutation { CreateCBSubPlan(plan_id: "tapwise-growth-USD-Monthly") { id } }`,
      {},
      session,
    );
    await sandbox.chargebee.advance(15 * 86_400);
    const unpaid = (await gql(`{ getCBCustInvoices { id status amountDue } }`, {}, session)).data!
      .getCBCustInvoices[0];
    expect(unpaid).toMatchObject({ status: 'payment_due', amountDue: 4900 });
    const refused = await gql(
      `mutation($id: String!) { spendCheckManual(invoice: $id) { id } }`,
      { id: unpaid.id },
      session,
    );
    expect(errorOf(refused)).toBe('CARD_REJECTED');
    await gql(
      `mutation($t: String!) { addCBCustCard(tmp_token: $t, primary: true) { id } }`,
      { t: await tokenize('4111111111111111') },
      session,
    );
    const paid = await gql(
      `mutation($id: String!) { spendCheckManual(invoice: $id) { id status amountPaid amountDue } }`,
      { id: unpaid.id },
      session,
    );
    expect(paid.data!.spendCheckManual).toEqual({
      id: unpaid.id,
      status: 'paid',
      amountPaid: 4900,
      amountDue: 0,
    });
    const transactions = await gql(`{ getCBTransaction { status invoiceIds } }`, {}, session);
    expect(transactions.data!.getCBTransaction.map((t: Parsed) => t.status).sort()).toEqual([
      'failure',
      'failure',
      'success',
    ]);
  });
  describe('webhook', () => {
    const event = (id: string, version: number, status: string) => ({
      id,
      occurred_at: Math.floor(Date.now() / 1000),
      event_type: 'subscription_changed',
      api_version: 'v2',
      content: {
        subscription: {
          id: (globalThis as { subId?: string }).subId,
          customer_id: `tw-${teamId}`,
          status,
          currency_code: 'USD',
          resource_version: version,
          subscription_items: [{ item_price_id: 'tapwise-growth-USD-Monthly' }],
          current_term_end: Math.floor(Date.now() / 1000) + 86_400,
        },
        customer: { id: `tw-${teamId}` },
      },
    });

    beforeAll(async () => {
      (globalThis as { subId?: string }).subId = (await row())!.subscriptionId!;
    });

    it('refuses forged events with 401 and stores nothing', async () => {
      const before = await row();
      for (const credentials of [
        null,
        `${HOOK_USER}:wrong-password-0123456`,
        `nobody:${HOOK_PASSWORD}`,
      ]) {
        const answer = await postWebhook(
          event(`ev_forged_${credentials?.length ?? 0}`, Number.MAX_SAFE_INTEGER, 'paused'),
          credentials,
        );
        expect(answer.status).toBe(401);
        expect(answer.body.error).toBe('BILLING_WEBHOOK_UNAUTHORIZED');
      }
      expect(await row()).toEqual(before);
      const stored = await server.database.db
        .select()
        .from(billingWebhookEvents)
        .where(eq(billingWebhookEvents.eventId, 'ev_forged_0'));
      expect(stored).toEqual([]);
    });

    it('applies an event once: a replay changes nothing', async () => {
      const version = (await row())!.resourceVersion! + 1000;
      const first = await postWebhook(event('ev_test_pause', version, 'paused'));
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual({ applied: true, replay: false });
      expect((await row())!.status).toBe('paused');
      // The state moves on; the same event sent again must not bring "paused" back.
      await postWebhook(event('ev_test_active', version + 1, 'active'));
      const replay = await postWebhook(event('ev_test_pause', version + 2, 'paused'));
      expect(replay.body.data).toEqual({ applied: false, replay: true });
      expect((await row())!).toMatchObject({ status: 'active', resourceVersion: version + 1 });
    });

    it('ignores an event older than the state held', async () => {
      const held = (await row())!;
      const older = await postWebhook(event('ev_test_old', held.resourceVersion! - 1, 'cancelled'));
      expect(older.body.data).toEqual({ applied: false, replay: false });
      expect((await row())!.status).toBe(held.status);
    });

    it('applies the simulator’s own events and replays of them', async () => {
      // The plan is yearly since the plan change: a renewal is a year and more away.
      await sandbox.chargebee.advance(400 * 86_400);
      const held = (await row())!;
      const events = sandbox.chargebee.simulator.store.events;
      const renewed = events
        .filter(
          (candidate) =>
            candidate.event_type === 'subscription_renewed' &&
            (candidate.content.subscription as { id: string }).id === held.subscriptionId,
        )
        .at(-1)!;
      expect(renewed).toBeDefined();
      expect(held.resourceVersion).toBeGreaterThanOrEqual(
        (renewed.content.subscription as { resource_version: number }).resource_version,
      );
      const replay = await fetch(`${sandbox.chargebee.apiUrl}/_sim/events/${renewed.id}/resend`, {
        method: 'POST',
      });
      expect(replay.status).toBe(200);
      expect(await row()).toEqual(held);
    });
  });

  it('answers BILLING_OFF to every operation while billing is off', async () => {
    const billing = server.config.billing;
    const mode = billing.mode;
    billing.mode = 'off';
    try {
      for (const query of [
        `{ getCBCustomer { id } }`,
        `mutation { endSubscription { id } }`,
        `{ getCBBillingAddr { line1 } }`,
      ])
        expect(errorOf(await gql(query))).toBe('BILLING_OFF');
      const portal = await api.rest('POST', 'chargebee/portal-session', {}, admin);
      expect(portal.status).toBe(404);
      const hook = await postWebhook(event0());
      expect(hook.status).toBe(404);
    } finally {
      billing.mode = mode;
    }
  });
});

function event0() {
  return { id: 'ev_off', occurred_at: 1, event_type: 'customer_changed', content: {} };
}
