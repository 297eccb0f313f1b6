import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import {
  ApiFailure,
  BILLING_CONFIG,
  billingServer,
  buildStatus,
  buildSubscription,
  variablesOf,
} from './billing-factories';
import { closeEnterpriseUpgrade, EnterpriseUpgradeDialog } from './enterprise-upgrade';
import ManageSubscriptionPage from './manage-subscription-page';
import PlansPage from './plans-page';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const operations = (calls: { operation: string }[]) => calls.map((call) => call.operation);
const statusReads = (calls: { operation: string }[]) =>
  operations(calls).filter((operation) => operation === 'billingStatus').length;

describe('subscription plan pages', { timeout: 30_000 }, () => {
  it('shows the current plan with its trial end, and enterprise through the upgrade dialog', async () => {
    billingServer();
    renderInApp(
      <>
        <PlansPage page="subscriptionPlan" />
        <EnterpriseUpgradeDialog />
      </>,
      '/subscription-plan',
      BILLING_CONFIG,
    );
    expect((await screen.findByTestId('current-plan')).textContent).toBe('Growth');
    expect(screen.getByTestId('trial-end').textContent).toBe('Dec 10, 2026');
    const enterprise = screen.getByRole('article', { name: 'Enterprise' });
    expect(within(enterprise).getByText('Campaign generator')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Enterprise feature' })).toBeNull();
    await userEvent
      .setup()
      .click(within(enterprise).getByRole('button', { name: 'Contact support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enterprise feature' });
    expect(
      within(dialog).getByRole('link', { name: 'Contact support' }).getAttribute('href'),
    ).toMatch(/^mailto:support@tapwise\.app\?subject=/);
    closeEnterpriseUpgrade();
  });

  it('subscribes after a confirmation, creating the customer first when there is none', async () => {
    const calls = billingServer({
      getCBCustomer: () => null,
      CreateCBCustomer: () => ({ id: 'cust_1', email: 'ada@example.com' }),
      CreateCBSubPlan: ({ plan_id }) => buildSubscription({ priceId: plan_id as string }),
    });
    renderInApp(<PlansPage page="pricingPlan" />, '/pricing-plan', BILLING_CONFIG);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Yearly' }));
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Growth' }));
    expect(
      await screen.findByText(
        'Subscribe to the Growth plan, billed yearly? Your primary card is charged.',
      ),
    ).toBeTruthy();
    expect(variablesOf(calls, 'CreateCBSubPlan')).toEqual([]);
    const readsBefore = statusReads(calls);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscription started')).toBeTruthy();
    // The guards and the top bar read the status again.
    await waitFor(() => expect(statusReads(calls)).toBeGreaterThan(readsBefore));
    expect(variablesOf(calls, 'CreateCBCustomer')).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines',
      },
    ]);
    expect(variablesOf(calls, 'CreateCBSubPlan')).toEqual([
      { plan_id: 'tapwise-growth-USD-Yearly', invoice_immediately: true },
    ]);
    const order = operations(calls);
    expect(order.indexOf('CreateCBCustomer')).toBeLessThan(order.indexOf('CreateCBSubPlan'));
  });

  it('changes the plan of a live subscription and explains a provider failure', async () => {
    let fails = true;
    const calls = billingServer({
      billingStatus: () => buildStatus({ status: 'active', providerStatus: 'active' }),
      getCBSubs: () => [buildSubscription()],
      changeSubForCust: () => {
        if (fails) throw new ApiFailure('BILLING_PROVIDER_FAILED', 'Chargebee timed out');
        return buildSubscription({ priceId: 'tapwise-growth-USD-Yearly' });
      },
    });
    renderInApp(<PlansPage page="subscriptionPlan" />, '/subscription-plan', BILLING_CONFIG);
    const user = userEvent.setup();
    const growth = await screen.findByRole('article', { name: 'Growth' });
    expect(
      (await within(growth).findByRole('button', { name: 'Your current plan' })).hasAttribute(
        'disabled',
      ),
    ).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    await user.click(within(growth).getByRole('button', { name: 'Switch to Growth' }));
    await user.click(await screen.findByRole('button', { name: 'Change plan' }));
    expect(
      await screen.findByText(
        'The payment provider could not complete the request. Please try again in a moment.',
      ),
    ).toBeTruthy();
    fails = false;
    await user.click(within(growth).getByRole('button', { name: 'Switch to Growth' }));
    await user.click(await screen.findByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('Plan changed')).toBeTruthy();
    expect(variablesOf(calls, 'changeSubForCust')).toEqual([
      { plan_id: 'tapwise-growth-USD-Yearly' },
      { plan_id: 'tapwise-growth-USD-Yearly' },
    ]);
    expect(variablesOf(calls, 'CreateCBSubPlan')).toEqual([]);
  });

  it('shows billing as off when the server says so', async () => {
    billingServer({ billingStatus: () => ({ ...buildStatus(), enabled: false }) });
    renderInApp(<PlansPage page="subscriptionPlan" />, '/subscription-plan', BILLING_CONFIG);
    expect(await screen.findByText('Billing is off')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('lets a member without billing rights look but not buy', async () => {
    signIn({ Role: 'STAFF' });
    const calls = billingServer();
    renderInApp(<PlansPage page="subscriptionPlan" />, '/subscription-plan', BILLING_CONFIG);
    expect(
      await screen.findByText(
        'Only company admins can change the subscription and payment details.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe to Growth' })).toBeNull();
    expect(operations(calls)).toEqual(['billingStatus']);
  });
});

describe('manage subscription', { timeout: 30_000 }, () => {
  it('cancels at the term end after a confirmation', async () => {
    const calls = billingServer({
      billingStatus: () => buildStatus({ status: 'active', providerStatus: 'active' }),
      getCBSubs: () => [buildSubscription()],
      endSubscription: () => buildSubscription({ providerStatus: 'non_renewing' }),
    });
    renderInApp(<ManageSubscriptionPage />, '/manage-subscription', BILLING_CONFIG);
    const user = userEvent.setup();
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(1);
    expect(screen.getByText('$49.00')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Cancel at term end' }));
    expect(
      await screen.findByText(
        'Your subscription stays active until Jan 1, 2027 and is not renewed after that. Cancel it?',
      ),
    ).toBeTruthy();
    expect(variablesOf(calls, 'endSubscription')).toEqual([]);
    const readsBefore = statusReads(calls);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at term end' }));
    expect(
      await screen.findByText('Your subscription will end at the end of the term'),
    ).toBeTruthy();
    await waitFor(() => expect(statusReads(calls)).toBeGreaterThan(readsBefore));
    expect(variablesOf(calls, 'endSubscription')).toEqual([{ endOfTerm: true }]);
  });

  it('reactivates a subscription that is ending and opens the provider portal', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const calls = billingServer({
      billingStatus: () => buildStatus({ status: 'active', providerStatus: 'non_renewing' }),
      getCBSubs: () => [buildSubscription({ providerStatus: 'non_renewing' })],
      'POST chargebee/reactivate-subscription': () => buildSubscription(),
      'POST chargebee/portal-session': () => ({ access_url: 'https://portal.example/s/1' }),
    });
    renderInApp(<ManageSubscriptionPage />, '/manage-subscription', BILLING_CONFIG);
    const user = userEvent.setup();
    expect(await screen.findByText('Ends at term end')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel at term end' })).toBeNull();
    const readsBefore = statusReads(calls);
    await user.click(await screen.findByRole('button', { name: 'Reactivate subscription' }));
    expect(await screen.findByText('Subscription reactivated')).toBeTruthy();
    await waitFor(() => expect(statusReads(calls)).toBeGreaterThan(readsBefore));
    await user.click(screen.getByRole('button', { name: 'Open billing portal' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://portal.example/s/1', '_blank', 'noopener'),
    );
    expect(operations(calls)).toEqual(
      expect.arrayContaining([
        'POST chargebee/reactivate-subscription',
        'POST chargebee/portal-session',
      ]),
    );
  });
});
