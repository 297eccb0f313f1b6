import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSessionToApi } from '../features/auth/session/session-api';
import { changeLocale, initI18n } from '../shared/i18n/i18n';
import { stubIntegrationInfo } from '../test/render-app-page';
import { fakeToken, sessionClaims, signIn } from '../test/session-fixtures';
import { AppProviders } from './providers';
import { buildRoutes } from './router';

const config = {
  apiBase: '',
  siteName: 'Tapwise',
  inviteDomainAllowlist: [],
  appVersion: 'v1.0.159',
  betaSignupUrl: '/login',
  appleAdsCustomUrls: true,
  billing: null,
};

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <AppProviders config={config}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('app shell', () => {
  it('sends / to the login page', async () => {
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Sign in to Tapwise' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an unknown path to the login page', async () => {
    const router = renderAt('/definitely/not/a/page');
    expect(await screen.findByRole('heading', { name: 'Sign in to Tapwise' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-out visitor of the overview to the login page', async () => {
    const router = renderAt('/overview');
    expect(await screen.findByRole('heading', { name: 'Sign in to Tapwise' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the sidebar, the UTC note and an honest empty state on the overview', async () => {
    signIn();
    stubIntegrationInfo({ APPLE_SEARCH_ADS: false, firstSyncDone: false, integrationId: null });
    renderAt('/overview');
    // The overview's chunk is large for jsdom to load the first time.
    expect(
      await screen.findByRole('heading', { name: 'Overview' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('utc-note').textContent).toBe('All data is in UTC');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(await screen.findByText('No Apple Ads data yet')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/coming soon/i);
  }, 15_000);

  it('shows the signed-in user in the top bar: initials and organisation', async () => {
    signIn({ FirstName: 'Grace', LastName: 'Hopper', CompanyName: 'Compilers Inc' });
    renderAt('/overview');
    expect((await screen.findByRole('button', { name: 'Profile menu' })).textContent).toBe('GH');
    expect(screen.getByTestId('organisation-switcher').textContent).toContain('Compilers Inc');
  });

  it('sends a member without the permission of a page back to the overview', async () => {
    signIn({ Role: 'STAFF' });
    const router = renderAt('/team-management');
    await screen.findByRole('heading', { name: 'Overview' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/overview');
  }, 15_000);

  it('passes an integration callback through to its page with the query string', async () => {
    signIn();
    const router = renderAt('/sa-integration/auth/cb?state=abc');
    await screen.findByRole('heading', { name: 'Integrations' });
    expect(router.state.location.pathname).toBe('/integrations');
    expect(router.state.location.search).toBe('?state=abc');
  });

  it('signs in and continues to profile completion when the user has no company yet', async () => {
    const claims = sessionClaims({ TeamID: null, Role: null, permissions: [], teams: [] });
    const fetchMock = answer(200, {
      code: 0,
      data: { token: fakeToken(claims), sessId: claims.sessId, user: claims, onboarded: false },
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Complete your profile' });
    expect(router.state.location.pathname).toBe('/onboard');
    expect(window.localStorage.getItem('sessId')).toBe(claims.sessId);
  });

  it('says so when sign-in attempts are rate limited', async () => {
    vi.stubGlobal('fetch', answer(429, { code: 14, error: 'RATE_LIMITED', message: 'Slow down' }));
    renderAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  });

  it('checks the profile with the contracts rules and shows their messages', async () => {
    signIn({ TeamID: null, Role: null, permissions: [], teams: [], FirstName: '', Phone: '' });
    vi.stubGlobal('fetch', answer(500, {}));
    renderAt('/onboard');
    const user = userEvent.setup();
    const firstName = await screen.findByLabelText(/First name/);
    await user.type(firstName, 'Maximilianusz');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Name must be at most 12 characters.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await waitFor(() => expect(vi.mocked(fetch)).not.toHaveBeenCalled());
  });

  it('renders in the chosen language', async () => {
    await changeLocale('de');
    try {
      renderAt('/login');
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading.textContent).not.toBe('Sign in to Tapwise');
      expect(window.localStorage.getItem('locale')).toBe('de');
    } finally {
      await changeLocale('en');
    }
  });
});
