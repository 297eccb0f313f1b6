// One-click revert of a run's applied changes, after a confirmation; offered only on runs the
// server calls revertible (finished, not dry, not yet reverted, with applied changes).
import { Button } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { RuleLogEntry } from '@tapwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { ReadOnlyHint } from './automation-access';
import { automationApi, automationKeys } from './automation-api';
import { automationFailureMessage, translatedAutomationMessage } from './automation-messages';

export function RevertButton({ entry, canWrite }: { entry: RuleLogEntry; canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const revert = useMutation({
    mutationFn: () => automationApi.revert(entry.id),
    onSuccess: (result) => {
      const skipped = result.skipped
        ? ` ${t('automation.logs.revertSkipped', { count: result.skipped })}`
        : '';
      notifySuccess(`${translatedAutomationMessage(result.successMessage)}${skipped}`);
      void queryClient.invalidateQueries({ queryKey: automationKeys.all });
    },
    onError: (error) => notifyError(automationFailureMessage(error, t('errors.requestFailed'))),
  });
  if (!entry.revertible) return null;

  async function confirmRevert() {
    const confirmed = await confirm({
      title: t('automation.logs.revertTitle'),
      message: t('automation.logs.revertMessage', { count: entry.applied }),
      icon: 2,
      okLabel: t('automation.logs.revert'),
    });
    if (confirmed) revert.mutate();
  }

  return (
    <ReadOnlyHint canWrite={canWrite}>
      <Button
        size="xs"
        variant="light"
        color="orange"
        leftSection={<IconArrowBackUp size={14} />}
        disabled={!canWrite}
        loading={revert.isPending}
        onClick={() => void confirmRevert()}
      >
        {t('automation.logs.revert')}
      </Button>
    </ReadOnlyHint>
  );
}
