// The application shell. Which parts show depends on the page (spec 1 §2, Navigation).
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { sessionCredentials } from '../../features/auth/session/session-api';
import { useSession } from '../../features/auth/session/use-session';
import { useSessionChangeRenewal } from '../../features/auth/session/use-session-change';
import { isLockedOut, useBillingStatus } from '../../features/billing/billing-status';
import {
  EnterpriseUpgradeDialog,
  useEntitlementErrors,
} from '../../features/billing/enterprise-upgrade';
import { InvalidIntegrationBanner } from '../../features/integrations/invalid-integration-banner';
import { GuidedTour } from '../../features/onboarding/guided-tour';
import { SyncStatusProvider } from '../../features/sync/sync-status';
import { useRealtimeConnection } from '../../shared/realtime/realtime-connection';
import { findPageRoute } from '../route-table';
import { PageLoader } from '../page-loader';
import { ImpersonationBanner } from './impersonation-banner';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

export function AppLayout() {
  const { pathname } = useLocation();
  const [navbarOpened, navbar] = useDisclosure(false);
  const session = useSession();
  const { status: billing } = useBillingStatus();
  const pageChrome = findPageRoute(pathname)?.chrome ?? { topBar: false, sidebar: false };
  // No sidebar while the plan is cancelled (spec 1 §2): nothing behind it would open.
  const chrome = {
    ...pageChrome,
    sidebar: pageChrome.sidebar && !isLockedOut(session, billing),
  };
  const teamId = session?.claims.TeamID ?? null;
  useRealtimeConnection(
    session ? `${session.claims.UserId}:${session.sessId}:${teamId}` : null,
    sessionCredentials,
  );
  useSessionChangeRenewal();
  useEntitlementErrors();

  return (
    <SyncStatusProvider teamId={teamId}>
      <AppShell
        header={chrome.topBar ? { height: 56 } : undefined}
        navbar={
          chrome.sidebar
            ? { width: { base: 240 }, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }
            : undefined
        }
        padding={0}
      >
        {chrome.topBar && (
          <AppShell.Header>
            <TopBar
              session={session}
              navbarOpened={navbarOpened}
              onToggleNavbar={navbar.toggle}
              showBurger={chrome.sidebar}
              billing={billing}
            />
          </AppShell.Header>
        )}
        {chrome.sidebar && (
          <AppShell.Navbar>
            <Sidebar session={session} features={billing.features} onNavigate={navbar.close} />
          </AppShell.Navbar>
        )}
        <AppShell.Main>
          {session?.adminToken && chrome.topBar && <ImpersonationBanner session={session} />}
          {session && chrome.topBar && <InvalidIntegrationBanner />}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
          {session && <GuidedTour />}
          <EnterpriseUpgradeDialog />
        </AppShell.Main>
      </AppShell>
    </SyncStatusProvider>
  );
}
