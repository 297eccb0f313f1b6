// Renders a piece of the signed-in app the way the layout hosts it: providers, router, the
// sync status fed by the (fake) socket.
import { render } from '@testing-library/react';
import type { ClientConfig } from '@tapwise/contracts';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { SyncStatusProvider } from '../features/sync/sync-status';
import { connectRealtime } from '../shared/realtime/realtime-connection';

const config: ClientConfig = {
  apiBase: '',
  siteName: 'Tapwise',
  inviteDomainAllowlist: [],
  appVersion: 'v1.0.159',
  betaSignupUrl: '/login',
  appleAdsCustomUrls: true,
  billing: null,
};

export function renderInApp(
  element: ReactNode,
  path = '/overview',
  configOverrides: Partial<ClientConfig> = {},
) {
  connectRealtime(null, () => null);
  connectRealtime(`test-${Math.random()}`, () => ({ token: 't', sessId: 's' }));
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <SyncStatusProvider teamId="team-1">{element}</SyncStatusProvider>,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders config={{ ...config, ...configOverrides }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** Answers every GraphQL call with getIntegrationInfo. */
export function stubIntegrationInfo(info: Record<string, unknown>) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(
        JSON.stringify({
          data: {
            getIntegrationInfo: {
              APPLE_SEARCH_ADS: true,
              firstSyncDone: true,
              demoMode: false,
              invalid: false,
              historyLimited: false,
              integrationId: 'int-1',
              ...info,
            },
          },
        }),
        { status: 200 },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
