// Which component renders each page. Pages load on demand so /login stays small.
import type { ReactElement } from 'react';
import { lazyPage } from './lazy-page';
import type { PageKey } from './route-table';

const LoginPage = lazyPage(() => import('../features/auth/login-page'));
const LogoutPage = lazyPage(() => import('../features/auth/logout-page'));
const PageEmptyState = lazyPage(() => import('../features/system/page-empty-state'));
const CallbackPage = lazyPage(() => import('../features/system/callback-page'));

const CALLBACK_PAGES = new Set<PageKey>([
  'appleAdsCallback',
  'appleAdsOnboardCallback',
  'slackCallback',
  'billingCallback',
]);

export function renderPage(page: PageKey): ReactElement {
  switch (page) {
    case 'login':
      return <LoginPage />;
    case 'logout':
      return <LogoutPage />;
    default:
      return CALLBACK_PAGES.has(page) ? (
        <CallbackPage page={page} />
      ) : (
        <PageEmptyState page={page} />
      );
  }
}
