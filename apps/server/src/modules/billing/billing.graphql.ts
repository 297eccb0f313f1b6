// GraphQL of billing (docs/api/billing.md) but `billingStatus`: the company's provider customer,
// subscription, cards, invoices and transactions. Every operation answers BILLING_OFF while
// billing is off; ids the caller names must be its company's (NOT_FOUND otherwise).
import { billingAddressSchema, type BillingCard } from '@tapwise/contracts';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import {
  addCard,
  assertBillingOn,
  changeSubscriptionPlan,
  changeTermEnd,
  collectInvoice,
  createCustomer,
  createSubscription,
  deleteCard,
  endSubscription,
  getBillingAddress,
  getCustomer,
  invoicePdf,
  listCards,
  listInvoices,
  listSubscriptions,
  listTransactions,
  saveBillingAddress,
  staffDeleteSubscription,
  staffMigrateSubscription,
  updateCard,
} from './billing.service';
import type { customerAnswer, subscriptionAnswer } from './billing.service';

type Address = z.infer<typeof billingAddressSchema>;
const providerId = z.string().trim().min(1).max(100);
const optionalId = providerId.nullish();
const limit = (max: number) => z.number().int().min(1).max(max).nullish();
const customerName = z.string().trim().max(150).nullish();

const BillingAddressRef = builder.objectRef<Address>('BillingAddress').implement({
  fields: (t) => ({
    company: t.exposeString('company', { nullable: true }),
    line1: t.exposeString('line1'),
    line2: t.exposeString('line2', { nullable: true }),
    line3: t.exposeString('line3', { nullable: true }),
    city: t.exposeString('city'),
    zip: t.exposeString('zip', { nullable: true }),
    country: t.exposeString('country'),
    vat_number: t.exposeString('vat_number', { nullable: true }),
  }),
});

const BillingAddressInput = builder.inputType('BillingAddressInput', {
  fields: (t) => ({
    company: t.string(),
    line1: t.string({ required: true }),
    line2: t.string(),
    line3: t.string(),
    city: t.string({ required: true }),
    zip: t.string(),
    country: t.string({ required: true }),
    vat_number: t.string(),
  }),
});

const BillingCustomerRef = builder
  .objectRef<ReturnType<typeof customerAnswer>>('BillingCustomer')
  .implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      firstName: t.exposeString('firstName', { nullable: true }),
      lastName: t.exposeString('lastName', { nullable: true }),
      email: t.exposeString('email', { nullable: true }),
      company: t.exposeString('company', { nullable: true }),
      cardStatus: t.exposeString('cardStatus', { nullable: true }),
      billingAddress: t.field({
        type: BillingAddressRef,
        nullable: true,
        resolve: (customer) => customer.billingAddress,
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

const BillingSubscriptionRef = builder
  .objectRef<ReturnType<typeof subscriptionAnswer>>('BillingSubscription')
  .implement({
    fields: (t) => ({
      id: t.exposeString('id'),
      customerId: t.exposeString('customerId'),
      planId: t.exposeString('planId'),
      priceId: t.exposeString('priceId'),
      billingPeriod: t.exposeString('billingPeriod'),
      currency: t.exposeString('currency'),
      amount: t.exposeInt('amount'),
      providerStatus: t.exposeString('providerStatus'),
      status: t.exposeString('status'),
      trialEnd: t.expose('trialEnd', { type: 'DateTime', nullable: true }),
      currentTermStart: t.expose('currentTermStart', { type: 'DateTime', nullable: true }),
      currentTermEnd: t.expose('currentTermEnd', { type: 'DateTime', nullable: true }),
      nextBillingAt: t.expose('nextBillingAt', { type: 'DateTime', nullable: true }),
      cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
    }),
  });

const BillingCardRef = builder.objectRef<BillingCard>('BillingCard').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    brand: t.exposeString('brand'),
    last4: t.exposeString('last4'),
    expiryMonth: t.exposeInt('expiryMonth'),
    expiryYear: t.exposeInt('expiryYear'),
    primary: t.exposeBoolean('primary'),
    status: t.exposeString('status'),
  }),
});

interface Invoice {
  id: string;
  subscriptionId: string | null;
  status: string;
  date: Date;
  dueDate: Date | null;
  paidAt: Date | null;
  currency: string;
  total: number;
  amountPaid: number;
  amountDue: number;
}
const BillingInvoiceRef = builder.objectRef<Invoice>('BillingInvoice').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    subscriptionId: t.exposeString('subscriptionId', { nullable: true }),
    status: t.exposeString('status'),
    date: t.expose('date', { type: 'DateTime' }),
    dueDate: t.expose('dueDate', { type: 'DateTime', nullable: true }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true }),
    currency: t.exposeString('currency'),
    total: t.exposeInt('total'),
    amountPaid: t.exposeInt('amountPaid'),
    amountDue: t.exposeInt('amountDue'),
  }),
});

const InvoiceDownloadRef = builder
  .objectRef<{ downloadUrl: string; validTill: Date }>('InvoiceDownload')
  .implement({
    fields: (t) => ({
      downloadUrl: t.exposeString('downloadUrl'),
      validTill: t.expose('validTill', { type: 'DateTime' }),
    }),
  });

interface Transaction {
  id: string;
  type: string;
  status: string;
  amount: number;
  currency: string;
  date: Date;
  maskedCardNumber: string | null;
  invoiceIds: string[];
  errorText: string | null;
}
const BillingTransactionRef = builder.objectRef<Transaction>('BillingTransaction').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    type: t.exposeString('type'),
    status: t.exposeString('status'),
    amount: t.exposeInt('amount'),
    currency: t.exposeString('currency'),
    date: t.expose('date', { type: 'DateTime' }),
    maskedCardNumber: t.exposeString('maskedCardNumber', { nullable: true }),
    invoiceIds: t.exposeStringList('invoiceIds'),
    errorText: t.exposeString('errorText', { nullable: true }),
  }),
});

// ----- queries ---------------------------------------------------------------------------------

builder.queryField('getCBCustomer', (t) =>
  t.field({
    ...access('billing.read'),
    type: BillingCustomerRef,
    nullable: true,
    args: { id: t.arg.string() },
    resolve: (_root, args, { app, auth }) =>
      getCustomer(app, requireTeam(auth).teamId, optionalId.parse(args.id)),
  }),
);

builder.queryField('getCBSubs', (t) =>
  t.field({
    ...access('billing.read'),
    type: [BillingSubscriptionRef],
    args: { custId: t.arg.string() },
    resolve: (_root, args, { app, auth }) =>
      listSubscriptions(app, requireTeam(auth).teamId, optionalId.parse(args.custId)),
  }),
);

builder.queryField('getCBCustCard', (t) =>
  t.field({
    ...access('billing.read'),
    type: [BillingCardRef],
    args: { custId: t.arg.string(), limit: t.arg.int(), type: t.arg.string() },
    resolve: (_root, args, { app, auth }) =>
      listCards(
        app,
        requireTeam(auth).teamId,
        z
          .object({ custId: optionalId, limit: limit(100), type: z.literal('card').nullish() })
          .parse(args),
      ),
  }),
);

builder.queryField('getCBCustInvoices', (t) =>
  t.field({
    ...access('billing.read'),
    type: [BillingInvoiceRef],
    args: { custId: t.arg.string(), limit: t.arg.int() },
    resolve: (_root, args, { app, auth }) =>
      listInvoices(
        app,
        requireTeam(auth).teamId,
        z.object({ custId: optionalId, limit: limit(100) }).parse(args),
      ),
  }),
);

builder.queryField('getCBCustInvoicePDF', (t) =>
  t.field({
    ...access('billing.read'),
    type: InvoiceDownloadRef,
    args: { invoice_id: t.arg.string({ required: true }), disposition_type: t.arg.string() },
    resolve: (_root, args, { app, auth }) => {
      const input = z
        .object({
          invoice_id: providerId,
          disposition_type: z.enum(['attachment', 'inline']).nullish(),
        })
        .parse(args);
      return invoicePdf(
        app,
        requireTeam(auth).teamId,
        input.invoice_id,
        input.disposition_type ?? 'attachment',
      );
    },
  }),
);

builder.queryField('getCBTransaction', (t) =>
  t.field({
    ...access('billing.read'),
    type: [BillingTransactionRef],
    args: {
      transId: t.arg.string(),
      custId: t.arg.string(),
      limit: t.arg.int(),
      offset: t.arg.int(),
    },
    resolve: (_root, args, { app, auth }) =>
      listTransactions(
        app,
        requireTeam(auth).teamId,
        z
          .object({
            transId: optionalId,
            custId: optionalId,
            limit: limit(100),
            offset: z.number().int().min(0).max(10_000).nullish(),
          })
          .parse(args),
      ),
  }),
);

builder.queryField('getCBBillingAddr', (t) =>
  t.field({
    ...access('billing.read'),
    type: BillingAddressRef,
    nullable: true,
    resolve: (_root, _args, { app, auth }) => getBillingAddress(app, requireTeam(auth).teamId),
  }),
);

// ----- mutations -------------------------------------------------------------------------------

const customerDetails = z.object({
  first_name: customerName,
  last_name: customerName,
  email: z.email().max(254).nullish(),
  company: z.string().trim().max(250).nullish(),
});

builder.mutationField('CreateCBCustomer', (t) =>
  t.field({
    ...access('billing.write'),
    type: BillingCustomerRef,
    args: {
      first_name: t.arg.string(),
      last_name: t.arg.string(),
      email: t.arg.string(),
      company: t.arg.string(),
    },
    resolve: (_root, args, { app, auth }) => {
      assertBillingOn(app.config.billing);
      return createCustomer(app, requireTeam(auth).teamId, customerDetails.parse(args));
    },
  }),
);

builder.mutationField('CreateCBSubPlan', (t) =>
  t.field({
    ...access('billing.write'),
    type: BillingSubscriptionRef,
    args: {
      plan_id: t.arg.string({ required: true }),
      invoice_immediately: t.arg.boolean(),
      first_name: t.arg.string(),
      last_name: t.arg.string(),
      email: t.arg.string(),
      company: t.arg.string(),
    },
    resolve: (_root, args, { app, auth }) => {
      assertBillingOn(app.config.billing);
      const input = customerDetails
        .extend({ plan_id: providerId, invoice_immediately: z.boolean().nullish() })
        .parse(args);
      return createSubscription(app, requireTeam(auth).teamId, input);
    },
  }),
);

builder.mutationField('changeSubForCust', (t) =>
  t.field({
    ...access('billing.write'),
    type: BillingSubscriptionRef,
    args: { subId: t.arg.string(), plan_id: t.arg.string({ required: true }) },
    resolve: (_root, args, { app, auth }) => {
      const input = z.object({ subId: optionalId, plan_id: providerId }).parse(args);
      return changeSubscriptionPlan(app, requireTeam(auth).teamId, input.subId, input.plan_id);
    },
  }),
);

builder.mutationField('changeTermEndPlan', (t) =>
  t.field({
    ...access('billing.write'),
    type: BillingSubscriptionRef,
    args: { sub_id: t.arg.string(), termEndDate: t.arg({ type: 'DateTime', required: true }) },
    resolve: (_root, args, { app, auth }) =>
      changeTermEnd(app, requireTeam(auth).teamId, optionalId.parse(args.sub_id), args.termEndDate),
  }),
);

builder.mutationField('endSubscription', (t) =>
  t.field({
    ...access('billing.write'),
    type: BillingSubscriptionRef,
    args: { endOfTerm: t.arg.boolean() },
    resolve: (_root, args, { app, auth }) =>
      endSubscription(app, requireTeam(auth).teamId, args.endOfTerm ?? true),
  }),
);

builder.mutationField('addCBCustCard', (t) =>
  t.field({
    ...access('billing.write'),
    type: BillingCardRef,
    args: { tmp_token: t.arg.string({ required: true }), primary: t.arg.boolean() },
    resolve: (_root, args, { app, auth }) => {
      assertBillingOn(app.config.billing);
      const token = z.string().trim().min(1).max(200).parse(args.tmp_token);
      return addCard(app, requireTeam(auth).teamId, token, args.primary ?? true);
    },
  }),
);

builder.mutationField('updateCBCustCard', (t) =>
  t.field({
    ...access('billing.write'),
    type: BillingCardRef,
    args: {
      cardId: t.arg.string({ required: true }),
      year: t.arg.int({ required: true }),
      month: t.arg.int({ required: true }),
    },
    resolve: (_root, args, { app, auth }) => {
      const input = z
        .object({
          cardId: providerId,
          year: z.number().int().min(2000).max(2100),
          month: z.number().int().min(1).max(12),
        })
        .parse(args);
      return updateCard(app, requireTeam(auth).teamId, input.cardId, input.year, input.month);
    },
  }),
);

builder.mutationField('deleteCBCustCard', (t) =>
  t.boolean({
    ...access('billing.write'),
    args: { cardId: t.arg.string({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      deleteCard(app, requireTeam(auth).teamId, providerId.parse(args.cardId)),
  }),
);

builder.mutationField('saveCBBillingAddr', (t) =>
  t.field({
    ...access('billing.write'),
    type: BillingAddressRef,
    args: { input: t.arg({ type: BillingAddressInput, required: true }) },
    resolve: (_root, args, { app, auth }) => {
      assertBillingOn(app.config.billing);
      return saveBillingAddress(
        app,
        requireTeam(auth).teamId,
        billingAddressSchema.parse(withoutNulls(args.input)),
      );
    },
  }),
);

builder.mutationField('spendCheckManual', (t) =>
  t.field({
    ...access('billing.write'),
    type: BillingInvoiceRef,
    args: { invoice: t.arg.string({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      collectInvoice(app, requireTeam(auth).teamId, providerId.parse(args.invoice)),
  }),
);

builder.mutationField('staffMigrateSubscription', (t) =>
  t.field({
    ...access('staff.companies.write'),
    type: BillingSubscriptionRef,
    args: { teamId: t.arg.id({ required: true }), plan_id: t.arg.string({ required: true }) },
    resolve: (_root, args, { app }) => {
      const input = z.object({ teamId: z.uuid(), plan_id: providerId }).parse(args);
      return staffMigrateSubscription(app, input.teamId, input.plan_id);
    },
  }),
);

builder.mutationField('staffDeleteSubscription', (t) =>
  t.boolean({
    ...access('staff.companies.write'),
    args: { teamId: t.arg.id({ required: true }) },
    resolve: (_root, args, { app }) =>
      staffDeleteSubscription(app, z.uuid().parse(String(args.teamId))),
  }),
);

/** GraphQL's optional input fields arrive as null; the schema's optional fields are undefined. */
function withoutNulls<T extends Record<string, unknown>>(input: T) {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null));
}
