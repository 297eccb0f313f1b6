// Deleting the integration (spec 1 §4): confirmed in the dialog with the delete icon, run as a
// job whose `delInt:process` events move the progress, ending with "Integration deleted
// successfully". Its data goes with it, so every query is refetched.
import { Button, Group, Progress, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { SOCKET_EVENTS } from '@tapwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSocketEvent } from '../../shared/realtime/use-socket-event';
import { STORAGE_KEYS, removeStored } from '../../shared/storage/browser-storage';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { integrationsApi, type Integration } from './integrations-api';

export function DeleteIntegrationButton({ integration }: { integration: Integration }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(integration.deleting ? 0 : null);
  const remove = useMutation({
    mutationFn: () => integrationsApi.remove(integration.id),
    onSuccess: () => setProgress((current) => current ?? 0),
    onError: () => notifyError(t('errors.deleteFailed')),
  });

  useSocketEvent(SOCKET_EVENTS.integrationDeletion, (event) => {
    if (event.integrationId !== integration.id) return;
    if (event.error) {
      notifyError(t('errors.deleteFailed'));
      setProgress(null);
      return;
    }
    setProgress(event.progress);
    if (event.done) {
      notifySuccess(t('integrations.deleted'));
      removeStored(STORAGE_KEYS.isRefetchRequired);
      void queryClient.invalidateQueries();
    }
  });

  async function confirmDelete() {
    const confirmed = await confirm({
      title: t('integrations.deleteTitle'),
      message: t('integrations.deleteMessage'),
      icon: 1,
      okLabel: t('integrations.delete'),
    });
    if (confirmed) remove.mutate();
  }

  if (progress !== null) {
    return (
      <Group gap="xs" wrap="nowrap" data-testid="integration-deletion">
        <Text size="sm">{t('integrations.deleting')}</Text>
        <Progress value={progress} w={120} aria-label={t('integrations.deleting')} />
      </Group>
    );
  }
  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconTrash size={16} aria-hidden />}
      loading={remove.isPending}
      onClick={() => void confirmDelete()}
    >
      {t('integrations.delete')}
    </Button>
  );
}
