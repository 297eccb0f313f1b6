import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import SettingsPage from '../settings/settings-page';
import {
  ADDRESS,
  ApiFailure,
  BILLING_CONFIG,
  billingServer,
  buildCard,
  buildInvoice,
  fakeChargebee,
  tokenizeError,
  variablesOf,
} from './billing-factories';
import { resetCardTokenizer } from './card-tokenizer';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  signIn();
  resetCardTokenizer();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.Chargebee;
});

const CARD_NUMBER = '4111111111111111';
const CVV = '123';

function renderSettings() {
  renderInApp(<SettingsPage />, '/settings', BILLING_CONFIG);
}

async function openAddCard(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add card' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a payment card' });
  await within(dialog).findByLabelText('Card number');
  return dialog;
}

function fillCard(dialog: HTMLElement) {
  fireEvent.input(within(dialog).getByLabelText('Card number'), {
    target: { value: CARD_NUMBER },
  });
  fireEvent.input(within(dialog).getByLabelText('Expiry'), { target: { value: '08 / 30' } });
  fireEvent.input(within(dialog).getByLabelText('CVV'), { target: { value: CVV } });
}

describe('settings: payment cards', { timeout: 30_000 }, () => {
  it('lists the cards with brand, last 4 digits, expiry and the primary one', async () => {
    billingServer({
      getCBCustCard: () => [
        buildCard(),
        buildCard({
          id: 'card_2',
          brand: 'mastercard',
          last4: '4444',
          primary: false,
          status: 'expiring',
        }),
      ],
    });
    renderSettings();
    const rows = await screen.findAllByTestId('card-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('•••• 1111')).toBeTruthy();
    expect(within(rows[0]!).getByText('08/2030')).toBeTruthy();
    expect(within(rows[0]!).getByText('Primary')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Primary')).toBeNull();
    expect(within(rows[1]!).getByText('Expiring soon')).toBeTruthy();
  });

  it('shows only the profile while billing is off', async () => {
    const calls = billingServer();
    renderInApp(<SettingsPage />, '/settings');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment cards' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Invoice history' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('loads the provider script once, tokenises the card in the browser and sends only the token', async () => {
    const seen = fakeChargebee(() => Promise.resolve({ token: 'cb_tmp_1' }));
    const calls = billingServer({ addCBCustCard: () => buildCard({ id: 'card_2' }) });
    renderSettings();
    const user = userEvent.setup();
    const dialog = await openAddCard(user);
    expect(seen.init).toEqual([{ site: 'tapwise-test', publishableKey: 'test_pk_1' }]);
    fillCard(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('Card added')).toBeTruthy();
    expect(seen.tokenized).toEqual([
      { number: CARD_NUMBER, expiry: '08 / 30', cvv: CVV, firstName: 'Ada', lastName: 'Lovelace' },
    ]);
    expect(variablesOf(calls, 'addCBCustCard')).toEqual([
      { tmp_token: 'cb_tmp_1', primary: false },
    ]);
    // Neither the number nor the CVV reaches Tapwise's server or the browser's storage.
    expect(calls.some((call) => call.body.includes(CARD_NUMBER))).toBe(false);
    expect(calls.some((call) => call.body.includes(`"${CVV}"`))).toBe(false);
    const stored = JSON.stringify({ ...window.localStorage, ...window.sessionStorage });
    expect(stored.includes(CARD_NUMBER)).toBe(false);
    expect(seen.cleared).toBe(1);
    await waitFor(() => expect(seen.destroyed).toBe(1));
  });

  it('refuses to tokenise an incomplete card', async () => {
    const seen = fakeChargebee(() => Promise.resolve({ token: 'cb_tmp_1' }));
    const calls = billingServer();
    renderSettings();
    const user = userEvent.setup();
    const dialog = await openAddCard(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(
      await within(dialog).findByText('Enter the card number, expiry date and CVV.'),
    ).toBeTruthy();
    expect(seen.tokenized).toEqual([]);
    expect(variablesOf(calls, 'addCBCustCard')).toEqual([]);
  });

  it('explains a card the provider refuses to tokenise and one the bank declines', async () => {
    let tokenizeFails = true;
    fakeChargebee(() =>
      tokenizeFails
        ? Promise.reject(tokenizeError('invalid_card', 'Invalid card number'))
        : Promise.resolve({ token: 'cb_tmp_2' }),
    );
    billingServer({
      addCBCustCard: () => {
        throw new ApiFailure('CARD_REJECTED', 'Your card was declined.');
      },
    });
    renderSettings();
    const user = userEvent.setup();
    const dialog = await openAddCard(user);
    fillCard(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(
      await within(dialog).findByText('The card number, expiry date or CVV is not valid.'),
    ).toBeTruthy();
    tokenizeFails = false;
    await user.click(within(dialog).getByRole('button', { name: 'Add card' }));
    expect(
      await within(dialog).findByText(
        'The card was declined. Check its details or use another card.',
      ),
    ).toBeTruthy();
  });

  it('says so when the provider script cannot be loaded', async () => {
    billingServer();
    renderSettings();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>(
        `script[src="${BILLING_CONFIG.billing.jsUrl}"]`,
      );
      expect(found).toBeTruthy();
      return found!;
    });
    script.dispatchEvent(new Event('error'));
    expect(
      await screen.findByText(
        'The secure card fields could not be loaded. Check your connection and try again.',
      ),
    ).toBeTruthy();
    const dialog = screen.getByRole('dialog', { name: 'Add a payment card' });
    expect(within(dialog).getByRole('button', { name: 'Add card' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it("edits only a saved card's expiry, with the card rules", async () => {
    const calls = billingServer({
      updateCBCustCard: () => buildCard({ expiryMonth: 9, expiryYear: 2031 }),
    });
    renderSettings();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Edit expiry of card ending 1111' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit card expiry' });
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
    const expiry = within(dialog).getByLabelText(/^Expiry \(MM\/YYYY\)/);
    expect((expiry as HTMLInputElement).value).toBe('08/2030');
    const save = within(dialog).getByRole('button', { name: 'Save expiry' });
    for (const [typed, message] of [
      ['8/2031', 'Enter the expiry date as MM/YYYY.'],
      ['13/2031', 'Enter a month from 01 to 12.'],
      ['01/2020', 'This card has expired.'],
    ] as const) {
      await user.clear(expiry);
      await user.type(expiry, typed);
      await user.click(save);
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(variablesOf(calls, 'updateCBCustCard')).toEqual([]);
    await user.clear(expiry);
    await user.type(expiry, '09/2031');
    await user.click(save);
    expect(await screen.findByText('Card updated')).toBeTruthy();
    expect(variablesOf(calls, 'updateCBCustCard')).toEqual([
      { cardId: 'card_1', month: 9, year: 2031 },
    ]);
  });

  it('deletes a card after a confirmation', async () => {
    const calls = billingServer({ deleteCBCustCard: () => true });
    renderSettings();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete card ending 1111' }));
    expect(await screen.findByText('Delete the visa card ending 1111?')).toBeTruthy();
    expect(variablesOf(calls, 'deleteCBCustCard')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete card' }));
    expect(await screen.findByText('Card deleted')).toBeTruthy();
    expect(variablesOf(calls, 'deleteCBCustCard')).toEqual([{ cardId: 'card_1' }]);
  });
});

describe('settings: invoices and billing address', { timeout: 30_000 }, () => {
  it('lists invoices with their total in 2 decimals and opens the PDF', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const calls = billingServer({
      getCBCustInvoices: () => [
        buildInvoice(),
        buildInvoice({
          id: 'inv_2',
          total: 123456,
          currency: 'EUR',
          status: 'payment_due',
          paidAt: null,
          subscriptionId: null,
        }),
      ],
      getCBCustInvoicePDF: () => ({
        downloadUrl: 'https://files.example/inv_2.pdf',
        validTill: '2026-11-27T23:00:00Z',
      }),
    });
    renderSettings();
    const rows = await screen.findAllByTestId('invoice-row');
    expect(within(rows[0]!).getByTestId('invoice-total').textContent).toBe('$49.00');
    expect(within(rows[0]!).getByText('Nov 1, 2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('Paid')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('invoice-total').textContent).toBe('€1,234.56');
    expect(within(rows[1]!).getByText('Payment due')).toBeTruthy();
    expect(within(rows[1]!).getByText('No')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download invoice inv_2 as PDF' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://files.example/inv_2.pdf', '_blank', 'noopener'),
    );
    expect(variablesOf(calls, 'getCBCustInvoicePDF')).toEqual([
      { invoice_id: 'inv_2', disposition_type: 'attachment' },
    ]);
  });

  it('tells the provider failure apart when an invoice cannot be downloaded', async () => {
    billingServer({
      getCBCustInvoicePDF: () => {
        throw new ApiFailure('BILLING_PROVIDER_FAILED', 'Chargebee is down');
      },
    });
    renderSettings();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download invoice inv_1 as PDF' }));
    expect(
      await screen.findByText(
        'The payment provider could not complete the request. Please try again in a moment.',
      ),
    ).toBeTruthy();
  });

  it('saves the billing address with "billing information updated"', async () => {
    const calls = billingServer({ saveCBBillingAddr: ({ input }) => input });
    renderSettings();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Billing address' });
    const line1 = await within(form).findByLabelText(/^Address line 1/);
    expect((line1 as HTMLInputElement).value).toBe(ADDRESS.line1);
    await user.clear(line1);
    await user.click(within(form).getByRole('button', { name: 'Save billing address' }));
    expect(await within(form).findByText('This field is required.')).toBeTruthy();
    expect(variablesOf(calls, 'saveCBBillingAddr')).toEqual([]);
    await user.type(line1, '1 Difference Lane');
    await user.type(within(form).getByLabelText(/^VAT number/), 'GB123456789');
    await user.click(within(form).getByRole('button', { name: 'Save billing address' }));
    expect(await screen.findByText('Billing information updated')).toBeTruthy();
    expect(variablesOf(calls, 'saveCBBillingAddr')).toEqual([
      { input: { ...ADDRESS, line1: '1 Difference Lane', vat_number: 'GB123456789' } },
    ]);
  });
});
