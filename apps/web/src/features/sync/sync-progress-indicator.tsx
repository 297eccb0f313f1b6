// The sync progress at the top right (spec 1 §4): 0 to 100 while a sync runs, kept at 100 for a
// moment when it ends; while another worker takes over a sync whose worker was lost, it says so.
import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../shared/time/use-now';
import { progressVisible } from './sync-state';
import { useSyncStatus } from './sync-status';

export function SyncProgressIndicator() {
  const { t } = useTranslation();
  const { state } = useSyncStatus();
  const now = useNow(1_000);
  if (!progressVisible(state, now)) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="sync-progress">
      <Progress
        value={state.progress}
        w={88}
        size="md"
        animated={state.running}
        aria-label={t('sync.progress')}
      />
      <Text size="xs" c="dimmed" w={34}>
        {state.progress}%
      </Text>
      {state.resuming && (
        <Text size="xs" c="dimmed" data-testid="sync-resuming">
          {t('sync.resuming')}
        </Text>
      )}
    </Group>
  );
}
