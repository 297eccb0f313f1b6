// Chargebee's billing state as the simulator keeps it: customers, subscriptions, payment sources,
// invoices, transactions, temporary card tokens and events, with ids from counters and time from
// the sandbox's clock plus an offset tests advance (POST /chargebee/_sim/advance).

export const CHARGEBEE_SANDBOX_SITE = 'tapwise-sandbox-test';
/** The simulator's API key and publishable key: public demo values, like Slack's demo app. */
export const CHARGEBEE_SANDBOX_API_KEY = 'test_sandbox_api_key_tapwise';
export const CHARGEBEE_SANDBOX_PUBLISHABLE_KEY = 'test_sandbox_publishable_tapwise';
/** A temporary token lives this long (Chargebee's: 30 minutes). */
export const TEMP_TOKEN_TTL_S = 30 * 60;

export interface ItemPrice {
  id: string;
  item_id: string;
  name: string;
  price: number;
  currency_code: string;
  period: number;
  period_unit: 'month' | 'year';
}

/** The catalogue: planPriceId() of packages/contracts/src/billing.ts for each plan and period. */
export const ITEM_PRICES: ItemPrice[] = (
  [
    ['growth', 4900, 49000],
    ['enterprise', 49900, 499000],
  ] as const
).flatMap(([plan, monthly, yearly]) => [
  {
    id: `tapwise-${plan}-USD-Monthly`,
    item_id: `tapwise-${plan}`,
    name: `Tapwise ${plan} USD Monthly`,
    price: monthly,
    currency_code: 'USD',
    period: 1,
    period_unit: 'month' as const,
  },
  {
    id: `tapwise-${plan}-USD-Yearly`,
    item_id: `tapwise-${plan}`,
    name: `Tapwise ${plan} USD Yearly`,
    price: yearly,
    currency_code: 'USD',
    period: 1,
    period_unit: 'year' as const,
  },
]);

/** Chargebee's test card numbers that fail when charged or added (anything else Luhn-valid works). */
export const DECLINING_CARDS: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000119': 'An error occurred while processing your card.',
};

/** Test cards that are added without trouble but whose charges fail (Stripe's 4000000000000341). */
export const FAILING_CHARGES: Record<string, string> = {
  '4000000000000341': 'Your card was declined.',
};

export type Json = Record<string, unknown>;

export interface Customer extends Json {
  id: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  company?: string;
  billing_address?: Json;
  primary_payment_source_id?: string;
  created_at: number;
  updated_at: number;
  resource_version: number;
}

export interface Subscription extends Json {
  id: string;
  customer_id: string;
  status: 'in_trial' | 'active' | 'non_renewing' | 'cancelled';
  subscription_items: {
    item_price_id: string;
    item_type: 'plan';
    quantity: number;
    unit_price: number;
    amount: number;
  }[];
  billing_period: number;
  billing_period_unit: 'month' | 'year';
  currency_code: string;
  trial_start?: number;
  trial_end?: number;
  current_term_start?: number;
  current_term_end?: number;
  next_billing_at?: number;
  cancelled_at?: number;
  created_at: number;
  updated_at: number;
  resource_version: number;
}

export interface PaymentSource extends Json {
  id: string;
  customer_id: string;
  card: Json & { last4: string; expiry_month: number; expiry_year: number };
  /** Never answered: which test card it is. */
  number: string;
  deleted: boolean;
  created_at: number;
  updated_at: number;
  resource_version: number;
}

export interface Invoice extends Json {
  id: string;
  customer_id: string;
  subscription_id?: string;
  status: 'paid' | 'payment_due' | 'not_paid';
  total: number;
  amount_paid: number;
  amount_due: number;
  date: number;
  updated_at: number;
  resource_version: number;
}

export interface Transaction extends Json {
  id: string;
  customer_id: string;
  status: 'success' | 'failure';
  amount: number;
  date: number;
}

export interface SimEvent {
  id: string;
  occurred_at: number;
  event_type: string;
  api_version: 'v2';
  object: 'event';
  source: string;
  content: Json;
  webhook_status: 'not_configured' | 'scheduled' | 'succeeded' | 're_scheduled' | 'failed';
}

export interface TempToken {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  expiresAt: number;
  used: boolean;
}

export class ChargebeeStore {
  readonly customers = new Map<string, Customer>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly paymentSources = new Map<string, PaymentSource>();
  readonly invoices = new Map<string, Invoice>();
  readonly transactions = new Map<string, Transaction>();
  readonly tokens = new Map<string, TempToken>();
  readonly portalSessions = new Map<string, { customerId: string; expiresAt: number }>();
  readonly downloads = new Map<string, { invoiceId: string; validTill: number }>();
  readonly events: SimEvent[] = [];
  private readonly counters = new Map<string, number>();
  private offsetMs = 0;
  private version = 0;

  constructor(private readonly clock: () => number) {}

  /** Now on the simulator's clock, in milliseconds. */
  nowMs(): number {
    return this.clock() + this.offsetMs;
  }

  /** Now in Unix seconds, as Chargebee's timestamps are. */
  now(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }

  nextId(prefix: string): string {
    const next = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, next);
    return `${prefix}_sim_${String(next).padStart(6, '0')}`;
  }

  /** A resource_version: Chargebee's are millisecond stamps; strictly increasing here. */
  nextVersion(): number {
    this.version = Math.max(this.version + 1, this.nowMs());
    return this.version;
  }
}

export function itemPrice(id: string): ItemPrice | undefined {
  return ITEM_PRICES.find((price) => price.id === id);
}

/** Adds billing periods to a Unix time, in UTC calendar months. */
export function addPeriod(at: number, period: number, unit: 'month' | 'year'): number {
  const date = new Date(at * 1000);
  date.setUTCMonth(date.getUTCMonth() + (unit === 'year' ? 12 * period : period));
  return Math.floor(date.getTime() / 1000);
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'american_express';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'other';
}
