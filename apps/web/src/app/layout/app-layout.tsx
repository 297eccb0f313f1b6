// The application shell. Which parts show depends on the page (spec 1 §2, Navigation).
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { findPageRoute } from '../route-table';
import { PageLoader } from '../page-loader';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

export function AppLayout() {
  const { pathname } = useLocation();
  const [navbarOpened, navbar] = useDisclosure(false);
  const chrome = findPageRoute(pathname)?.chrome ?? { topBar: false, sidebar: false };

  return (
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
            navbarOpened={navbarOpened}
            onToggleNavbar={navbar.toggle}
            showBurger={chrome.sidebar}
          />
        </AppShell.Header>
      )}
      {chrome.sidebar && (
        <AppShell.Navbar>
          <Sidebar role={undefined} onNavigate={navbar.close} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
