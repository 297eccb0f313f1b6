// The billing calls of docs/api/billing.md: GraphQL queries and mutations and the two REST routes
// the pages use. Ids of the company's customer, subscription and cards are left out wherever the
// contract allows ("my company's"), so the browser never names a provider id it was not given.
// The selections below are the fields docs/billing-pages.md lists for each answer type.
import type { BillingAddress, BillingCard } from '@tapwise/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '../../shared/api/graphql';
import { restCall } from '../../shared/api/http';
import { billingStatusKeys } from './billing-status';

export interface BillingCustomer {
  id: string;
  email: string | null;
}

export interface BillingSubscription {
  id: string;
  /** growth or enterprise. */
  planId: string;
  /** The provider's price: planPriceId(plan, period). */
  priceId: string;
  billingPeriod: string;
  /** Chargebee's status (in_trial, active, non_renewing, …). */
  providerStatus: string;
  /** Tapwise's four: trial, active, on_hold, cancelled. */
  status: string;
  currentTermEnd: string | null;
  nextBillingAt: string | null;
  trialEnd: string | null;
  cancelledAt: string | null;
}

export type { BillingCard };

export interface BillingInvoice {
  id: string;
  /** Set for a subscription's invoice, which the table shows as recurring. */
  subscriptionId: string | null;
  date: string;
  dueDate: string | null;
  paidAt: string | null;
  /** In the currency's minor units (cents), as the provider counts them. */
  total: number;
  currency: string;
  status: string;
}

export interface BillingTransaction {
  id: string;
  date: string;
  type: string;
  /** In the currency's minor units (cents). */
  amount: number;
  currency: string;
  status: string;
}

export interface InvoiceDownload {
  downloadUrl: string;
  validTill: string | null;
}

const SUBSCRIPTION =
  'id planId priceId billingPeriod providerStatus status currentTermEnd nextBillingAt trialEnd cancelledAt';
const CARD = 'id brand last4 expiryMonth expiryYear primary status';
const INVOICE = 'id subscriptionId date dueDate paidAt total currency status';
const TRANSACTION = 'id date type amount currency status';
const ADDRESS = 'company line1 line2 line3 city zip country vat_number';

export const billingKeys = {
  all: ['billing'] as const,
  customer: ['billing', 'customer'] as const,
  subscriptions: ['billing', 'subscriptions'] as const,
  cards: ['billing', 'cards'] as const,
  invoices: ['billing', 'invoices'] as const,
  transactions: ['billing', 'transactions'] as const,
  address: ['billing', 'address'] as const,
};

export interface CustomerNames {
  first_name?: string;
  last_name?: string;
  email?: string;
  company?: string;
}

export const billingApi = {
  customer: async () =>
    (
      await graphqlRequest<{ getCBCustomer: BillingCustomer | null }>(
        'query { getCBCustomer { id email } }',
      )
    ).getCBCustomer,

  subscriptions: async () =>
    (
      await graphqlRequest<{ getCBSubs: BillingSubscription[] }>(
        `query { getCBSubs { ${SUBSCRIPTION} } }`,
      )
    ).getCBSubs,

  cards: async () =>
    (
      await graphqlRequest<{ getCBCustCard: BillingCard[] }>(
        `query Cards($limit: Int) { getCBCustCard(limit: $limit) { ${CARD} } }`,
        { limit: 10 },
      )
    ).getCBCustCard,

  invoices: async () =>
    (
      await graphqlRequest<{ getCBCustInvoices: BillingInvoice[] }>(
        `query Invoices($limit: Int) { getCBCustInvoices(limit: $limit) { ${INVOICE} } }`,
        { limit: 20 },
      )
    ).getCBCustInvoices,

  invoicePdf: async (invoiceId: string) =>
    (
      await graphqlRequest<{ getCBCustInvoicePDF: InvoiceDownload }>(
        `query InvoicePdf($invoice_id: String!, $disposition_type: String) {
          getCBCustInvoicePDF(invoice_id: $invoice_id, disposition_type: $disposition_type) { downloadUrl validTill }
        }`,
        { invoice_id: invoiceId, disposition_type: 'attachment' },
      )
    ).getCBCustInvoicePDF,

  transactions: async () =>
    (
      await graphqlRequest<{ getCBTransaction: BillingTransaction[] }>(
        `query Transactions($limit: Int, $offset: Int) { getCBTransaction(limit: $limit, offset: $offset) { ${TRANSACTION} } }`,
        { limit: 20, offset: 0 },
      )
    ).getCBTransaction,

  address: async () =>
    (
      await graphqlRequest<{ getCBBillingAddr: BillingAddress | null }>(
        `query { getCBBillingAddr { ${ADDRESS} } }`,
      )
    ).getCBBillingAddr,

  saveAddress: async (input: BillingAddress) =>
    (
      await graphqlRequest<{ saveCBBillingAddr: BillingAddress }>(
        `mutation SaveAddress($input: BillingAddressInput!) { saveCBBillingAddr(input: $input) { ${ADDRESS} } }`,
        { input },
      )
    ).saveCBBillingAddr,

  createCustomer: async (names: CustomerNames) =>
    (
      await graphqlRequest<{ CreateCBCustomer: BillingCustomer }>(
        `mutation CreateCustomer($first_name: String, $last_name: String, $email: String, $company: String) {
          CreateCBCustomer(first_name: $first_name, last_name: $last_name, email: $email, company: $company) { id email }
        }`,
        { ...names },
      )
    ).CreateCBCustomer,

  subscribe: async (priceId: string) =>
    (
      await graphqlRequest<{ CreateCBSubPlan: BillingSubscription }>(
        `mutation Subscribe($plan_id: String!, $invoice_immediately: Boolean) {
          CreateCBSubPlan(plan_id: $plan_id, invoice_immediately: $invoice_immediately) { ${SUBSCRIPTION} }
        }`,
        { plan_id: priceId, invoice_immediately: true },
      )
    ).CreateCBSubPlan,

  changePlan: async (priceId: string) =>
    (
      await graphqlRequest<{ changeSubForCust: BillingSubscription }>(
        `mutation ChangePlan($plan_id: String!) { changeSubForCust(plan_id: $plan_id) { ${SUBSCRIPTION} } }`,
        { plan_id: priceId },
      )
    ).changeSubForCust,

  endSubscription: async () =>
    (
      await graphqlRequest<{ endSubscription: BillingSubscription }>(
        `mutation EndSubscription($endOfTerm: Boolean) { endSubscription(endOfTerm: $endOfTerm) { ${SUBSCRIPTION} } }`,
        { endOfTerm: true },
      )
    ).endSubscription,

  addCard: async (token: string, primary: boolean) =>
    (
      await graphqlRequest<{ addCBCustCard: BillingCard }>(
        `mutation AddCard($tmp_token: String!, $primary: Boolean) { addCBCustCard(tmp_token: $tmp_token, primary: $primary) { ${CARD} } }`,
        { tmp_token: token, primary },
      )
    ).addCBCustCard,

  updateCardExpiry: async (cardId: string, month: number, year: number) =>
    (
      await graphqlRequest<{ updateCBCustCard: BillingCard }>(
        `mutation UpdateCard($cardId: String!, $year: Int!, $month: Int!) { updateCBCustCard(cardId: $cardId, year: $year, month: $month) { ${CARD} } }`,
        { cardId, year, month },
      )
    ).updateCBCustCard,

  deleteCard: async (cardId: string) =>
    (
      await graphqlRequest<{ deleteCBCustCard: boolean }>(
        'mutation DeleteCard($cardId: String!) { deleteCBCustCard(cardId: $cardId) }',
        { cardId },
      )
    ).deleteCBCustCard,

  reactivate: () =>
    restCall<BillingSubscription>('chargebee/reactivate-subscription', {
      method: 'POST',
      body: {},
    }),

  portalSession: () =>
    restCall<{ access_url: string }>('chargebee/portal-session', { method: 'POST', body: {} }),
};

/** After a change: the billing pages' data and the status the guards and top bar read. */
export function refreshBilling(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: billingKeys.all });
  void queryClient.invalidateQueries({ queryKey: billingStatusKeys.all });
}
