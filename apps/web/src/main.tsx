import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { buildRoutes } from './app/router';
import { connectSessionToApi } from './features/auth/session/session-api';
import { renewExpiredToken } from './features/auth/session/session-renewal';
import { ConfigLoadFailed } from './features/system/config-load-failed';
import { loadClientConfig } from './shared/api/client-config';
import { setApiBase } from './shared/api/http';
import { initI18n } from './shared/i18n/i18n';

const root = createRoot(document.getElementById('root')!);
await initI18n();

try {
  const config = await loadClientConfig();
  setApiBase(config.apiBase);
  connectSessionToApi();
  // A token that expired while the app was closed is renewed before the first page asks for data.
  await renewExpiredToken();
  document.title = config.siteName;
  const router = createBrowserRouter(buildRoutes());
  root.render(
    <StrictMode>
      <AppProviders config={config}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
} catch (error) {
  console.error('Unable to load the client configuration', error);
  root.render(
    <AppProviders>
      <ConfigLoadFailed />
    </AppProviders>,
  );
}
