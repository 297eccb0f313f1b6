// The kill switches: admins stop (and restart) all of their company's automation from the page
// header, after a confirmation when stopping; everyone sees a banner while the company's or
// Tapwise's global switch holds every rule change back.
import { Alert, Stack, Switch } from '@mantine/core';
import { IconHandStop } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { automationApi, automationKeys } from './automation-api';
import { automationMessage } from './automation-messages';

export function useAutomationSafety() {
  return useQuery({ queryKey: automationKeys.safety, queryFn: automationApi.safety });
}

export function KillSwitchControl() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const safety = useAutomationSafety();
  const change = useMutation({
    mutationFn: automationApi.setKillSwitch,
    onSuccess: (next) => {
      queryClient.setQueryData(automationKeys.safety, next);
      notifySuccess(t(next.killSwitch ? 'automation.safety.stopped' : 'automation.safety.resumed'));
    },
    onError: () => notifyError(t('automation.safety.failed')),
  });

  async function toggle(on: boolean) {
    if (on) {
      const confirmed = await confirm({
        title: t('automation.safety.confirmTitle'),
        message: t('automation.safety.confirmMessage'),
        icon: 2,
        okLabel: t('automation.safety.confirmOk'),
      });
      if (!confirmed) return;
    }
    change.mutate(on);
  }

  return (
    <Switch
      color="red"
      label={t('automation.safety.stopAll')}
      checked={safety.data?.killSwitch ?? false}
      disabled={!safety.data || change.isPending}
      onChange={(event) => void toggle(event.currentTarget.checked)}
    />
  );
}

export function KillSwitchBanner() {
  const { t } = useTranslation();
  const safety = useAutomationSafety();
  if (!safety.data?.killSwitch && !safety.data?.globalKillSwitch) return null;
  return (
    <Stack gap="xs" data-testid="kill-switch-banner">
      {safety.data.globalKillSwitch && (
        <Alert color="red" icon={<IconHandStop size={18} />} title={t('automation.safety.title')}>
          {automationMessage('globalKillSwitchOn')}
        </Alert>
      )}
      {safety.data.killSwitch && (
        <Alert
          color="orange"
          icon={<IconHandStop size={18} />}
          title={t('automation.safety.title')}
        >
          {automationMessage('killSwitchOn')}
        </Alert>
      )}
    </Stack>
  );
}
