import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { renderInApp } from '../../test/render-app-page';
import { fakeToken, sessionClaims, signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { currentSession } from '../auth/session/session-store';
import { BILLING_CONFIG, billingServer, variablesOf } from '../billing/billing-factories';
import SettingsPage from './settings-page';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const USER_ID = sessionClaims().UserId;

describe('settings: profile', { timeout: 30_000 }, () => {
  it("keeps the spec's name limit and saves the profile with the accounts update", async () => {
    const renewed = fakeToken(sessionClaims({ FirstName: 'Augusta' }));
    const calls = billingServer({
      [`PUT auth/update-user/${USER_ID}`]: () => ({ UserId: USER_ID, FirstName: 'Augusta' }),
      'POST auth/user-details': () => ({ token: renewed, sessId: sessionClaims().sessId }),
    });
    renderInApp(<SettingsPage />, '/settings', BILLING_CONFIG);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Profile' });
    const firstName = within(form).getByLabelText(/^First name/);
    expect((firstName as HTMLInputElement).value).toBe('Ada');
    await user.clear(firstName);
    await user.type(firstName, 'Augustaaaaaaa');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('Name must be at most 12 characters.')).toBeTruthy();
    expect(variablesOf(calls, `PUT auth/update-user/${USER_ID}`)).toEqual([]);
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.clear(within(form).getByLabelText(/^Job title/));
    await user.type(within(form).getByLabelText(/^Job title/), 'Analyst');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(variablesOf(calls, `PUT auth/update-user/${USER_ID}`)).toEqual([
      {
        firstName: 'Augusta',
        lastName: 'Lovelace',
        phone: '+44 20 7946 0000',
        jobTitle: 'Analyst',
      },
    ]);
    await vi.waitFor(() => expect(currentSession()?.claims.FirstName).toBe('Augusta'));
  });

  it('hides the billing sections from a member without billing rights', async () => {
    signIn({ Role: 'STAFF' });
    const calls = billingServer();
    renderInApp(<SettingsPage />, '/settings', BILLING_CONFIG);
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment cards' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
