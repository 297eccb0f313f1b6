// The billing operations of docs/api/billing.md over Chargebee (docs/billing.md, "Provider"). A
// company only ever reaches its own provider objects: ids the caller names are compared with the
// ones stored for its company (NOT_FOUND otherwise) and may be left out.
import {
  PLAN_IDS,
  PLANS,
  subscriptionStatusOf,
  type BillingAddress,
  type PlanId,
  type ProviderSubscriptionStatus,
} from '@tapwise/contracts';
import { eq } from 'drizzle-orm';
import type { BillingConfig } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { memberships } from '../teams/teams.tables';
import { users } from '../accounts/accounts.tables';
import { teams } from '../teams/teams.tables';
import type { AppContext } from '../app-context';
import { callChargebee, chargebeeClient, isDuplicate } from './chargebee-client';
import {
  ensureSubscriptionRow,
  findSubscriptionRow,
  forgetProviderIds,
  setCustomerId,
  storeSubscriptionState,
  type SubscriptionRow,
} from './billing.repository';

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** The provider's objects, as far as Tapwise reads them. */
export interface ProviderCustomer {
  id: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  company?: string;
  card_status?: string;
  primary_payment_source_id?: string;
  vat_number?: string;
  billing_address?: Record<string, string | undefined>;
  created_at: number;
}
export interface ProviderSubscription {
  id: string;
  customer_id: string;
  status: ProviderSubscriptionStatus;
  subscription_items?: { item_price_id: string; amount?: number; unit_price?: number }[];
  billing_period?: number;
  billing_period_unit?: string;
  currency_code: string;
  trial_start?: number;
  trial_end?: number;
  current_term_start?: number;
  current_term_end?: number;
  next_billing_at?: number;
  cancelled_at?: number;
  resource_version?: number;
}
interface ProviderSource {
  id: string;
  customer_id: string;
  status?: string;
  card?: { brand?: string; last4?: string; expiry_month?: number; expiry_year?: number };
}
interface ProviderInvoice {
  id: string;
  customer_id: string;
  subscription_id?: string;
  status: string;
  date?: number;
  due_date?: number;
  paid_at?: number;
  currency_code: string;
  total?: number;
  amount_paid?: number;
  amount_due?: number;
}
interface ProviderTransaction {
  id: string;
  customer_id?: string;
  type: string;
  status: string;
  amount?: number;
  currency_code: string;
  date?: number;
  masked_card_number?: string;
  linked_invoices?: { invoice_id: string }[];
  error_text?: string;
}

// ----- answers ---------------------------------------------------------------------------------

const time = (seconds: number | undefined) =>
  seconds === undefined || seconds === null ? null : new Date(seconds * 1000);

export function billingAddressOf(customer: ProviderCustomer): BillingAddress | null {
  const address = customer.billing_address;
  if (!address?.line1) return null;
  return {
    ...(address.company ? { company: address.company } : {}),
    line1: address.line1,
    ...(address.line2 ? { line2: address.line2 } : {}),
    ...(address.line3 ? { line3: address.line3 } : {}),
    city: address.city ?? '',
    ...(address.zip ? { zip: address.zip } : {}),
    country: address.country ?? '',
    ...(customer.vat_number ? { vat_number: customer.vat_number } : {}),
  };
}

export function customerAnswer(customer: ProviderCustomer) {
  return {
    id: customer.id,
    firstName: customer.first_name ?? null,
    lastName: customer.last_name ?? null,
    email: customer.email ?? null,
    company: customer.company ?? null,
    cardStatus: customer.card_status ?? null,
    billingAddress: billingAddressOf(customer),
    createdAt: new Date(customer.created_at * 1000),
  };
}

/** The plan of a price id `tapwise-{plan}-{currency}-{Monthly|Yearly}` (contracts planPriceId). */
export function planOfPrice(priceId: string): PlanId | null {
  const plan = /^tapwise-([a-z]+)-[A-Z]{3}-(Monthly|Yearly)$/.exec(priceId)?.[1];
  return (PLAN_IDS as readonly string[]).includes(plan ?? '') ? (plan as PlanId) : null;
}

export function subscriptionAnswer(sub: ProviderSubscription) {
  const item = sub.subscription_items?.[0];
  return {
    id: sub.id,
    customerId: sub.customer_id,
    planId: planOfPrice(item?.item_price_id ?? '') ?? 'growth',
    priceId: item?.item_price_id ?? '',
    billingPeriod: sub.billing_period_unit === 'year' ? 'year' : 'month',
    currency: sub.currency_code,
    amount: item?.amount ?? item?.unit_price ?? 0,
    providerStatus: sub.status,
    status: subscriptionStatusOf(sub.status),
    trialEnd: time(sub.trial_end),
    currentTermStart: time(sub.current_term_start),
    currentTermEnd: time(sub.current_term_end),
    nextBillingAt: time(sub.next_billing_at),
    cancelledAt: time(sub.cancelled_at),
  };
}

function cardAnswer(source: ProviderSource, primaryId: string | undefined) {
  return {
    id: source.id,
    brand: source.card?.brand ?? 'other',
    last4: source.card?.last4 ?? '',
    expiryMonth: source.card?.expiry_month ?? 0,
    expiryYear: source.card?.expiry_year ?? 0,
    primary: source.id === primaryId,
    status: source.status ?? 'valid',
  };
}

function invoiceAnswer(invoice: ProviderInvoice) {
  return {
    id: invoice.id,
    subscriptionId: invoice.subscription_id ?? null,
    status: invoice.status,
    date: time(invoice.date) ?? new Date(0),
    dueDate: time(invoice.due_date),
    paidAt: time(invoice.paid_at),
    currency: invoice.currency_code,
    total: invoice.total ?? 0,
    amountPaid: invoice.amount_paid ?? 0,
    amountDue: invoice.amount_due ?? 0,
  };
}

function transactionAnswer(transaction: ProviderTransaction) {
  return {
    id: transaction.id,
    type: transaction.type,
    status: transaction.status,
    amount: transaction.amount ?? 0,
    currency: transaction.currency_code,
    date: time(transaction.date) ?? new Date(0),
    maskedCardNumber: transaction.masked_card_number ?? null,
    invoiceIds: (transaction.linked_invoices ?? []).map((link) => link.invoice_id),
    errorText: transaction.error_text ?? null,
  };
}

// ----- guards ----------------------------------------------------------------------------------

export function assertBillingOn(billing: BillingConfig) {
  if (billing.mode === 'off')
    throw new AppError('BILLING_OFF', 'Billing is off on this installation.');
}

const notFound = () => new AppError('NOT_FOUND', 'Not found');

/** The company's customer id; a named one must be it. Null before the company has one. */
function ownCustomerId(row: SubscriptionRow | null, named: string | null | undefined) {
  if (named && named !== row?.customerId) throw notFound();
  return row?.customerId ?? null;
}

function ownSubscriptionId(row: SubscriptionRow | null, named: string | null | undefined) {
  if (named && named !== row?.subscriptionId) throw notFound();
  if (!row?.subscriptionId) throw notFound();
  return row.subscriptionId;
}

/** A price the company may buy itself: a self-serve plan's (the enterprise plan is sold by support). */
function selfServePrice(priceId: string) {
  const plan = planOfPrice(priceId);
  if (!plan || !PLANS[plan].selfServe)
    throw new AppError('BAD_REQUEST', 'This plan cannot be bought here.', { plan_id: 'invalid' });
  return priceId;
}

function anyPrice(priceId: string) {
  if (!planOfPrice(priceId))
    throw new AppError('BAD_REQUEST', 'Unknown plan.', { plan_id: 'invalid' });
  return priceId;
}

// ----- customers -------------------------------------------------------------------------------

export interface CustomerDetails {
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  email?: string | null | undefined;
  company?: string | null | undefined;
}

/**
 * The company's provider customer, created on first need (its id is `tw-{teamId}`, so two racing
 * calls or a repeated one find the same customer rather than create two). Others may call it, e.g.
 * when a company is created with billing on.
 */
export async function ensureBillingCustomer(
  db: Database,
  teamId: string,
  billing: BillingConfig,
  details: CustomerDetails = {},
): Promise<ProviderCustomer> {
  assertBillingOn(billing);
  const chargebee = chargebeeClient(billing);
  const row = await ensureSubscriptionRow(db, teamId);
  if (row.customerId) {
    const { customer } = await callChargebee(() => chargebee.customer.retrieve(row.customerId!));
    return customer as ProviderCustomer;
  }
  const id = `tw-${teamId}`;
  const fallback = await defaultDetails(db, teamId);
  const params = {
    id,
    first_name: details.first_name ?? fallback.first_name,
    last_name: details.last_name ?? fallback.last_name,
    email: details.email ?? fallback.email,
    company: details.company ?? fallback.company,
    meta_data: { tapwise_team_id: teamId },
  };
  const duplicate = await callChargebee(() => isDuplicate(() => chargebee.customer.create(params)));
  void duplicate;
  const { customer } = await callChargebee(() => chargebee.customer.retrieve(id));
  await setCustomerId(db, teamId, id);
  return customer as ProviderCustomer;
}

async function defaultDetails(db: Database, teamId: string) {
  const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  const [member] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.teamId, teamId))
    .orderBy(memberships.createdAt)
    .limit(1);
  return {
    first_name: member?.firstName || undefined,
    last_name: member?.lastName || undefined,
    email: member?.email,
    company: team?.name,
  };
}

async function providerFor(ctx: Ctx, teamId: string) {
  assertBillingOn(ctx.config.billing);
  return {
    chargebee: chargebeeClient(ctx.config.billing),
    row: await findSubscriptionRow(ctx.db, teamId),
  };
}

export async function getCustomer(ctx: Ctx, teamId: string, id?: string | null) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  const customerId = ownCustomerId(row, id);
  if (!customerId) return null;
  const { customer } = await callChargebee(() => chargebee.customer.retrieve(customerId));
  return customerAnswer(customer as ProviderCustomer);
}

export async function createCustomer(ctx: Ctx, teamId: string, details: CustomerDetails) {
  const customer = await ensureBillingCustomer(ctx.db, teamId, ctx.config.billing, details);
  return customerAnswer(customer);
}

export async function getBillingAddress(ctx: Ctx, teamId: string) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  if (!row?.customerId) return null;
  const { customer } = await callChargebee(() => chargebee.customer.retrieve(row.customerId!));
  return billingAddressOf(customer as ProviderCustomer);
}

export async function saveBillingAddress(ctx: Ctx, teamId: string, address: BillingAddress) {
  assertBillingOn(ctx.config.billing);
  const chargebee = chargebeeClient(ctx.config.billing);
  const customer = await ensureBillingCustomer(ctx.db, teamId, ctx.config.billing);
  const { vat_number: vatNumber, ...lines } = address;
  const updated = await callChargebee(() =>
    chargebee.customer.updateBillingInfo(customer.id, {
      billing_address: lines,
      ...(vatNumber ? { vat_number: vatNumber } : {}),
    }),
  );
  return billingAddressOf(updated.customer as ProviderCustomer)!;
}

// ----- subscriptions ---------------------------------------------------------------------------

/** Keeps the company's row up to date with a subscription the provider answered. */
export async function storeProviderSubscription(
  db: Database,
  teamId: string,
  sub: ProviderSubscription,
  options: { attach: boolean } = { attach: false },
) {
  const item = sub.subscription_items?.[0];
  const plan = planOfPrice(item?.item_price_id ?? '');
  if (!plan) return false;
  return storeSubscriptionState(
    db,
    teamId,
    {
      subscriptionId: sub.id,
      planId: plan,
      status: sub.status,
      priceId: item?.item_price_id ?? null,
      billingPeriod: sub.billing_period_unit === 'year' ? 'year' : 'month',
      currency: sub.currency_code,
      trialStart: time(sub.trial_start),
      trialEnd: time(sub.trial_end),
      currentTermEnd: time(sub.current_term_end),
      nextBillingAt: time(sub.next_billing_at),
      cancelledAt: time(sub.cancelled_at),
      resourceVersion: sub.resource_version ?? 0,
    },
    options,
  );
}

async function answered(ctx: Ctx, teamId: string, sub: unknown) {
  await storeProviderSubscription(ctx.db, teamId, sub as ProviderSubscription);
  return subscriptionAnswer(sub as ProviderSubscription);
}

export async function listSubscriptions(ctx: Ctx, teamId: string, custId?: string | null) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  const customerId = ownCustomerId(row, custId);
  if (!customerId) return [];
  const { list } = await callChargebee(() =>
    chargebee.subscription.list({ limit: 100, customer_id: { is: customerId } }),
  );
  return list.map((entry) => subscriptionAnswer(entry.subscription as ProviderSubscription));
}

/** The company's live subscription at the provider, if any (not cancelled). */
async function liveSubscription(ctx: Ctx, row: SubscriptionRow | null) {
  if (!row?.subscriptionId) return null;
  const chargebee = chargebeeClient(ctx.config.billing);
  const { subscription } = await callChargebee(() =>
    chargebee.subscription.retrieve(row.subscriptionId!),
  );
  const sub = subscription as ProviderSubscription;
  return sub.status === 'cancelled' ? null : sub;
}

async function subscribe(
  ctx: Ctx,
  teamId: string,
  priceId: string,
  options: { invoiceImmediately?: boolean | null; details?: CustomerDetails },
) {
  const chargebee = chargebeeClient(ctx.config.billing);
  const customer = await ensureBillingCustomer(ctx.db, teamId, ctx.config.billing, options.details);
  const row = await findSubscriptionRow(ctx.db, teamId);
  const live = await liveSubscription(ctx, row);
  if (live) {
    const { subscription } = await callChargebee(() =>
      chargebee.subscription.updateForItems(live.id, {
        subscription_items: [{ item_price_id: priceId, quantity: 1 }],
        replace_items_list: true,
        ...(options.invoiceImmediately === false ? { invoice_immediately: false } : {}),
      }),
    );
    return answered(ctx, teamId, subscription);
  }
  // A company still in its trial pays from the trial's end.
  const trialEnd = row?.trialEnd && !row.subscriptionId ? row.trialEnd : null;
  const now = Date.now();
  const { subscription } = await callChargebee(() =>
    chargebee.subscription.createWithItems(customer.id, {
      subscription_items: [{ item_price_id: priceId, quantity: 1 }],
      ...(trialEnd && trialEnd.getTime() > now
        ? { trial_end: Math.floor(trialEnd.getTime() / 1000) }
        : {}),
      ...(options.invoiceImmediately === false ? { invoice_immediately: false } : {}),
    }),
  );
  await storeSubscriptionFresh(ctx.db, teamId, subscription as ProviderSubscription);
  return subscriptionAnswer(subscription as ProviderSubscription);
}

/** A newly created subscription replaces whatever the row held (a cancelled one, or the trial). */
async function storeSubscriptionFresh(db: Database, teamId: string, sub: ProviderSubscription) {
  await forgetSubscriptionOnly(db, teamId);
  await storeProviderSubscription(db, teamId, sub, { attach: true });
}

async function forgetSubscriptionOnly(db: Database, teamId: string) {
  const row = await findSubscriptionRow(db, teamId);
  if (!row) return;
  const customerId = row.customerId;
  await forgetProviderIds(db, teamId);
  await setCustomerId(db, teamId, customerId);
}

export async function createSubscription(
  ctx: Ctx,
  teamId: string,
  args: { plan_id: string; invoice_immediately?: boolean | null } & CustomerDetails,
) {
  assertBillingOn(ctx.config.billing);
  return subscribe(ctx, teamId, selfServePrice(args.plan_id), {
    invoiceImmediately: args.invoice_immediately ?? null,
    details: args,
  });
}

export async function changeSubscriptionPlan(
  ctx: Ctx,
  teamId: string,
  subId: string | null | undefined,
  planId: string,
) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  const id = ownSubscriptionId(row, subId);
  const priceId = selfServePrice(planId);
  const { subscription } = await callChargebee(() =>
    chargebee.subscription.updateForItems(id, {
      subscription_items: [{ item_price_id: priceId, quantity: 1 }],
      replace_items_list: true,
    }),
  );
  return answered(ctx, teamId, subscription);
}

export async function changeTermEnd(
  ctx: Ctx,
  teamId: string,
  subId: string | null | undefined,
  termEnd: Date,
) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  const id = ownSubscriptionId(row, subId);
  if (termEnd.getTime() <= Date.now())
    throw new AppError('BAD_REQUEST', 'The term must end in the future.', { termEndDate: 'past' });
  const { subscription } = await callChargebee(() =>
    chargebee.subscription.changeTermEnd(id, {
      term_ends_at: Math.floor(termEnd.getTime() / 1000),
    }),
  );
  return answered(ctx, teamId, subscription);
}

export async function endSubscription(ctx: Ctx, teamId: string, endOfTerm: boolean) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  const id = ownSubscriptionId(row, null);
  const { subscription } = await callChargebee(() =>
    chargebee.subscription.cancelForItems(id, { end_of_term: endOfTerm }),
  );
  return answered(ctx, teamId, subscription);
}

/** Brings a cancelled subscription back (charging the card), or drops a scheduled cancellation. */
export async function reactivateSubscription(ctx: Ctx, teamId: string) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  const id = ownSubscriptionId(row, null);
  const { subscription: current } = await callChargebee(() => chargebee.subscription.retrieve(id));
  const sub = current as ProviderSubscription;
  if (sub.status === 'cancelled') {
    const { subscription } = await callChargebee(() => chargebee.subscription.reactivate(id));
    return answered(ctx, teamId, subscription);
  }
  if (sub.cancelled_at !== undefined && sub.cancelled_at !== null) {
    const { subscription } = await callChargebee(() =>
      chargebee.subscription.removeScheduledCancellation(id),
    );
    return answered(ctx, teamId, subscription);
  }
  return answered(ctx, teamId, sub);
}

export async function staffMigrateSubscription(ctx: Ctx, teamId: string, planId: string) {
  assertBillingOn(ctx.config.billing);
  const [team] = await ctx.db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  if (!team) throw notFound();
  return subscribe(ctx, teamId, anyPrice(planId), {});
}

export async function staffDeleteSubscription(ctx: Ctx, teamId: string) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  if (!row) {
    const [team] = await ctx.db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
    if (!team) throw notFound();
    return true;
  }
  const live = await liveSubscription(ctx, row);
  if (live) {
    const { subscription } = await callChargebee(() =>
      chargebee.subscription.cancelForItems(live.id, { end_of_term: false }),
    );
    await storeProviderSubscription(ctx.db, teamId, subscription as ProviderSubscription);
  }
  await forgetProviderIds(ctx.db, teamId);
  return true;
}

export async function portalSession(ctx: Ctx, teamId: string) {
  assertBillingOn(ctx.config.billing);
  const customer = await ensureBillingCustomer(ctx.db, teamId, ctx.config.billing);
  const chargebee = chargebeeClient(ctx.config.billing);
  const { portal_session: session } = await callChargebee(() =>
    chargebee.portalSession.create({ customer: { id: customer.id } }),
  );
  return { access_url: session.access_url };
}

// ----- cards -----------------------------------------------------------------------------------

export async function listCards(
  ctx: Ctx,
  teamId: string,
  args: { custId?: string | null; limit?: number | null; type?: string | null },
) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  const customerId = ownCustomerId(row, args.custId);
  if (!customerId) return [];
  const [{ customer }, { list }] = await Promise.all([
    callChargebee(() => chargebee.customer.retrieve(customerId)),
    callChargebee(() =>
      chargebee.paymentSource.list({
        limit: args.limit ?? 10,
        customer_id: { is: customerId },
        type: { is: (args.type ?? 'card') as 'card' },
      }),
    ),
  ]);
  return list.map((entry) =>
    cardAnswer(entry.payment_source as ProviderSource, customer.primary_payment_source_id),
  );
}

export async function addCard(ctx: Ctx, teamId: string, tmpToken: string, primary: boolean) {
  assertBillingOn(ctx.config.billing);
  const chargebee = chargebeeClient(ctx.config.billing);
  const customer = await ensureBillingCustomer(ctx.db, teamId, ctx.config.billing);
  const added = await callChargebee(() =>
    chargebee.paymentSource.createUsingTempToken({
      customer_id: customer.id,
      type: 'card',
      tmp_token: tmpToken,
      replace_primary_payment_source: primary,
    }),
  );
  return cardAnswer(
    added.payment_source as ProviderSource,
    (added.customer as ProviderCustomer).primary_payment_source_id,
  );
}

/** The company's card, NOT_FOUND for anyone else's. */
async function ownCard(ctx: Ctx, teamId: string, cardId: string) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  if (!row?.customerId) throw notFound();
  const { payment_source: source } = await callChargebee(() =>
    chargebee.paymentSource.retrieve(cardId),
  );
  if ((source as ProviderSource).customer_id !== row.customerId) throw notFound();
  return { chargebee, customerId: row.customerId };
}

export async function updateCard(
  ctx: Ctx,
  teamId: string,
  cardId: string,
  year: number,
  month: number,
) {
  const { chargebee } = await ownCard(ctx, teamId, cardId);
  const updated = await callChargebee(() =>
    chargebee.paymentSource.updateCard(cardId, {
      card: { expiry_month: month, expiry_year: year },
    }),
  );
  return cardAnswer(
    updated.payment_source as ProviderSource,
    (updated.customer as ProviderCustomer).primary_payment_source_id,
  );
}

export async function deleteCard(ctx: Ctx, teamId: string, cardId: string) {
  const { chargebee } = await ownCard(ctx, teamId, cardId);
  await callChargebee(() => chargebee.paymentSource.delete(cardId));
  return true;
}

// ----- invoices and transactions ---------------------------------------------------------------

export async function listInvoices(
  ctx: Ctx,
  teamId: string,
  args: { custId?: string | null; limit?: number | null },
) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  const customerId = ownCustomerId(row, args.custId);
  if (!customerId) return [];
  const { list } = await callChargebee(() =>
    chargebee.invoice.list({
      limit: args.limit ?? 20,
      customer_id: { is: customerId },
    }),
  );
  return list
    .map((entry) => invoiceAnswer(entry.invoice as ProviderInvoice))
    .sort((a, b) => b.date.getTime() - a.date.getTime());
}

async function ownInvoice(ctx: Ctx, teamId: string, invoiceId: string) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  if (!row?.customerId) throw notFound();
  const { invoice } = await callChargebee(() => chargebee.invoice.retrieve(invoiceId));
  if ((invoice as ProviderInvoice).customer_id !== row.customerId) throw notFound();
  return chargebee;
}

export async function invoicePdf(
  ctx: Ctx,
  teamId: string,
  invoiceId: string,
  disposition: 'attachment' | 'inline',
) {
  const chargebee = await ownInvoice(ctx, teamId, invoiceId);
  const { download } = await callChargebee(() =>
    chargebee.invoice.pdf(invoiceId, { disposition_type: disposition }),
  );
  return { downloadUrl: download.download_url, validTill: new Date(download.valid_till * 1000) };
}

export async function collectInvoice(ctx: Ctx, teamId: string, invoiceId: string) {
  const chargebee = await ownInvoice(ctx, teamId, invoiceId);
  const { invoice } = await callChargebee(() => chargebee.invoice.collectPayment(invoiceId));
  return invoiceAnswer(invoice as ProviderInvoice);
}

export async function listTransactions(
  ctx: Ctx,
  teamId: string,
  args: {
    transId?: string | null;
    custId?: string | null;
    limit?: number | null;
    offset?: number | null;
  },
) {
  const { chargebee, row } = await providerFor(ctx, teamId);
  const customerId = ownCustomerId(row, args.custId);
  if (!customerId) return [];
  const limit = args.limit ?? 20;
  const skip = args.offset ?? 0;
  // Chargebee's offsets are opaque: pages are read until `skip + limit` transactions are known.
  const found: ProviderTransaction[] = [];
  let next: string | undefined;
  do {
    const page = await callChargebee(() =>
      chargebee.transaction.list({
        limit: 100,
        customer_id: { is: customerId },
        ...(args.transId ? { id: { is: args.transId } } : {}),
        ...(next ? { offset: next } : {}),
      }),
    );
    found.push(...page.list.map((entry) => entry.transaction as ProviderTransaction));
    next = page.next_offset;
  } while (next && found.length < skip + limit);
  return found.slice(skip, skip + limit).map(transactionAnswer);
}
