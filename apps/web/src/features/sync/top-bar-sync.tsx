// The sync part of the top bar (spec 1 §2): manual sync, progress, last-sync time and the
// reporting currency.
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../shared/time/use-now';
import { CurrencyPicker } from '../currency/currency-picker';
import { lastSyncLabel } from './last-sync-label';
import { ManualSyncButton } from './manual-sync-button';
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

export function TopBarSync() {
  return (
    <Group gap="xs" wrap="nowrap">
      <SyncProgressIndicator />
      <ManualSyncButton />
      <LastSyncTime />
      <CurrencyPicker />
    </Group>
  );
}
