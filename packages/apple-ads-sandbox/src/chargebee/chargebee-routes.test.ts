// The Chargebee simulator through the official Node SDK (chargebee 3.33.0), as the server calls
// it: wire shape, errors, test cards, tokens, PDFs, the portal, the clock, webhooks and replay.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Chargebee from 'chargebee';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../index.js';
import { CHARGEBEE_SANDBOX_API_KEY, CHARGEBEE_SANDBOX_PUBLISHABLE_KEY } from './chargebee-store.js';

const START = Date.UTC(2026, 0, 10, 12, 0, 0);
let sandbox: Sandbox;
let chargebee: Chargebee;
let hooks: Server;
const received: { authorization: string | undefined; body: Record<string, unknown> }[] = [];

function sdk(apiUrl: string, apiKey = CHARGEBEE_SANDBOX_API_KEY): Chargebee {
  const url = new URL(apiUrl);
  return new Chargebee({
    site: url.hostname,
    hostSuffix: '',
    protocol: 'http',
    port: Number(url.port),
    apiPath: `${url.pathname}/api/v2` as '/api/v2',
    apiKey,
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ scenario: 'new', now: () => START });
  chargebee = sdk(sandbox.chargebee.apiUrl);
  hooks = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        authorization: request.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  sandbox.chargebee.setWebhook({
    url: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`,
    username: 'hook-user',
    password: 'hook-password-0123456789',
  });
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => hooks.close(resolve));
});
afterEach(() => sandbox.resetFaults());

async function tokenize(number: string, expiryYear = 2030, origin = 'http://app.test') {
  const response = await fetch(`${sandbox.chargebee.apiUrl}/js/v2/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      publishableKey: CHARGEBEE_SANDBOX_PUBLISHABLE_KEY,
      number,
      expiryMonth: 12,
      expiryYear,
      cvv: '123',
    }),
  });
  return {
    status: response.status,
    cors: response.headers.get('access-control-allow-origin'),
    body: (await response.json()) as { token?: string; api_error_code?: string; param?: string },
  };
}

async function customerWithCard(number = '4111111111111111') {
  const { customer } = await chargebee.customer.create({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    company: 'Analytical',
  });
  const { body } = await tokenize(number);
  await chargebee.paymentSource.createUsingTempToken({
    customer_id: customer.id,
    type: 'card',
    tmp_token: body.token!,
  });
  return customer;
}

describe('Chargebee simulator', () => {
  it('answers the SDK with Chargebee’s shapes for customers', async () => {
    const created = await chargebee.customer.create({
      email: 'grace@example.com',
      company: 'Navy',
    });
    expect(created.customer).toMatchObject({
      id: expect.stringMatching(/^cust_sim_\d{6}$/),
      email: 'grace@example.com',
      company: 'Navy',
      object: 'customer',
      created_at: Math.floor(START / 1000),
    });
    const fetched = await chargebee.customer.retrieve(created.customer.id);
    expect(fetched.customer.email).toBe('grace@example.com');
    const updated = await chargebee.customer.updateBillingInfo(created.customer.id, {
      billing_address: { line1: '1 Main St', city: 'Paris', country: 'FR' },
      vat_number: 'FR123',
    });
    expect(updated.customer.billing_address).toMatchObject({ line1: '1 Main St', country: 'FR' });
    expect(updated.customer.resource_version).toBeGreaterThan(created.customer.resource_version!);
  });

  it('answers errors in Chargebee’s shape', async () => {
    await expect(chargebee.customer.retrieve('nope')).rejects.toMatchObject({
      http_status_code: 404,
      api_error_code: 'resource_not_found',
    });
    await expect(
      chargebee.customer.updateBillingInfo((await chargebee.customer.create({})).customer.id, {
        billing_address: { country: 'France' },
      }),
    ).rejects.toMatchObject({
      http_status_code: 400,
      api_error_code: 'param_wrong_value',
      param: 'billing_address[country]',
      type: 'invalid_request',
    });
    await expect(sdk(sandbox.chargebee.apiUrl, 'wrong').customer.list()).rejects.toMatchObject({
      http_status_code: 401,
      api_error_code: 'api_authentication_failed',
    });
    sandbox.setFaults({ chargebeeServerErrors: 1 });
    await expect(chargebee.customer.list()).rejects.toMatchObject({ http_status_code: 500 });
    await expect(chargebee.customer.list()).resolves.toHaveProperty('list');
  });

  it('tokenises cards once, with CORS, and declines Chargebee’s declining test card', async () => {
    const bad = await tokenize('4111111111111112');
    expect(bad).toMatchObject({ status: 400, body: { param: 'number' } });
    expect((await tokenize('4111111111111111', 2020)).body.param).toBe('expiry_year');
    const good = await tokenize('4111111111111111');
    expect(good.status).toBe(200);
    expect(good.cors).toBe('http://app.test');
    expect(good.body.token).toMatch(/^cb_tmp_/);
    const { customer } = await chargebee.customer.create({});
    const added = await chargebee.paymentSource.createUsingTempToken({
      customer_id: customer.id,
      type: 'card',
      tmp_token: good.body.token!,
    });
    expect(added.payment_source.card).toMatchObject({ last4: '1111', brand: 'visa' });
    expect(JSON.stringify(added)).not.toContain('4111111111111111');
    await expect(
      chargebee.paymentSource.createUsingTempToken({
        customer_id: customer.id,
        type: 'card',
        tmp_token: good.body.token!,
      }),
    ).rejects.toMatchObject({ http_status_code: 400, param: 'tmp_token' });
    const declining = await tokenize('4000000000000002');
    await expect(
      chargebee.paymentSource.createUsingTempToken({
        customer_id: customer.id,
        type: 'card',
        tmp_token: declining.body.token!,
      }),
    ).rejects.toMatchObject({ http_status_code: 402, api_error_code: 'payment_processing_failed' });
    const updated = await chargebee.paymentSource.updateCard(added.payment_source.id, {
      card: { expiry_month: 3, expiry_year: 2031 },
    });
    expect(updated.payment_source.card).toMatchObject({ expiry_month: 3, expiry_year: 2031 });
    const listed = await chargebee.paymentSource.list({ customer_id: { is: customer.id } });
    expect(listed.list).toHaveLength(1);
    await chargebee.paymentSource.delete(added.payment_source.id);
    expect((await chargebee.paymentSource.list({ customer_id: { is: customer.id } })).list).toEqual(
      [],
    );
  });

  it('subscribes, changes plan and term, cancels, reactivates, with invoices and transactions', async () => {
    const customer = await customerWithCard();
    const created = await chargebee.subscription.createWithItems(customer.id, {
      subscription_items: [{ item_price_id: 'tapwise-growth-USD-Monthly', quantity: 1 }],
    });
    const sub = created.subscription;
    expect(sub).toMatchObject({
      status: 'active',
      customer_id: customer.id,
      billing_period_unit: 'month',
    });
    expect(sub.current_term_end).toBe(Math.floor(Date.UTC(2026, 1, 10, 12) / 1000));
    const listed = await chargebee.subscription.list({ customer_id: { is: customer.id } });
    expect(listed.list.map((entry) => entry.subscription.id)).toEqual([sub.id]);

    const changed = await chargebee.subscription.updateForItems(sub.id, {
      subscription_items: [{ item_price_id: 'tapwise-enterprise-USD-Monthly' }],
      replace_items_list: true,
    });
    expect(changed.subscription.subscription_items?.[0]?.item_price_id).toBe(
      'tapwise-enterprise-USD-Monthly',
    );
    const term = Math.floor(Date.UTC(2026, 2, 1) / 1000);
    const moved = await chargebee.subscription.changeTermEnd(sub.id, { term_ends_at: term });
    expect(moved.subscription.current_term_end).toBe(term);

    const scheduled = await chargebee.subscription.cancelForItems(sub.id, { end_of_term: true });
    expect(scheduled.subscription).toMatchObject({ status: 'non_renewing', cancelled_at: term });
    const kept = await chargebee.subscription.removeScheduledCancellation(sub.id);
    expect(kept.subscription.status).toBe('active');
    const cancelled = await chargebee.subscription.cancelForItems(sub.id, { end_of_term: false });
    expect(cancelled.subscription.status).toBe('cancelled');
    const back = await chargebee.subscription.reactivate(sub.id);
    expect(back.subscription.status).toBe('active');

    const invoices = await chargebee.invoice.list({ customer_id: { is: customer.id } });
    expect(invoices.list.length).toBeGreaterThanOrEqual(2);
    expect(invoices.list.every((entry) => entry.invoice.status === 'paid')).toBe(true);
    const transactions = await chargebee.transaction.list({ customer_id: { is: customer.id } });
    expect(transactions.list.every((entry) => entry.transaction.status === 'success')).toBe(true);

    const { download } = await chargebee.invoice.pdf(invoices.list[0]!.invoice.id, {
      disposition_type: 'inline',
    });
    const pdf = await fetch(download.download_url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain(`Invoice ${invoices.list[0]!.invoice.id}`);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);

    const { portal_session } = await chargebee.portalSession.create({
      customer: { id: customer.id },
    });
    const page = await (await fetch(portal_session.access_url)).text();
    expect(page).toContain('Billing portal');
    expect(page).toContain('tapwise-enterprise-USD-Monthly: active');
  });

  it('refuses a subscription a declining card cannot pay, and a plan that does not exist', async () => {
    const customer = await customerWithCard('4111111111111111');
    await expect(
      chargebee.subscription.createWithItems(customer.id, {
        subscription_items: [{ item_price_id: 'tapwise-platinum-USD-Monthly' }],
      }),
    ).rejects.toMatchObject({ http_status_code: 404, api_error_code: 'resource_not_found' });
    const other = await chargebee.customer.create({});
    await expect(
      chargebee.subscription.createWithItems(other.customer.id, {
        subscription_items: [{ item_price_id: 'tapwise-growth-USD-Monthly' }],
      }),
    ).rejects.toMatchObject({ http_status_code: 402 });
  });

  it('ends trials and renews terms as its clock advances, and sends webhooks with basic auth', async () => {
    const customer = await customerWithCard();
    const trialEnd = Math.floor(START / 1000) + 14 * 86_400;
    const { subscription } = await chargebee.subscription.createWithItems(customer.id, {
      subscription_items: [{ item_price_id: 'tapwise-growth-USD-Monthly' }],
      trial_end: trialEnd,
    });
    expect(subscription).toMatchObject({ status: 'in_trial', trial_end: trialEnd });
    await sandbox.chargebee.advance(15 * 86_400);
    let now = (await chargebee.subscription.retrieve(subscription.id)).subscription;
    expect(now).toMatchObject({ status: 'active', current_term_start: trialEnd });
    const response = await fetch(`${sandbox.chargebee.apiUrl}/_sim/advance`, {
      method: 'POST',
      body: JSON.stringify({ days: 31 }),
    });
    expect(response.status).toBe(200);
    now = (await chargebee.subscription.retrieve(subscription.id)).subscription;
    expect(now.current_term_start).toBe(now.current_term_end! - 28 * 86_400);

    const mine = received.filter(
      (hook) =>
        (hook.body.content as { subscription?: { id: string } }).subscription?.id ===
        subscription.id,
    );
    expect(mine.map((hook) => hook.body.event_type)).toEqual(
      expect.arrayContaining([
        'subscription_created',
        'subscription_activated',
        'subscription_renewed',
        'invoice_generated',
        'payment_succeeded',
      ]),
    );
    expect(mine[0]).toMatchObject({
      authorization: `Basic ${Buffer.from('hook-user:hook-password-0123456789').toString('base64')}`,
      body: { api_version: 'v2', object: 'event', id: expect.stringMatching(/^ev_sim_/) },
    });

    const before = received.length;
    const replay = await fetch(
      `${sandbox.chargebee.apiUrl}/_sim/events/${String(mine[0]!.body.id)}/resend`,
      {
        method: 'POST',
      },
    );
    expect(replay.status).toBe(200);
    expect(received.length).toBe(before + 1);
    const { webhook_status: _status, ...again } = received.at(-1)!.body;
    expect(mine[0]!.body).toMatchObject(again);
  });

  it('fails a renewal on a declining card and tells it by payment_failed', async () => {
    const customer = await customerWithCard();
    const { subscription } = await chargebee.subscription.createWithItems(customer.id, {
      subscription_items: [{ item_price_id: 'tapwise-growth-USD-Monthly' }],
      trial_end: sandboxNow() + 86_400,
    });
    // The customer's card is replaced by a declining one before the trial ends.
    const declining = await tokenize('4000000000000341');
    await chargebee.paymentSource.createUsingTempToken({
      customer_id: customer.id,
      type: 'card',
      tmp_token: declining.body.token!,
      replace_primary_payment_source: true,
    });
    const card = (await chargebee.paymentSource.list({ customer_id: { is: customer.id } })).list;
    expect(card).toHaveLength(2);
    await sandbox.chargebee.advance(2 * 86_400);
    const invoices = await chargebee.invoice.list({ subscription_id: { is: subscription.id } });
    const unpaid = invoices.list[0]!.invoice;
    expect(unpaid).toMatchObject({ status: 'payment_due', amount_due: 4900 });
    expect(
      received.some(
        (hook) =>
          hook.body.event_type === 'payment_failed' &&
          (hook.body.content as { invoice: { id: string } }).invoice.id === unpaid.id,
      ),
    ).toBe(true);
    await expect(chargebee.invoice.collectPayment(unpaid.id)).rejects.toMatchObject({
      http_status_code: 402,
      api_error_code: 'payment_processing_failed',
    });
  });

  it('serves the Chargebee.js stand-in', async () => {
    const response = await fetch(sandbox.chargebee.jsUrl);
    expect(response.headers.get('content-type')).toContain('javascript');
    const script = await response.text();
    for (const name of [
      'init',
      'getInstance',
      'createComponent',
      'tokenize',
      'mount',
      '/js/v2/tokens',
    ])
      expect(script).toContain(name);
  });
});

function sandboxNow(): number {
  return sandbox.chargebee.simulator.store.now();
}
