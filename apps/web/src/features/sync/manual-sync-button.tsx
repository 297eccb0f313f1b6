// The top bar's manual sync (invokeManualSync). Disabled while the first sync runs, while any
// sync runs and during the cooldown after the last one, with a tooltip saying why; it stays
// focusable so that keyboard users reach the reason too.
import { Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { ERROR_CODES } from '@tapwise/contracts';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/http';
import { useNow } from '../../shared/time/use-now';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { useIntegrationInfo } from '../integrations/use-integration-info';
import { syncApi } from './sync-api';
import { cooldownSecondsLeft, manualSyncBlock } from './sync-state';
import { useSyncStatus } from './sync-status';

/** The message of a refused manual sync, in the user's language where the code is known. */
export function syncRefusal(error: unknown, t: TFunction): string {
  const code = error instanceof ApiError ? error.body?.code : undefined;
  if (code === ERROR_CODES.SYNC_TOO_SOON) return t('sync.tooSoon');
  if (code === ERROR_CODES.INVALID_INTEGRATION) return t('integrations.invalidAddAgain');
  return t('errors.generic');
}

export function ManualSyncButton() {
  const { t } = useTranslation();
  const session = useSession();
  const info = useIntegrationInfo();
  const { state, check } = useSyncStatus();
  const now = useNow(1_000);
  const reasonId = useId();
  const sync = useMutation({
    mutationFn: syncApi.invokeManualSync,
    onSuccess: () => {
      notifySuccess(t('sync.started'));
      check();
    },
    onError: (error) => notifyError(syncRefusal(error, t)),
  });
  const block = manualSyncBlock({
    state,
    now,
    hasIntegration: info.data?.APPLE_SEARCH_ADS ?? false,
    integrationInvalid: info.data?.invalid ?? false,
    canWrite: hasPermission(session, 'integrations.write'),
  });
  const disabled = block !== null || sync.isPending;
  const reason = block
    ? t(`sync.blocked.${block}`, { minutes: Math.ceil(cooldownSecondsLeft(state, now) / 60) })
    : t('sync.hint');
  return (
    <>
      <Tooltip label={reason}>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconRefresh size={16} aria-hidden />}
          data-disabled={disabled || undefined}
          aria-disabled={disabled}
          aria-describedby={reasonId}
          loading={sync.isPending}
          onClick={() => {
            if (!disabled) sync.mutate();
          }}
          data-testid="manual-sync"
          data-block={block ?? undefined}
        >
          {t('topBar.sync')}
        </Button>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}
