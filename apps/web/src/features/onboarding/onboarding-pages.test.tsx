import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import OnboardForkPage from './onboard-fork-page';
import WelcomeMessagePage from './welcome-message-page';
import WelcomeSetupPage from './welcome-setup-page';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn({ FirstName: 'Nova' });
});
afterEach(() => vi.unstubAllGlobals());

/** The integration as the setup screen reads it: getIntegrationInfo and GET integration. */
function stubIntegration(info: { APPLE_SEARCH_ADS: boolean; firstSyncDone: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const body = String(url).includes('/graphql')
        ? {
            data: {
              getIntegrationInfo: {
                ...info,
                demoMode: false,
                invalid: false,
                historyLimited: false,
                integrationId: info.APPLE_SEARCH_ADS ? 'int-1' : null,
              },
            },
          }
        : { code: 1, data: { integration: null } };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
}

describe('the onboarding screens', { timeout: 20_000 }, () => {
  it('offers at the fork to connect Apple Ads now or to look around first', async () => {
    const router = renderInApp(<OnboardForkPage />, '/onboard-fork');
    await screen.findByRole('heading', { name: 'How would you like to start?' });
    expect(screen.getByRole('link', { name: 'Skip for now' }).getAttribute('href')).toBe(
      '/overview',
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Connect Apple Ads' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome-onboard'));
  });

  it('welcomes the member by name and leads on to the setup', async () => {
    const router = renderInApp(<WelcomeMessagePage />, '/welcome-onboard');
    await screen.findByRole('heading', { name: 'Welcome to Tapwise, Nova' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Let’s set up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome-onboard/setup'));
  });

  it('waits for the first sync before offering the overview', async () => {
    stubIntegration({ APPLE_SEARCH_ADS: true, firstSyncDone: false });
    renderInApp(<WelcomeSetupPage />, '/welcome-onboard/setup');
    await screen.findByTestId('setup-waiting');
    expect(screen.queryByRole('link', { name: 'Go to overview' })).toBeNull();
  });

  it('offers the overview and the tour once the first sync is done', async () => {
    stubIntegration({ APPLE_SEARCH_ADS: true, firstSyncDone: true });
    renderInApp(<WelcomeSetupPage />, '/welcome-onboard/setup');
    await screen.findByTestId('setup-done');
    expect(screen.getByRole('link', { name: 'Go to overview' }).getAttribute('href')).toBe(
      '/overview',
    );
    expect(screen.getByRole('link', { name: 'Take the tour' }).getAttribute('href')).toBe(
      '/overview?tour=true',
    );
  });
});
