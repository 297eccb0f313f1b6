// The subscription guards, the expired-trial page, the trial badge and the enterprise-upgrade
// dialog in the running app (spec 1 §2, §6; docs/billing.md "Plans and entitlements").
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ENTERPRISE_FEATURES, ERROR_CODES } from '@tapwise/contracts';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { buildRoutes } from '../../app/router';
import { graphqlRequest } from '../../shared/api/graphql';
import { initI18n } from '../../shared/i18n/i18n';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import type { BillingStatus } from './billing-status';
import { closeEnterpriseUpgrade } from './enterprise-upgrade';

const config = {
  apiBase: '',
  siteName: 'Tapwise',
  inviteDomainAllowlist: [],
  appVersion: 'v1.0.159',
  betaSignupUrl: '/login',
  appleAdsCustomUrls: true,
  billing: {
    provider: 'chargebee' as const,
    site: 'tapwise-test',
    publishableKey: 'test_pk',
    jsUrl: '/chargebee.js',
  },
};

const DAY_MS = 86_400_000;

const NO_INTEGRATION = {
  APPLE_SEARCH_ADS: false,
  firstSyncDone: false,
  demoMode: false,
  invalid: false,
  historyLimited: false,
  integrationId: null,
};

function billing(overrides: Partial<BillingStatus>): BillingStatus {
  return {
    enabled: true,
    plan: 'growth',
    status: 'active',
    providerStatus: 'active',
    trialEnd: null,
    nextBillingAt: null,
    currentTermEnd: null,
    features: [],
    ...overrides,
  };
}

/** The API: billingStatus as given, no integration yet, and `refusals` answered as errors. */
function stubApi(status: BillingStatus, refusals: Record<string, keyof typeof ERROR_CODES> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const { query } = JSON.parse(init.body as string) as { query: string };
      const refused = Object.keys(refusals).find((field) => query.includes(field));
      if (refused) {
        const error = refusals[refused]!;
        return Promise.resolve(
          new Response(
            JSON.stringify({
              errors: [{ message: 'Refused', extensions: { code: ERROR_CODES[error], error } }],
            }),
            { status: 402, headers: { 'content-type': 'application/json' } },
          ),
        );
      }
      const answer = query.includes('billingStatus')
        ? { data: { billingStatus: status } }
        : query.includes('getIntegrationInfo')
          ? { data: { getIntegrationInfo: NO_INTEGRATION } }
          : { errors: [{ message: 'unknown operation' }] };
      return Promise.resolve(
        new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
}

function renderAt(path: string, billingConfig: typeof config.billing | null = config.billing) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <AppProviders config={{ ...config, billing: billingConfig }} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const mainNavigation = () => screen.queryByRole('navigation', { name: 'Main navigation' });

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  closeEnterpriseUpgrade();
  vi.unstubAllGlobals();
});

describe('a cancelled subscription', () => {
  it('sends every app page to /expired-free-trial, without sidebar, and offers the plans', async () => {
    signIn({ Role: 'ADMIN', subscriptionStatus: 'trial' });
    stubApi(billing({ status: 'cancelled', providerStatus: 'cancelled' }));
    const router = renderAt('/goals');
    expect(
      await screen.findByRole('heading', { name: 'Your free trial has ended' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/expired-free-trial');
    expect(mainNavigation()).toBeNull();
    const choose = screen.getByRole('link', { name: 'Choose a plan' });
    expect(choose.getAttribute('href')).toBe('/subscription-plan');
  });

  it('says the plan ended for a company that had paid, and asks members without billing to see their admin', async () => {
    signIn({ Role: 'STAFF', subscriptionStatus: 'cancelled' });
    stubApi(
      billing({
        status: 'cancelled',
        providerStatus: 'cancelled',
        currentTermEnd: '2026-10-01T00:00:00.000Z',
      }),
    );
    renderAt('/overview');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Your subscription has ended' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Ask your company admin to choose a plan.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Choose a plan' })).toBeNull();
  });

  it('lets a super admin impersonating a member use the app, sidebar included', async () => {
    signIn({
      Role: 'ADMIN',
      subscriptionStatus: 'cancelled',
      impersonatedBy: '00000000-0000-4000-8000-0000000000aa',
    });
    stubApi(billing({ status: 'cancelled', providerStatus: 'cancelled' }));
    const router = renderAt('/overview');
    expect(
      await screen.findByRole('heading', { name: 'Overview' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/overview');
    expect(mainNavigation()).toBeTruthy();
  }, 15_000);
});

describe('/expired-free-trial', () => {
  it('sends a company that is not cancelled on to /overview', async () => {
    signIn({ Role: 'ADMIN' });
    stubApi(billing({ status: 'active' }));
    const router = renderAt('/expired-free-trial');
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'), {
      timeout: 5000,
    });
  });

  it('does not exist while billing is off, nor do the other billing pages', async () => {
    signIn({ Role: 'ADMIN', subscriptionStatus: 'cancelled' });
    stubApi(billing({ status: 'cancelled' }));
    for (const path of ['/expired-free-trial', '/manage-subscription']) {
      cleanup();
      const router = renderAt(path, null);
      await waitFor(() => expect(router.state.location.pathname, path).toBe('/overview'));
    }
    await userEvent.setup().click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(screen.queryByRole('menuitem', { name: 'Manage Subscription' })).toBeNull();
    expect(screen.queryByTestId('trial-badge')).toBeNull();
  });
});

describe('the top bar', () => {
  it('shows the days left of a trial, the state dot and the subscription menu item', async () => {
    signIn({ Role: 'ADMIN' });
    const trialEnd = new Date(Date.now() + 5 * DAY_MS - 60_000).toISOString();
    stubApi(billing({ status: 'trial', providerStatus: 'in_trial', trialEnd }));
    renderAt('/overview');
    expect((await screen.findByTestId('trial-badge', {}, { timeout: 5000 })).textContent).toBe(
      'Trial days left: 5',
    );
    expect(screen.getByTestId('subscription-dot').getAttribute('data-state')).toBe('trial');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(await screen.findByText('Free trial')).toBeTruthy();
    const manage = screen.getByRole('menuitem', { name: 'Manage Subscription' });
    expect(manage.getAttribute('href')).toBe('/manage-subscription');
  });
});

describe('the enterprise-upgrade dialog', () => {
  it('opens from the greyed sidebar entry of an enterprise feature outside the plan', async () => {
    signIn({ Role: 'ADMIN' });
    stubApi(billing({ status: 'active', features: [] }));
    renderAt('/overview');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const generator = await within(nav).findByRole('button', { name: 'Campaign Generator' });
    expect(generator.getAttribute('data-locked')).toBe('plan');
    await userEvent.setup().click(generator);
    const dialog = await screen.findByRole('dialog', { name: 'Enterprise feature' });
    const contact = within(dialog).getByRole('link', { name: 'Contact support' });
    expect(contact.getAttribute('href')).toMatch(/^mailto:support@tapwise\.app\?subject=/);
  });

  it('links the entry while the plan includes the feature', async () => {
    signIn({ Role: 'ADMIN' });
    stubApi(billing({ plan: 'enterprise', features: [...ENTERPRISE_FEATURES] }));
    renderAt('/overview');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Campaign Generator' })).toBeTruthy(),
    );
  });

  it('opens whenever a call answers ENTERPRISE_ONLY', async () => {
    signIn({ Role: 'ADMIN' });
    stubApi(billing({ status: 'active' }), { generateKeywords: 'ENTERPRISE_ONLY' });
    renderAt('/overview');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('dialog', { name: 'Enterprise feature' })).toBeNull();
    await expect(graphqlRequest('mutation { generateKeywords { id } }')).rejects.toMatchObject({
      body: { code: ERROR_CODES.ENTERPRISE_ONLY },
    });
    expect(await screen.findByRole('dialog', { name: 'Enterprise feature' })).toBeTruthy();
  });
});
