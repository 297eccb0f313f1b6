// The integration guard of spec 1 §6: overview, ads manager and automation rules need a synced
// Apple Ads integration unless in demo mode; otherwise a popup asks to integrate or to wait for
// the first sync. The page stays underneath with its own empty state.
import { Button, Group, Modal, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglass, IconPlugConnected } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSyncStatus } from '../sync/sync-status';
import type { IntegrationInfo } from './integrations-api';
import { useIntegrationInfo } from './use-integration-info';

export type IntegrationGuardState = 'open' | 'integrate' | 'waitFirstSync';

/** What the guard shows; while the info is unknown (loading, failed) the page simply opens. */
export function integrationGuardState(info: IntegrationInfo | undefined): IntegrationGuardState {
  if (!info || info.demoMode) return 'open';
  if (!info.APPLE_SEARCH_ADS) return 'integrate';
  if (!info.firstSyncDone) return 'waitFirstSync';
  return 'open';
}

function WaitForFirstSync() {
  const { t } = useTranslation();
  const { state } = useSyncStatus();
  return (
    <>
      <Text>{t('integrationGuard.waitMessage')}</Text>
      {state.running && (
        <Progress value={state.progress} w="100%" aria-label={t('sync.progress')} />
      )}
      {state.running && state.resuming && (
        <Text size="sm" c="dimmed">
          {t('sync.resuming')}
        </Text>
      )}
    </>
  );
}

export function IntegrationGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const info = useIntegrationInfo();
  const [dismissed, setDismissed] = useState(false);
  const guard = integrationGuardState(info.data);
  const close = () => setDismissed(true);
  return (
    <>
      {children}
      <Modal
        opened={guard !== 'open' && !dismissed}
        onClose={close}
        centered
        size={350}
        title={t(
          guard === 'waitFirstSync'
            ? 'integrationGuard.waitTitle'
            : 'integrationGuard.integrateTitle',
        )}
      >
        <Stack align="center" ta="center" gap="md" data-testid="integration-guard">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            {guard === 'waitFirstSync' ? (
              <IconHourglass size={30} />
            ) : (
              <IconPlugConnected size={30} />
            )}
          </ThemeIcon>
          {guard === 'waitFirstSync' ? (
            <WaitForFirstSync />
          ) : (
            <Text>{t('integrationGuard.integrateMessage')}</Text>
          )}
          <Group justify="center" w="100%">
            {guard === 'integrate' ? (
              <>
                <Button variant="default" onClick={close}>
                  {t('integrationGuard.notNow')}
                </Button>
                <Button component={Link} to="/integrations" data-autofocus>
                  {t('empty.needsIntegration.action')}
                </Button>
              </>
            ) : (
              <Button onClick={close} data-autofocus>
                {t('confirm.ok')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
