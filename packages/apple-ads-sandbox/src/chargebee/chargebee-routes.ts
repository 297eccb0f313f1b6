// Chargebee's API v2 under /chargebee/api/v2, as the official Node SDK calls it: form-encoded
// bodies (`billing_address[line1]`, `subscription_items[item_price_id][0]`), the API key as the
// basic-auth user, JSON answers `{ customer: … }` or `{ list: [{ customer: … }], next_offset }`
// and Chargebee's error shape. Beside it: the card tokenisation stand-in (/chargebee/js/v2/tokens
// and /chargebee/v2/chargebee.js, docs/billing.md "Card tokenisation"), invoice PDFs, the portal
// page, webhooks to a configured URL, and /chargebee/_sim (clock, webhook target, events, replay).
import { chargebeeJs } from './chargebee-js.js';
import {
  addPeriod,
  cardBrand,
  CHARGEBEE_SANDBOX_API_KEY,
  CHARGEBEE_SANDBOX_PUBLISHABLE_KEY,
  ChargebeeStore,
  DECLINING_CARDS,
  FAILING_CHARGES,
  itemPrice,
  ITEM_PRICES,
  luhnValid,
  TEMP_TOKEN_TTL_S,
  type Customer,
  type Invoice,
  type Json,
  type PaymentSource,
  type SimEvent,
  type Subscription,
  type Transaction,
} from './chargebee-store.js';
import { invoicePdf } from './invoice-pdf.js';

export const CHARGEBEE_PREFIX = '/chargebee';
const API = '/api/v2';

export interface ChargebeeAnswer {
  status: number;
  contentType: string;
  body: string | Buffer;
  headers: Record<string, string>;
}

export interface ChargebeeFaults {
  /** The next N API calls answer 500 internal_error. */
  serverErrors: number;
}

export interface ChargebeeRequest {
  method: string;
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
}

export interface WebhookTarget {
  url: string;
  username?: string;
  password?: string;
}

export interface WebhookDelivery {
  eventId: string;
  status: number | null;
  at: number;
}

class ChargebeeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string | undefined,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }

  body(): Json {
    return {
      message: this.message,
      ...(this.type ? { type: this.type } : {}),
      api_error_code: this.code,
      ...(this.param ? { param: this.param } : {}),
      error_code: this.code,
      error_msg: this.message,
      http_status_code: this.status,
    };
  }
}

const notFound = (resource: string, id: string) =>
  new ChargebeeError(
    404,
    undefined,
    'resource_not_found',
    `Sorry, we couldn't find that resource: ${resource} ${id}`,
  );
const wrongValue = (param: string, message: string) =>
  new ChargebeeError(400, 'invalid_request', 'param_wrong_value', message, param);
const declined = (message: string) =>
  new ChargebeeError(402, 'payment', 'payment_processing_failed', message);

const json = (
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): ChargebeeAnswer => ({
  status,
  contentType: 'application/json;charset=utf-8',
  body: JSON.stringify(body),
  headers,
});

type Params = Map<string, string>;

export class ChargebeeSimulator {
  readonly store: ChargebeeStore;
  webhook: WebhookTarget | null = null;
  readonly deliveries: WebhookDelivery[] = [];
  private pending: Promise<void> = Promise.resolve();

  constructor(
    clock: () => number,
    private readonly origin: () => string,
  ) {
    this.store = new ChargebeeStore(clock);
  }

  /** Resolves once every webhook sent so far has been answered (or failed). */
  flushWebhooks(): Promise<void> {
    return this.pending;
  }

  async answer(request: ChargebeeRequest, faults: ChargebeeFaults): Promise<ChargebeeAnswer> {
    const path = request.url.pathname.slice(CHARGEBEE_PREFIX.length);
    try {
      if (path === '/v2/chargebee.js' && request.method === 'GET')
        return {
          status: 200,
          contentType: 'application/javascript; charset=utf-8',
          body: chargebeeJs(),
          headers: { 'Access-Control-Allow-Origin': '*' },
        };
      if (path === '/js/v2/tokens') return this.tokenize(request);
      if (path.startsWith('/_sim/')) return await this.admin(request, path);
      const pdf = /^\/files\/invoices\/([^/]+)\.pdf$/.exec(path);
      if (pdf && request.method === 'GET') return this.pdf(pdf[1] as string, request.url);
      const portal = /^\/portal\/([^/]+)$/.exec(path);
      if (portal && request.method === 'GET') return this.portalPage(portal[1] as string);
      if (!path.startsWith(`${API}/`)) return json(notFound('path', path).body(), 404);
      if (!this.authenticated(request.headers.authorization))
        return json(
          new ChargebeeError(
            401,
            undefined,
            'api_authentication_failed',
            'Sorry, authentication failed. Invalid api key',
          ).body(),
          401,
        );
      if (faults.serverErrors > 0) {
        faults.serverErrors -= 1;
        return json(
          new ChargebeeError(
            500,
            undefined,
            'internal_error',
            'Sorry, something went wrong when trying to process the request.',
          ).body(),
          500,
        );
      }
      const params: Params = new Map(
        request.method === 'GET' ? request.url.searchParams : new URLSearchParams(request.raw),
      );
      return json(this.api(request.method, path.slice(API.length), params));
    } catch (error) {
      if (error instanceof ChargebeeError) return json(error.body(), error.status);
      throw error;
    }
  }

  private authenticated(header: string | string[] | undefined): boolean {
    const value = Array.isArray(header) ? header[0] : header;
    const match = /^Basic (.+)$/.exec(value ?? '');
    if (!match) return false;
    const user = Buffer.from(match[1] as string, 'base64')
      .toString('utf8')
      .split(':')[0];
    return user === CHARGEBEE_SANDBOX_API_KEY;
  }

  private api(method: string, path: string, params: Params): Json {
    const s = this.store;
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    const [resource, id, action] = segments;
    const post = method === 'POST';
    switch (resource) {
      case 'customers':
        if (post && !id) return { customer: this.createCustomer(params) };
        if (!post && !id)
          return this.list(
            [...s.customers.values()].filter((customer) => matches(customer, params, 'email')),
            params,
            (customer) => ({ customer }),
          );
        if (!id) break;
        if (!post && !action) return { customer: this.customer(id) };
        if (post && !action) return { customer: this.updateCustomer(id, params) };
        if (post && action === 'update_billing_info')
          return { customer: this.updateBillingInfo(id, params) };
        if (post && action === 'subscription_for_items') return this.createSubscription(id, params);
        break;
      case 'subscriptions':
        if (!post && !id)
          return this.list(
            [...s.subscriptions.values()].filter((sub) => matches(sub, params, 'customer_id')),
            params,
            (sub) => ({ subscription: sub, customer: this.customer(sub.customer_id) }),
          );
        if (!id) break;
        if (!post && !action) {
          const sub = this.subscription(id);
          return { subscription: sub, customer: this.customer(sub.customer_id) };
        }
        if (post) return this.subscriptionAction(id, action ?? '', params);
        break;
      case 'payment_sources':
        if (post && id === 'create_using_temp_token') return this.addCard(params);
        if (!post && !id)
          return this.list(
            [...s.paymentSources.values()].filter(
              (source) => !source.deleted && matches(source, params, 'customer_id'),
            ),
            params,
            (source) => ({ payment_source: publicSource(source) }),
          );
        if (!id) break;
        if (!post && !action) return { payment_source: publicSource(this.source(id)) };
        if (post && action === 'update_card') return this.updateCard(id, params);
        if (post && action === 'delete') return this.deleteCard(id);
        break;
      case 'invoices':
        if (!post && !id)
          return this.list(
            [...s.invoices.values()]
              .filter(
                (invoice) =>
                  matches(invoice, params, 'customer_id') &&
                  matches(invoice, params, 'subscription_id'),
              )
              .sort(newestFirst),
            params,
            (invoice) => ({ invoice }),
          );
        if (!id) break;
        if (!post && !action) return { invoice: this.invoice(id) };
        if (post && action === 'pdf') return this.download(id, params);
        if (post && action === 'collect_payment') return this.collect(id);
        break;
      case 'transactions':
        if (!post && !id)
          return this.list(
            [...s.transactions.values()]
              .filter(
                (trans) => matches(trans, params, 'customer_id') && matches(trans, params, 'id'),
              )
              .sort(newestFirst),
            params,
            (transaction) => ({ transaction }),
          );
        if (id && !post && !action) {
          const transaction = s.transactions.get(id);
          if (!transaction) throw notFound('transaction', id);
          return { transaction };
        }
        break;
      case 'portal_sessions':
        if (post && !id) return this.portalSession(params);
        break;
      case 'item_prices':
        if (!post && !id)
          return this.list(ITEM_PRICES, params, (price) => ({ item_price: publicPrice(price.id) }));
        if (!post && id && !action) return { item_price: publicPrice(id) };
        break;
    }
    throw new ChargebeeError(
      404,
      undefined,
      'resource_not_found',
      `No such API: ${method} ${path}`,
    );
  }

  // ----- customers ---------------------------------------------------------------------------

  private customer(id: string): Customer {
    const customer = this.store.customers.get(id);
    if (!customer) throw notFound('customer', id);
    return customer;
  }

  private createCustomer(params: Params): Customer {
    const now = this.store.now();
    const id = params.get('id') || this.store.nextId('cust');
    if (this.store.customers.has(id))
      throw new ChargebeeError(
        400,
        'invalid_request',
        'duplicate_entry',
        `The value ${id} is already present.`,
        'id',
      );
    const email = params.get('email');
    if (email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(email))
      throw wrongValue('email', 'email : invalid email');
    const customer: Customer = {
      id,
      object: 'customer',
      auto_collection: 'on',
      net_term_days: 0,
      allow_direct_debit: false,
      taxability: 'taxable',
      pii_cleared: 'active',
      channel: 'web',
      deleted: false,
      card_status: 'no_card',
      promotional_credits: 0,
      refundable_credits: 0,
      excess_payments: 0,
      unbilled_charges: 0,
      preferred_currency_code: 'USD',
      created_at: now,
      updated_at: now,
      resource_version: this.store.nextVersion(),
    };
    applyCustomerFields(customer, params);
    this.store.customers.set(id, customer);
    this.emit('customer_created', { customer });
    return customer;
  }

  private updateCustomer(id: string, params: Params): Customer {
    const customer = this.customer(id);
    applyCustomerFields(customer, params);
    this.touch(customer);
    this.emit('customer_changed', { customer });
    return customer;
  }

  private updateBillingInfo(id: string, params: Params): Customer {
    const customer = this.customer(id);
    const address: Json = { object: 'billing_address', validation_status: 'not_validated' };
    for (const [key, value] of params) {
      const field = /^billing_address\[(\w+)\]$/.exec(key)?.[1];
      if (field) address[field] = value;
    }
    if (address.country !== undefined && !/^[A-Z]{2}$/.test(String(address.country)))
      throw wrongValue(
        'billing_address[country]',
        'billing_address[country] : invalid country code',
      );
    customer.billing_address = address;
    const vat = params.get('vat_number');
    if (vat !== undefined) customer.vat_number = vat;
    this.touch(customer);
    this.emit('customer_changed', { customer });
    return customer;
  }

  // ----- subscriptions -----------------------------------------------------------------------

  private subscription(id: string): Subscription {
    const sub = this.store.subscriptions.get(id);
    if (!sub) throw notFound('subscription', id);
    return sub;
  }

  private createSubscription(customerId: string, params: Params): Json {
    const customer = this.customer(customerId);
    const price = this.priceParam(params);
    const now = this.store.now();
    const trialEndParam = params.get('trial_end');
    const trialEnd = trialEndParam !== undefined ? Number(trialEndParam) : undefined;
    if (trialEnd !== undefined && !Number.isInteger(trialEnd))
      throw wrongValue('trial_end', 'trial_end : invalid timestamp');
    const sub: Subscription = {
      id: params.get('id') || this.store.nextId('sub'),
      object: 'subscription',
      customer_id: customer.id,
      status: 'active',
      subscription_items: [planItem(price.id)],
      billing_period: price.period,
      billing_period_unit: price.period_unit,
      currency_code: price.currency_code,
      auto_collection: 'on',
      channel: 'web',
      deleted: false,
      has_scheduled_changes: false,
      has_scheduled_advance_invoices: false,
      due_invoices_count: 0,
      mrr: 0,
      created_at: now,
      started_at: now,
      updated_at: now,
      resource_version: 0,
    };
    if (trialEnd !== undefined && trialEnd > now) {
      sub.status = 'in_trial';
      sub.trial_start = now;
      sub.trial_end = trialEnd;
      sub.current_term_start = now;
      sub.current_term_end = trialEnd;
      sub.next_billing_at = trialEnd;
    } else {
      this.startTerm(sub, now);
      const invoice = this.charge(customer, sub, price.price, 'strict');
      sub.activated_at = now;
      if (invoice.status !== 'paid') {
        this.store.invoices.delete(invoice.id);
        throw declined(String(invoice.error ?? 'Your card was declined.'));
      }
    }
    sub.resource_version = this.store.nextVersion();
    this.store.subscriptions.set(sub.id, sub);
    const invoice = [...this.store.invoices.values()].find((inv) => inv.subscription_id === sub.id);
    this.emit('subscription_created', {
      subscription: sub,
      customer,
      ...(invoice ? { invoice } : {}),
    });
    if (invoice) this.emitInvoice(invoice, customer, sub);
    return { subscription: sub, customer, ...(invoice ? { invoice } : {}) };
  }

  private subscriptionAction(id: string, action: string, params: Params): Json {
    const sub = this.subscription(id);
    const customer = this.customer(sub.customer_id);
    const now = this.store.now();
    let invoice: Invoice | undefined;
    switch (action) {
      case 'update_for_items': {
        if (sub.status === 'cancelled')
          throw new ChargebeeError(
            400,
            'invalid_request',
            'invalid_state_for_request',
            'Subscription is cancelled.',
          );
        const price = this.priceParam(params);
        const old = itemPrice(sub.subscription_items[0]?.item_price_id ?? '');
        sub.subscription_items = [planItem(price.id)];
        sub.billing_period = price.period;
        sub.billing_period_unit = price.period_unit;
        if (sub.status !== 'in_trial' && old && sub.current_term_start && sub.current_term_end) {
          // Prorated: what is left of the term, at the new price less the old.
          const left =
            (sub.current_term_end - now) / (sub.current_term_end - sub.current_term_start);
          const amount = Math.round(left * (price.price - old.price));
          if (amount > 0 && params.get('invoice_immediately') !== 'false')
            invoice = this.charge(customer, sub, amount, 'strict');
          if (invoice && invoice.status !== 'paid') {
            this.store.invoices.delete(invoice.id);
            throw declined(String(invoice.error ?? 'Your card was declined.'));
          }
        }
        this.touch(sub);
        this.emit('subscription_changed', {
          subscription: sub,
          customer,
          ...(invoice ? { invoice } : {}),
        });
        break;
      }
      case 'change_term_end': {
        const at = Number(params.get('term_ends_at'));
        if (!Number.isInteger(at) || at <= now)
          throw wrongValue('term_ends_at', 'term_ends_at : must be in the future');
        if (sub.status === 'cancelled')
          throw new ChargebeeError(
            400,
            'invalid_request',
            'invalid_state_for_request',
            'Subscription is cancelled.',
          );
        sub.current_term_end = at;
        if (sub.status === 'in_trial') sub.trial_end = at;
        if (sub.status === 'non_renewing') sub.cancelled_at = at;
        else sub.next_billing_at = at;
        this.touch(sub);
        this.emit('subscription_changed', { subscription: sub, customer });
        break;
      }
      case 'cancel_for_items': {
        if (sub.status === 'cancelled')
          throw new ChargebeeError(
            400,
            'invalid_request',
            'invalid_state_for_request',
            'Subscription is already cancelled.',
          );
        if (params.get('end_of_term') === 'true') {
          sub.cancelled_at = sub.current_term_end ?? now;
          if (sub.status === 'active') sub.status = 'non_renewing';
          delete sub.next_billing_at;
          sub.cancel_schedule_created_at = now;
          this.touch(sub);
          this.emit('subscription_cancellation_scheduled', { subscription: sub, customer });
        } else {
          this.cancel(sub, customer, now);
        }
        break;
      }
      case 'remove_scheduled_cancellation': {
        if (sub.cancelled_at === undefined || sub.status === 'cancelled')
          throw new ChargebeeError(
            400,
            'invalid_request',
            'invalid_state_for_request',
            'No scheduled cancellation.',
          );
        delete sub.cancelled_at;
        delete sub.cancel_schedule_created_at;
        if (sub.status === 'non_renewing') sub.status = 'active';
        sub.next_billing_at = sub.current_term_end;
        this.touch(sub);
        this.emit('subscription_scheduled_cancellation_removed', { subscription: sub, customer });
        break;
      }
      case 'reactivate': {
        if (sub.status !== 'cancelled')
          throw new ChargebeeError(
            400,
            'invalid_request',
            'invalid_state_for_request',
            'Only a cancelled subscription can be reactivated.',
          );
        const price = itemPrice(sub.subscription_items[0]?.item_price_id ?? '');
        invoice = this.charge(customer, sub, price?.price ?? 0, 'strict');
        if (invoice.status !== 'paid') {
          this.store.invoices.delete(invoice.id);
          throw declined(String(invoice.error ?? 'Your card was declined.'));
        }
        sub.status = 'active';
        delete sub.cancelled_at;
        delete sub.cancel_reason;
        this.startTerm(sub, now);
        sub.activated_at = now;
        this.touch(sub);
        this.emit('subscription_reactivated', { subscription: sub, customer, invoice });
        break;
      }
      default:
        throw new ChargebeeError(
          404,
          undefined,
          'resource_not_found',
          `No such API: subscriptions/${action}`,
        );
    }
    if (invoice) this.emitInvoice(invoice, customer, sub);
    return { subscription: sub, customer, ...(invoice ? { invoice } : {}) };
  }

  private cancel(sub: Subscription, customer: Customer, at: number): void {
    sub.status = 'cancelled';
    sub.cancelled_at = at;
    sub.cancel_reason = 'not_paid';
    delete sub.next_billing_at;
    this.touch(sub);
    this.emit('subscription_cancelled', { subscription: sub, customer });
  }

  private startTerm(sub: Subscription, at: number): void {
    sub.current_term_start = at;
    sub.current_term_end = addPeriod(at, sub.billing_period, sub.billing_period_unit);
    sub.next_billing_at = sub.current_term_end;
  }

  private priceParam(params: Params): (typeof ITEM_PRICES)[number] {
    const id = params.get('subscription_items[item_price_id][0]');
    if (!id)
      throw wrongValue(
        'subscription_items[item_price_id][0]',
        'subscription_items[item_price_id][0] : cannot be blank',
      );
    const price = itemPrice(id);
    if (!price) throw notFound('item_price', id);
    return price;
  }

  /** Advances the clock, ending trials and renewing or ending terms that fall due, in order. */
  advance(seconds: number): void {
    this.store.advance(seconds);
    const now = this.store.now();
    for (const sub of this.store.subscriptions.values()) {
      const customer = this.customer(sub.customer_id);
      for (let guard = 0; guard < 1000; guard += 1) {
        const due = sub.status === 'in_trial' ? sub.trial_end : sub.current_term_end;
        if (sub.status === 'cancelled' || due === undefined || due > now) break;
        if (sub.cancelled_at !== undefined && sub.cancelled_at <= due) {
          this.cancel(sub, customer, due);
          break;
        }
        const price = itemPrice(sub.subscription_items[0]?.item_price_id ?? '');
        const wasTrial = sub.status === 'in_trial';
        sub.status = 'active';
        this.startTerm(sub, due);
        if (wasTrial) sub.activated_at = due;
        const invoice = this.charge(customer, sub, price?.price ?? 0, 'lenient', due);
        this.touch(sub);
        this.emit(wasTrial ? 'subscription_activated' : 'subscription_renewed', {
          subscription: sub,
          customer,
          invoice,
        });
        this.emitInvoice(invoice, customer, sub);
      }
    }
  }

  // ----- money -------------------------------------------------------------------------------

  /**
   * An invoice for `amount`, charged to the customer's primary card. 'strict' (an API call) leaves
   * the failure to the caller; 'lenient' (a renewal) keeps the invoice unpaid.
   */
  private charge(
    customer: Customer,
    sub: Subscription,
    amount: number,
    _mode: 'strict' | 'lenient',
    at = this.store.now(),
  ): Invoice & { error?: string } {
    const invoice: Invoice & { error?: string } = {
      id: this.store.nextId('inv'),
      object: 'invoice',
      customer_id: customer.id,
      subscription_id: sub.id,
      recurring: true,
      status: 'payment_due',
      price_type: 'tax_exclusive',
      date: at,
      due_date: at,
      net_term_days: 0,
      currency_code: sub.currency_code,
      total: amount,
      sub_total: amount,
      amount_paid: 0,
      amount_adjusted: 0,
      write_off_amount: 0,
      credits_applied: 0,
      amount_due: amount,
      line_items: [
        {
          id: this.store.nextId('li'),
          date_from: sub.current_term_start ?? at,
          date_to: sub.current_term_end ?? at,
          unit_amount: amount,
          quantity: 1,
          amount,
          description: itemPrice(sub.subscription_items[0]?.item_price_id ?? '')?.name ?? 'Plan',
          entity_type: 'plan_item_price',
          entity_id: sub.subscription_items[0]?.item_price_id,
          object: 'line_item',
        },
      ],
      deleted: false,
      updated_at: at,
      resource_version: this.store.nextVersion(),
    };
    this.store.invoices.set(invoice.id, invoice);
    this.pay(invoice, customer, at);
    return invoice;
  }

  /** Tries the primary card; records a transaction either way. */
  private pay(
    invoice: Invoice & { error?: string },
    customer: Customer,
    at = this.store.now(),
  ): Transaction | null {
    if (invoice.amount_due <= 0) {
      invoice.status = 'paid';
      invoice.paid_at = at;
      return null;
    }
    const source = customer.primary_payment_source_id
      ? this.store.paymentSources.get(customer.primary_payment_source_id)
      : undefined;
    if (!source || source.deleted) {
      invoice.error = 'No payment method is present for the customer.';
      return null;
    }
    const failure = DECLINING_CARDS[source.number] ?? FAILING_CHARGES[source.number];
    const transaction: Transaction = {
      id: this.store.nextId('txn'),
      object: 'transaction',
      customer_id: customer.id,
      subscription_id: invoice.subscription_id,
      payment_source_id: source.id,
      payment_method: 'card',
      gateway: 'chargebee',
      gateway_account_id: 'gw_sim_chargebee',
      type: 'payment',
      status: failure ? 'failure' : 'success',
      amount: invoice.amount_due,
      currency_code: invoice.currency_code,
      date: at,
      masked_card_number: source.card.masked_number,
      linked_invoices: [
        {
          invoice_id: invoice.id,
          applied_amount: failure ? 0 : invoice.amount_due,
          applied_at: at,
        },
      ],
      ...(failure
        ? { error_code: 'card_declined', error_text: failure }
        : { id_at_gateway: `gw_${invoice.id}` }),
      deleted: false,
      updated_at: at,
      resource_version: this.store.nextVersion(),
    };
    this.store.transactions.set(transaction.id, transaction);
    if (failure) {
      invoice.error = failure;
      invoice.dunning_status = 'in_progress';
    } else {
      invoice.status = 'paid';
      invoice.paid_at = at;
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_due = 0;
      delete invoice.error;
      delete invoice.dunning_status;
    }
    invoice.updated_at = at;
    invoice.resource_version = this.store.nextVersion();
    return transaction;
  }

  private emitInvoice(invoice: Invoice, customer: Customer, sub: Subscription): void {
    this.emit('invoice_generated', { invoice, customer, subscription: sub });
    const transaction = [...this.store.transactions.values()]
      .filter(
        (trans) =>
          (trans.linked_invoices as { invoice_id: string }[])[0]?.invoice_id === invoice.id,
      )
      .at(-1);
    if (!transaction) return;
    this.emit(transaction.status === 'success' ? 'payment_succeeded' : 'payment_failed', {
      transaction,
      invoice,
      customer,
      subscription: sub,
    });
  }

  private invoice(id: string): Invoice {
    const invoice = this.store.invoices.get(id);
    if (!invoice) throw notFound('invoice', id);
    return invoice;
  }

  private collect(id: string): Json {
    const invoice = this.invoice(id);
    if (invoice.status === 'paid')
      throw new ChargebeeError(
        400,
        'invalid_request',
        'invalid_state_for_request',
        'The invoice is already paid.',
      );
    const customer = this.customer(invoice.customer_id);
    const transaction = this.pay(invoice, customer);
    const sub = invoice.subscription_id
      ? this.store.subscriptions.get(invoice.subscription_id)
      : undefined;
    if (transaction)
      this.emit(transaction.status === 'success' ? 'payment_succeeded' : 'payment_failed', {
        transaction,
        invoice,
        customer,
        ...(sub ? { subscription: sub } : {}),
      });
    if ((invoice.status as string) !== 'paid')
      throw declined(String((invoice as { error?: string }).error ?? 'Your card was declined.'));
    return { invoice, ...(transaction ? { transaction } : {}) };
  }

  private download(id: string, params: Params): Json {
    const invoice = this.invoice(id);
    const token = this.store.nextId('dl');
    const validTill = this.store.now() + 3600;
    this.store.downloads.set(token, { invoiceId: invoice.id, validTill });
    const disposition = params.get('disposition_type') === 'inline' ? 'inline' : 'attachment';
    return {
      download: {
        download_url: `${this.origin()}${CHARGEBEE_PREFIX}/files/invoices/${invoice.id}.pdf?token=${token}&disposition=${disposition}`,
        valid_till: validTill,
        object: 'download',
      },
    };
  }

  private pdf(invoiceId: string, url: URL): ChargebeeAnswer {
    const download = this.store.downloads.get(url.searchParams.get('token') ?? '');
    if (!download || download.invoiceId !== invoiceId || download.validTill < this.store.now())
      return { status: 403, contentType: 'text/plain', body: 'Link expired', headers: {} };
    const invoice = this.invoice(invoiceId);
    const disposition = url.searchParams.get('disposition') === 'inline' ? 'inline' : 'attachment';
    return {
      status: 200,
      contentType: 'application/pdf',
      body: invoicePdf(invoice, this.store.customers.get(invoice.customer_id)),
      headers: { 'Content-Disposition': `${disposition}; filename="${invoiceId}.pdf"` },
    };
  }

  // ----- cards -------------------------------------------------------------------------------

  private tokenize(request: ChargebeeRequest): ChargebeeAnswer {
    const origin = header(request.headers.origin);
    const cors: Record<string, string> = {
      'Access-Control-Allow-Origin': origin ?? '*',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': 'content-type',
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    };
    if (request.method === 'OPTIONS')
      return { status: 204, contentType: 'text/plain', body: '', headers: cors };
    if (request.method !== 'POST') return json(notFound('path', 'tokens').body(), 404, cors);
    let body: Json;
    try {
      body = JSON.parse(request.raw) as Json;
    } catch {
      return json(wrongValue('body', 'The body is not valid JSON.').body(), 400, cors);
    }
    if (body.publishableKey !== CHARGEBEE_SANDBOX_PUBLISHABLE_KEY)
      return json(
        new ChargebeeError(
          401,
          undefined,
          'api_authentication_failed',
          'Invalid publishable key',
        ).body(),
        401,
        cors,
      );
    const number = String(body.number ?? '').replace(/[\s-]/g, '');
    const month = Number(body.expiryMonth);
    const rawYear = Number(body.expiryYear);
    const year = rawYear < 100 ? 2000 + rawYear : rawYear;
    const cvv = String(body.cvv ?? '');
    const now = new Date(this.store.nowMs());
    let error: ChargebeeError | null = null;
    if (!luhnValid(number)) error = wrongValue('number', 'Your card number is invalid.');
    else if (!Number.isInteger(month) || month < 1 || month > 12)
      error = wrongValue('expiry_month', 'Your card expiry month is invalid.');
    else if (
      !Number.isInteger(year) ||
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    )
      error = wrongValue('expiry_year', 'Your card has expired.');
    else if (!/^\d{3,4}$/.test(cvv))
      error = wrongValue('cvv', 'Your card security code is invalid.');
    if (error) return json(error.body(), error.status, cors);
    const token = `cb_tmp_${this.store.nextId('tok').replace('tok_sim_', '')}`;
    this.store.tokens.set(token, {
      number,
      expiryMonth: month,
      expiryYear: year,
      expiresAt: this.store.now() + TEMP_TOKEN_TTL_S,
      used: false,
    });
    return json({ token }, 200, cors);
  }

  private source(id: string): PaymentSource {
    const source = this.store.paymentSources.get(id);
    if (!source || source.deleted) throw notFound('payment_source', id);
    return source;
  }

  private addCard(params: Params): Json {
    const customer = this.customer(params.get('customer_id') ?? '');
    const tokenId = params.get('tmp_token') ?? '';
    const token = this.store.tokens.get(tokenId);
    if (!token || token.used || token.expiresAt < this.store.now())
      throw wrongValue('tmp_token', 'tmp_token : the token is invalid, expired or already used');
    token.used = true;
    const failure = DECLINING_CARDS[token.number];
    if (failure) throw declined(failure);
    const now = this.store.now();
    const last4 = token.number.slice(-4);
    const source: PaymentSource = {
      id: this.store.nextId('pm'),
      object: 'payment_source',
      customer_id: customer.id,
      type: 'card',
      reference_id: `tok_${tokenId}`,
      status: 'valid',
      gateway: 'chargebee',
      gateway_account_id: 'gw_sim_chargebee',
      card: {
        object: 'card',
        iin: token.number.slice(0, 6),
        last4,
        brand: cardBrand(token.number),
        funding_type: 'credit',
        expiry_month: token.expiryMonth,
        expiry_year: token.expiryYear,
        masked_number: `************${last4}`,
      },
      number: token.number,
      deleted: false,
      created_at: now,
      updated_at: now,
      resource_version: this.store.nextVersion(),
    };
    this.store.paymentSources.set(source.id, source);
    if (
      !customer.primary_payment_source_id ||
      params.get('replace_primary_payment_source') === 'true'
    ) {
      customer.primary_payment_source_id = source.id;
      customer.card_status = 'valid';
      this.touch(customer);
    }
    this.emit('payment_source_added', { customer, payment_source: publicSource(source) });
    return { customer, payment_source: publicSource(source) };
  }

  private updateCard(id: string, params: Params): Json {
    const source = this.source(id);
    const month = Number(params.get('card[expiry_month]') ?? source.card.expiry_month);
    const year = Number(params.get('card[expiry_year]') ?? source.card.expiry_year);
    if (!Number.isInteger(month) || month < 1 || month > 12)
      throw wrongValue('card[expiry_month]', 'card[expiry_month] : invalid value');
    const now = new Date(this.store.nowMs());
    if (
      !Number.isInteger(year) ||
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    )
      throw wrongValue('card[expiry_year]', 'card[expiry_year] : the card would be expired');
    source.card.expiry_month = month;
    source.card.expiry_year = year;
    this.touch(source);
    const customer = this.customer(source.customer_id);
    this.emit('payment_source_updated', { customer, payment_source: publicSource(source) });
    return { customer, payment_source: publicSource(source) };
  }

  private deleteCard(id: string): Json {
    const source = this.source(id);
    source.deleted = true;
    this.touch(source);
    const customer = this.customer(source.customer_id);
    if (customer.primary_payment_source_id === id) {
      const next = [...this.store.paymentSources.values()].find(
        (other) => !other.deleted && other.customer_id === customer.id,
      );
      if (next) customer.primary_payment_source_id = next.id;
      else {
        delete customer.primary_payment_source_id;
        customer.card_status = 'no_card';
      }
      this.touch(customer);
    }
    this.emit('payment_source_deleted', { customer, payment_source: publicSource(source) });
    return { customer, payment_source: publicSource(source) };
  }

  // ----- portal ------------------------------------------------------------------------------

  private portalSession(params: Params): Json {
    const customer = this.customer(params.get('customer[id]') ?? '');
    const now = this.store.now();
    const token = this.store.nextId('portal');
    this.store.portalSessions.set(token, { customerId: customer.id, expiresAt: now + 3600 });
    return {
      portal_session: {
        id: token,
        object: 'portal_session',
        token,
        access_url: `${this.origin()}${CHARGEBEE_PREFIX}/portal/${token}`,
        status: 'created',
        customer_id: customer.id,
        redirect_url: params.get('redirect_url'),
        created_at: now,
        expires_at: now + 3600,
      },
    };
  }

  private portalPage(token: string): ChargebeeAnswer {
    const session = this.store.portalSessions.get(token);
    const page = (body: string, status = 200): ChargebeeAnswer => ({
      status,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing portal</title></head><body>${body}</body></html>`,
      headers: {},
    });
    if (!session || session.expiresAt < this.store.now())
      return page('<h1>This link has expired</h1>', 403);
    const customer = this.customer(session.customerId);
    const subs = [...this.store.subscriptions.values()].filter(
      (sub) => sub.customer_id === customer.id,
    );
    const rows = subs
      .map(
        (sub) =>
          `<li>${escapeHtml(sub.subscription_items[0]?.item_price_id ?? '')}: ${escapeHtml(sub.status)}</li>`,
      )
      .join('');
    return page(
      `<h1>Billing portal</h1><p>${escapeHtml(customer.email ?? customer.id)}</p><ul id="subscriptions">${rows}</ul>`,
    );
  }

  // ----- lists, events, admin ----------------------------------------------------------------

  private list<T>(items: T[], params: Params, wrap: (item: T) => Json): Json {
    const limit = Math.min(100, Math.max(1, Number(params.get('limit') ?? 10) || 10));
    const offset = Number(params.get('offset') ?? 0) || 0;
    const page = items.slice(offset, offset + limit);
    return {
      list: page.map(wrap),
      ...(offset + limit < items.length ? { next_offset: String(offset + limit) } : {}),
    };
  }

  private touch(entity: { updated_at: number; resource_version: number }): void {
    entity.updated_at = this.store.now();
    entity.resource_version = this.store.nextVersion();
  }

  private emit(eventType: string, content: Json): SimEvent {
    const event: SimEvent = {
      id: this.store.nextId('ev'),
      occurred_at: this.store.now(),
      source: 'api',
      object: 'event',
      api_version: 'v2',
      event_type: eventType,
      // A snapshot: later changes do not rewrite what the event said.
      content: JSON.parse(
        JSON.stringify(content, (key, value: unknown) => (key === 'number' ? undefined : value)),
      ) as Json,
      webhook_status: this.webhook ? 'scheduled' : 'not_configured',
    };
    this.store.events.push(event);
    if (this.webhook) this.deliver(event);
    return event;
  }

  /** POSTs an event to the webhook target (again, for a replay); deliveries are sequential. */
  deliver(event: SimEvent): void {
    const target = this.webhook;
    if (!target) return;
    this.pending = this.pending.then(async () => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (target.username !== undefined)
        headers.authorization = `Basic ${Buffer.from(`${target.username}:${target.password ?? ''}`).toString('base64')}`;
      let status: number | null = null;
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers,
          body: JSON.stringify(publicEvent(event)),
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = null;
      }
      event.webhook_status =
        status !== null && status >= 200 && status < 300 ? 'succeeded' : 'failed';
      this.deliveries.push({ eventId: event.id, status, at: this.store.now() });
    });
  }

  private async admin(request: ChargebeeRequest, path: string): Promise<ChargebeeAnswer> {
    let body: Json = {};
    if (request.raw) {
      try {
        body = JSON.parse(request.raw) as Json;
      } catch {
        return json({ error: 'invalid JSON' }, 400);
      }
    }
    if (path === '/_sim/advance' && request.method === 'POST') {
      const seconds = Number(body.seconds ?? 0) + Number(body.days ?? 0) * 86_400;
      if (!Number.isFinite(seconds) || seconds < 0)
        return json({ error: 'seconds must be ≥ 0' }, 400);
      this.advance(seconds);
      await this.flushWebhooks();
      return json({ now: this.store.now() });
    }
    if (path === '/_sim/clock' && request.method === 'GET') return json({ now: this.store.now() });
    if (path === '/_sim/webhook' && request.method === 'POST') {
      this.webhook =
        typeof body.url === 'string'
          ? {
              url: body.url,
              ...(typeof body.username === 'string' ? { username: body.username } : {}),
              ...(typeof body.password === 'string' ? { password: body.password } : {}),
            }
          : null;
      return json({ webhook: this.webhook ? { url: this.webhook.url } : null });
    }
    if (path === '/_sim/events' && request.method === 'GET')
      return json({ events: this.store.events.map(publicEvent), deliveries: this.deliveries });
    const resend = /^\/_sim\/events\/([^/]+)\/resend$/.exec(path);
    if (resend && request.method === 'POST') {
      const event = this.store.events.find((candidate) => candidate.id === resend[1]);
      if (!event) return json(notFound('event', resend[1] as string).body(), 404);
      this.deliver(event);
      await this.flushWebhooks();
      return json({ event: publicEvent(event), delivery: this.deliveries.at(-1) });
    }
    if (path === '/_sim/flush' && request.method === 'POST') {
      await this.flushWebhooks();
      return json({ deliveries: this.deliveries.length });
    }
    return json({ error: 'unknown simulator route' }, 404);
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Chargebee's order of invoices and transactions: newest first, then by id, descending. */
function newestFirst(a: { date: number; id: string }, b: { date: number; id: string }): number {
  return b.date - a.date || b.id.localeCompare(a.id);
}

function matches(entity: Json, params: Params, field: string): boolean {
  const wanted = params.get(`${field}[is]`);
  return wanted === undefined || entity[field] === wanted;
}

function applyCustomerFields(customer: Customer, params: Params): void {
  for (const field of ['first_name', 'last_name', 'email', 'company', 'phone'] as const) {
    const value = params.get(field);
    if (value !== undefined) customer[field] = value;
  }
}

function planItem(priceId: string): Subscription['subscription_items'][number] {
  const price = itemPrice(priceId);
  return {
    item_price_id: priceId,
    item_type: 'plan',
    quantity: 1,
    unit_price: price?.price ?? 0,
    amount: price?.price ?? 0,
    object: 'subscription_item',
  } as Subscription['subscription_items'][number];
}

function publicSource(source: PaymentSource): Json {
  const { number: _number, ...rest } = source;
  return rest;
}

function publicEvent(event: SimEvent): Json {
  return { ...event, webhook_status: event.webhook_status, webhooks: [] };
}

function publicPrice(id: string): Json {
  const price = itemPrice(id);
  if (!price) throw notFound('item_price', id);
  return {
    ...price,
    object: 'item_price',
    status: 'active',
    pricing_model: 'flat_fee',
    item_type: 'plan',
    external_name: price.name,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
