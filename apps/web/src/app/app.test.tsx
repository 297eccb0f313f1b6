import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, initI18n } from '../shared/i18n/i18n';
import { AppProviders } from './providers';
import { buildRoutes } from './router';

const config = {
  apiBase: '',
  siteName: 'Tapwise',
  inviteDomainAllowlist: [],
  appVersion: 'v1.0.159',
  betaSignupUrl: '/login',
};

beforeAll(async () => {
  await initI18n('en');
});

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

  it('shows the sidebar, the UTC note and an honest empty state on the overview', async () => {
    renderAt('/overview');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeTruthy();
    expect(screen.getByTestId('utc-note').textContent).toBe('All data is in UTC');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByText('No Apple Ads data yet')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/coming soon/i);
  });

  it('passes an integration callback through to its page with the query string', async () => {
    const router = renderAt('/sa-integration/auth/cb?state=abc');
    await screen.findByRole('heading', { name: 'Integrations' });
    expect(router.state.location.pathname).toBe('/integrations');
    expect(router.state.location.search).toBe('?state=abc');
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
