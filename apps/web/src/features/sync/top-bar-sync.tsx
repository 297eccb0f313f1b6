// The sync part of the top bar (spec 1 §2): manual sync, progress, last-sync time and the
// currency of the ad accounts.
import { Badge, Group, Text } from '@mantine/core';
import { DEFAULT_CURRENCY } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../shared/time/use-now';
import { integrationKeys } from '../integrations/integrations-api';
import { useIntegrationInfo } from '../integrations/use-integration-info';
import { lastSyncLabel } from './last-sync-label';
import { ManualSyncButton } from './manual-sync-button';
import { syncApi } from './sync-api';
import { SyncProgressIndicator } from './sync-progress-indicator';
import { useSyncStatus } from './sync-status';

function LastSyncTime() {
  const { t, i18n } = useTranslation();
  const { state } = useSyncStatus();
  const now = useNow(30_000);
  return (
    <Text
      size="xs"
      c="dimmed"
      visibleFrom="md"
      data-testid="last-sync"
      style={{ whiteSpace: 'nowrap' }}
    >
      {state.lastSyncAt
        ? t('sync.lastSync', { time: lastSyncLabel(state.lastSyncAt, now, i18n.language) })
        : t('topBar.neverSynced')}
    </Text>
  );
}

function CurrencyBadge() {
  const { t } = useTranslation();
  const info = useIntegrationInfo();
  const currency = useQuery({
    queryKey: integrationKeys.currency,
    queryFn: syncApi.currencyInfo,
    enabled: info.data?.APPLE_SEARCH_ADS === true,
  });
  return (
    <Badge
      variant="outline"
      color="gray"
      aria-label={t('topBar.currency')}
      data-testid="currency"
      style={{ flexShrink: 0 }}
    >
      {currency.data?.currency ?? DEFAULT_CURRENCY}
    </Badge>
  );
}

export function TopBarSync() {
  return (
    <Group gap="xs" wrap="nowrap">
      <SyncProgressIndicator />
      <ManualSyncButton />
      <LastSyncTime />
      <CurrencyBadge />
    </Group>
  );
}
