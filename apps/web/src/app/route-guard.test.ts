import { BILLING_OFF_STATUS } from '@tapwise/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentSession } from '../features/auth/session/session-store';
import type { BillingStatus } from '../features/billing/billing-status';
import { signIn } from '../test/session-fixtures';
import { guardRedirect } from './route-guard';
import { findPageRoute } from './route-table';

beforeEach(() => window.localStorage.clear());

function redirectFor(path: string, billing: BillingStatus = BILLING_OFF_STATUS) {
  const route = findPageRoute(path);
  if (!route) throw new Error(`no route ${path}`);
  return guardRedirect(route.access, currentSession(), path, billing);
}

const billingOn = (status: BillingStatus['status']): BillingStatus => ({
  ...BILLING_OFF_STATUS,
  enabled: true,
  plan: 'growth',
  status,
  features: [],
});

const BILLING_PAGES = [
  '/subscription-plan',
  '/pricing-plan',
  '/manage-subscription',
  '/expired-free-trial',
  '/cb-poc',
];

describe('route guards (spec 1 §6)', () => {
  it('opens public pages to everyone', () => {
    expect(redirectFor('/login')).toBeNull();
    expect(redirectFor('/verify')).toBeNull();
  });

  it('sends signed-out visitors of app pages to /login', () => {
    for (const path of ['/overview', '/goals', '/onboard', '/users']) {
      expect(redirectFor(path), path).toBe('/login');
    }
  });

  it('sends a user without a company to /onboard, and lets them complete it', () => {
    signIn({ TeamID: null, Role: null, permissions: [], teams: [] });
    expect(redirectFor('/overview')).toBe('/onboard');
    expect(redirectFor('/goals')).toBe('/onboard');
    expect(redirectFor('/onboard')).toBeNull();
  });

  it('sends a member with no permissions at all to /logout', () => {
    signIn({ permissions: [] });
    expect(redirectFor('/overview')).toBe('/logout');
  });

  it('sends a member without the area permission to /overview', () => {
    signIn({ Role: 'STAFF' });
    expect(redirectFor('/team-management')).toBe('/overview');
    expect(redirectFor('/campaign-generator-details')).toBe('/overview');
    expect(redirectFor('/goals')).toBeNull();
  });

  it('lets a read-only member open the areas it may read', () => {
    signIn({ Role: 'ADMIN', IsReadOnly: true });
    expect(redirectFor('/team-management')).toBeNull();
    expect(redirectFor('/ads-manager')).toBeNull();
  });

  it('keeps /users and /searchads-manage for super admins, else /login', () => {
    signIn({ Role: 'ADMIN' });
    expect(redirectFor('/users')).toBe('/login');
    expect(redirectFor('/searchads-manage')).toBe('/login');
    signIn({ Role: 'SUPERADMIN', TeamID: null, permissions: [] });
    expect(redirectFor('/users')).toBeNull();
    expect(redirectFor('/searchads-manage')).toBeNull();
    expect(redirectFor('/goals')).toBeNull();
  });
});

describe('subscription guards (spec 1 §2)', () => {
  it('sends every app page of a cancelled company to /expired-free-trial', () => {
    signIn({ Role: 'ADMIN' });
    for (const path of ['/overview', '/goals', '/ads-manager', '/team-management', '/settings']) {
      expect(redirectFor(path, billingOn('cancelled')), path).toBe('/expired-free-trial');
    }
    for (const path of [...BILLING_PAGES, '/signin/change-password']) {
      expect(redirectFor(path, billingOn('cancelled')), path).toBeNull();
    }
    expect(redirectFor('/login', billingOn('cancelled'))).toBeNull();
  });

  it('lets a super admin impersonating a member of a cancelled company through', () => {
    signIn({ Role: 'ADMIN', impersonatedBy: '00000000-0000-4000-8000-0000000000aa' });
    expect(redirectFor('/overview', billingOn('cancelled'))).toBeNull();
    expect(redirectFor('/goals', billingOn('cancelled'))).toBeNull();
  });

  it('keeps every other state on its pages', () => {
    signIn({ Role: 'ADMIN' });
    for (const status of ['trial', 'active', 'on_hold'] as const) {
      expect(redirectFor('/overview', billingOn(status)), status).toBeNull();
      expect(redirectFor('/subscription-plan', billingOn(status)), status).toBeNull();
    }
  });

  it('sends the billing pages to /overview while billing is off, whatever the claim says', () => {
    signIn({ Role: 'ADMIN', subscriptionStatus: 'cancelled' });
    for (const path of BILLING_PAGES) expect(redirectFor(path), path).toBe('/overview');
    expect(redirectFor('/overview')).toBeNull();
    signIn({ Role: 'SUPERADMIN', TeamID: null, permissions: [] });
    expect(redirectFor('/manage-subscription')).toBe('/overview');
  });
});
