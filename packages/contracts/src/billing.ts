// Plans, entitlements and subscription states (spec 1 §2 and §4, spec 2 §3.8). One table decides
// what each plan includes; the server enforces it and the web app only mirrors it.
// docs/billing.md explains the choices.
import { z } from 'zod';
import type { SubscriptionStatus } from './auth';

/** A trial starts when a company is created (onboarding) and lasts this many days. */
export const TRIAL_DAYS = 14;

/** Features only the enterprise plan (and a trial of it) includes; every other feature is in every plan. */
export const ENTERPRISE_FEATURES = ['scriptedRules', 'campaignGenerator', 'keywordAi'] as const;
export type EnterpriseFeature = (typeof ENTERPRISE_FEATURES)[number];

export const PLAN_IDS = ['growth', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_PERIODS = ['month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export interface PlanDefinition {
  id: PlanId;
  features: readonly EnterpriseFeature[];
  /** Bought in the app with a card; otherwise through support (the enterprise-upgrade dialog). */
  selfServe: boolean;
}

export const PLANS: Record<PlanId, PlanDefinition> = {
  growth: { id: 'growth', features: [], selfServe: true },
  enterprise: { id: 'enterprise', features: ENTERPRISE_FEATURES, selfServe: false },
};

/** The plan a new company trials. */
export const TRIAL_PLAN: PlanId = 'growth';

/** The provider's price of a plan for a billing period, as created in the provider's catalogue. */
export function planPriceId(plan: PlanId, period: BillingPeriod, currency = 'USD'): string {
  return `tapwise-${plan}-${currency}-${period === 'month' ? 'Monthly' : 'Yearly'}`;
}

/** Chargebee's subscription statuses, as its API and webhooks send them. */
export const PROVIDER_SUBSCRIPTION_STATUSES = [
  'future',
  'in_trial',
  'active',
  'non_renewing',
  'paused',
  'cancelled',
  'transferred',
] as const;
export type ProviderSubscriptionStatus = (typeof PROVIDER_SUBSCRIPTION_STATUSES)[number];

/** The four states the web app knows (profile dots, guards) for a provider status. */
export function subscriptionStatusOf(status: ProviderSubscriptionStatus): SubscriptionStatus {
  switch (status) {
    case 'future':
    case 'in_trial':
      return 'trial';
    case 'active':
    case 'non_renewing':
      return 'active';
    case 'paused':
      return 'on_hold';
    case 'cancelled':
    case 'transferred':
      return 'cancelled';
  }
}

/** Whether a company on a plan (null: billing off, so everything) may use a feature. */
export function planIncludes(plan: PlanId | null, feature: EnterpriseFeature): boolean {
  return plan === null || PLANS[plan].features.includes(feature);
}

/**
 * `BillingStatus` of docs/api/billing.md: what a company's subscription allows. Its instants are
 * `Date`s on the server and ISO strings on the wire.
 */
export interface BillingStatus<Instant = string> {
  enabled: boolean;
  plan: PlanId | null;
  status: SubscriptionStatus | null;
  providerStatus: ProviderSubscriptionStatus | null;
  trialEnd: Instant | null;
  nextBillingAt: Instant | null;
  currentTermEnd: Instant | null;
  features: EnterpriseFeature[];
}

/** Billing off (a self-hosted installation by default): no plan, no trial, every feature. */
export const BILLING_OFF_STATUS: BillingStatus<never> = Object.freeze({
  enabled: false,
  plan: null,
  status: null,
  providerStatus: null,
  trialEnd: null,
  nextBillingAt: null,
  currentTermEnd: null,
  features: [...ENTERPRISE_FEATURES],
}) as BillingStatus<never>;

/** A saved card as the billing operations answer it (docs/api/billing.md `BillingCard`). */
export interface BillingCard {
  id: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  primary: boolean;
  /** valid, expiring or expired. */
  status: string;
}

/** Billing address of spec 2 §3.8. */
export const billingAddressSchema = z.object({
  company: z.string().trim().max(250).optional(),
  line1: z.string().trim().min(1, 'validation.required').max(150),
  line2: z.string().trim().max(150).optional(),
  line3: z.string().trim().max(150).optional(),
  city: z.string().trim().min(1, 'validation.required').max(50),
  zip: z.string().trim().max(20).optional(),
  /** ISO 3166-1 alpha-2. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'validation.countryInvalid'),
  vat_number: z.string().trim().max(20).optional(),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;
