import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrencyInfo } from '@tapwise/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeGraphql } from '../../test/fake-graphql';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { renderWithApp } from '../ads-manager/actions/actions-test-kit';
import { CurrencyPicker } from './currency-picker';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
afterEach(() => vi.unstubAllGlobals());

const info = (currency: string): CurrencyInfo => ({
  currency,
  accounts: [],
  rates: { source: 'ECB', latestDay: '2025-11-21' },
});

function serve() {
  let current = 'USD';
  return fakeGraphql({
    getIntegrationInfo: () => ({ APPLE_SEARCH_ADS: true, firstSyncDone: true, demoMode: true }),
    getCurrencyInfo: () => info(current),
    setReportingCurrency: ({ currency }) => {
      current = String(currency);
      return info(current);
    },
  });
}

describe('CurrencyPicker', () => {
  it('lets an admin pick the reporting currency', async () => {
    signIn({ Role: 'ADMIN' });
    const calls = serve();
    renderWithApp(<CurrencyPicker />);
    await waitFor(() => expect(screen.getByTestId('currency').tagName).toBe('INPUT'));
    const picker = screen.getByTestId('currency');
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('USD'));
    const user = userEvent.setup();
    await user.click(picker);
    // Mantine keeps the dropdown in a transition jsdom never finishes: its options count as hidden.
    await user.click(await screen.findByRole('option', { name: 'EUR', hidden: true }));
    expect(await screen.findByText('Reporting currency set to EUR')).toBeTruthy();
    expect(calls.find((call) => call.operation === 'setReportingCurrency')?.variables).toEqual({
      currency: 'EUR',
    });
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('EUR'));
  }, 15_000);

  it('shows a member who may not change it the currency and what it means', async () => {
    signIn({ Role: 'STAFF' });
    serve();
    renderWithApp(<CurrencyPicker />);
    const badge = await screen.findByTestId('currency');
    await waitFor(() => expect(badge.textContent).toBe('USD'));
    expect(screen.queryByLabelText('Currency')).toBeNull();
    await userEvent.hover(badge);
    expect((await screen.findByRole('tooltip', { hidden: true })).textContent).toContain(
      'totals of several currencies are converted into USD',
    );
  });
});
