// Billing answers for page tests: a fake API on `fetch` (GraphQL by root field, REST by method and
// path, both recorded), rows shaped as docs/billing-pages.md lists them, and a fake of the
// provider's script with the subset of Chargebee.js the card form uses.
import { ERROR_CODES, type BillingAddress, type ErrorName } from '@tapwise/contracts';
import { vi } from 'vitest';
import type {
  BillingCard,
  BillingInvoice,
  BillingSubscription,
  BillingTransaction,
} from './billing-api';
import type { BillingStatus } from './billing-status';
import type { CardFieldState, ChargebeeGlobal } from './card-tokenizer';

export const BILLING_CONFIG = {
  billing: {
    provider: 'chargebee' as const,
    site: 'tapwise-test',
    publishableKey: 'test_pk_1',
    jsUrl: 'http://127.0.0.1:9/chargebee/v2/chargebee.js',
  },
};

export const buildStatus = (overrides: Partial<BillingStatus> = {}): BillingStatus => ({
  enabled: true,
  plan: 'growth',
  status: 'trial',
  providerStatus: 'in_trial',
  trialEnd: '2026-12-10T00:00:00.000Z',
  nextBillingAt: '2026-12-10T00:00:00.000Z',
  currentTermEnd: '2026-12-10T00:00:00.000Z',
  features: [],
  ...overrides,
});

export const buildSubscription = (
  overrides: Partial<BillingSubscription> = {},
): BillingSubscription => ({
  id: 'sub_1',
  planId: 'growth',
  priceId: 'tapwise-growth-USD-Monthly',
  billingPeriod: 'month',
  providerStatus: 'active',
  status: 'active',
  currentTermEnd: '2027-01-01T00:00:00.000Z',
  nextBillingAt: '2027-01-01T00:00:00.000Z',
  trialEnd: null,
  cancelledAt: null,
  ...overrides,
});

export const buildCard = (overrides: Partial<BillingCard> = {}): BillingCard => ({
  id: 'card_1',
  brand: 'visa',
  last4: '1111',
  expiryMonth: 8,
  expiryYear: 2030,
  primary: true,
  status: 'valid',
  ...overrides,
});

export const buildInvoice = (overrides: Partial<BillingInvoice> = {}): BillingInvoice => ({
  id: 'inv_1',
  date: '2026-11-01T00:00:00.000Z',
  dueDate: '2026-11-15T00:00:00.000Z',
  paidAt: '2026-11-02T00:00:00.000Z',
  subscriptionId: 'sub_1',
  total: 4900,
  currency: 'USD',
  status: 'paid',
  ...overrides,
});

export const buildTransaction = (
  overrides: Partial<BillingTransaction> = {},
): BillingTransaction => ({
  id: 'txn_1',
  date: '2026-11-02T00:00:00.000Z',
  type: 'payment',
  amount: 4900,
  currency: 'USD',
  status: 'success',
  ...overrides,
});

export const ADDRESS: BillingAddress = {
  company: 'Analytical Engines',
  line1: '12 Byron Street',
  city: 'London',
  zip: 'W1 1AA',
  country: 'GB',
};

/** Thrown by an answer to reply with an API error. */
export class ApiFailure {
  constructor(
    readonly error: ErrorName,
    readonly message = 'refused',
  ) {}
}

export interface ApiCall {
  operation: string;
  variables: Record<string, unknown>;
  /** The raw body sent, to check what never leaves the browser. */
  body: string;
}

type Answer = (variables: Record<string, unknown>) => unknown;

const DEFAULT_ANSWERS: Record<string, Answer> = {
  billingStatus: () => buildStatus(),
  getCBCustomer: () => ({ id: 'cust_1', email: 'ada@example.com' }),
  getCBSubs: () => [],
  getCBCustCard: () => [buildCard()],
  getCBCustInvoices: () => [buildInvoice()],
  getCBTransaction: () => [buildTransaction()],
  getCBBillingAddr: () => ADDRESS,
};

const errorJson = (failure: ApiFailure) => ({
  code: ERROR_CODES[failure.error],
  error: failure.error,
  message: failure.message,
});

/**
 * GraphQL answered by root field, REST (`"POST chargebee/portal-session"`) by method and path under
 * /v1/api; every call is recorded with its body.
 */
export function billingServer(answers: Record<string, Answer> = {}) {
  const all = { ...DEFAULT_ANSWERS, ...answers };
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? init.body : '';
      if (url.endsWith('/graphql')) {
        const { query, variables } = JSON.parse(body) as {
          query: string;
          variables: Record<string, unknown>;
        };
        const field = Object.keys(all).find((name) =>
          new RegExp(`\\b${name}\\s*[({}]`).test(query),
        );
        if (!field) {
          return new Response(JSON.stringify({ errors: [{ message: 'unknown operation' }] }));
        }
        calls.push({ operation: field, variables, body });
        try {
          const value = await all[field]!(variables);
          return new Response(JSON.stringify({ data: { [field]: value } }));
        } catch (failure) {
          if (!(failure instanceof ApiFailure)) throw failure;
          const { message, ...extensions } = errorJson(failure);
          return new Response(JSON.stringify({ errors: [{ message, extensions }] }));
        }
      }
      const path = url.replace(/^.*\/v1\/api\//, '');
      const operation = `${init.method ?? 'GET'} ${path}`;
      calls.push({
        operation,
        variables: body ? (JSON.parse(body) as Record<string, unknown>) : {},
        body,
      });
      const answer = all[operation];
      if (!answer) return new Response(JSON.stringify({ code: 9, message: 'no' }), { status: 404 });
      try {
        return new Response(JSON.stringify({ code: 0, data: await answer({}) }));
      } catch (failure) {
        if (!(failure instanceof ApiFailure)) throw failure;
        return new Response(JSON.stringify(errorJson(failure)), { status: 502 });
      }
    }),
  );
  return calls;
}

export const variablesOf = (calls: ApiCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);

/**
 * The provider's script as the simulator's stand-in behaves: three plain inputs in the mounted
 * element, `change` with `complete` once all three are filled, and a token for the card.
 */
export function fakeChargebee(
  tokenize: (card: { number: string; expiry: string; cvv: string }) => Promise<{ token: string }>,
) {
  const seen = { init: [] as unknown[], tokenized: [] as unknown[], cleared: 0, destroyed: 0 };
  const chargebee: ChargebeeGlobal = {
    init(options) {
      seen.init.push(options);
      return instance;
    },
    getInstance: () => instance,
  };
  const instance = {
    load: () => Promise.resolve(),
    createComponent: () => {
      const listeners: Record<string, ((state: CardFieldState) => void)[]> = {};
      let inputs: HTMLInputElement[] = [];
      const values = () => ({
        number: inputs[0]!.value,
        expiry: inputs[1]!.value,
        cvv: inputs[2]!.value,
      });
      return {
        on(event: string, listener: (state: CardFieldState) => void) {
          (listeners[event] ??= []).push(listener);
        },
        mount(target: string | HTMLElement) {
          const element = target as HTMLElement;
          inputs = ['Card number', 'Expiry', 'CVV'].map((label) => {
            const input = document.createElement('input');
            input.setAttribute('aria-label', label);
            input.addEventListener('input', () => {
              const card = values();
              const complete = Boolean(card.number && card.expiry && card.cvv);
              for (const listener of listeners.change ?? []) {
                listener({ complete, empty: !card.number && !card.expiry && !card.cvv });
              }
            });
            element.append(input);
            return input;
          });
          for (const listener of listeners.ready ?? []) listener({ complete: false, empty: true });
          return Promise.resolve();
        },
        tokenize: (data?: Record<string, string>) => {
          seen.tokenized.push({ ...values(), ...data });
          return tokenize(values());
        },
        clear() {
          seen.cleared += 1;
          for (const input of inputs) input.value = '';
        },
        destroy() {
          seen.destroyed += 1;
          for (const input of inputs) input.remove();
        },
      };
    },
  };
  window.Chargebee = chargebee;
  return seen;
}

/** A tokenisation refusal the way Chargebee.js rejects. */
export function tokenizeError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}
