import { MantineProvider, type MantineProviderProps } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ClientConfig } from '@tapwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { SessionRenewal } from '../features/auth/session/use-session';
import { ClientConfigProvider } from '../shared/api/client-config';
import { theme } from './theme';

export function AppProviders({
  config,
  mantineEnv,
  children,
}: {
  config?: ClientConfig;
  /** 'test' under jsdom, which has no layout: no transitions, portals or hiding by position. */
  mantineEnv?: MantineProviderProps['env'];
  children: ReactNode;
}) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000 } } }),
  );
  const content = (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <Notifications position="top-right" limit={5} />
        <SessionRenewal>{children}</SessionRenewal>
      </ModalsProvider>
    </QueryClientProvider>
  );
  return (
    <MantineProvider theme={theme} env={mantineEnv}>
      {config ? <ClientConfigProvider config={config}>{content}</ClientConfigProvider> : content}
    </MantineProvider>
  );
}
