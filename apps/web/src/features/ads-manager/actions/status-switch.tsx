// The status cell's toggle: on is live (ENABLED), off is paused; confirmation first.
import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReadOnlyTooltip } from './read-only-tooltip';
import type { RowActionProps } from './types';
import { useCanWrite } from './use-can-write';
import { useStatusChange } from './use-status-change';

export function StatusSwitch({ level, row, onChanged }: RowActionProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const { run, pending, writable } = useStatusChange(level, { onChanged });
  const live = row.status !== 'PAUSED';
  if (!writable) return null;
  return (
    <ReadOnlyTooltip canWrite={canWrite}>
      <Switch
        size="xs"
        checked={live}
        disabled={!canWrite || row.deleted || pending !== null}
        aria-label={t(live ? 'adsActions.pauseRow' : 'adsActions.resumeRow', { name: row.name })}
        onChange={() => void run([row], live ? 'pause' : 'resume')}
      />
    </ReadOnlyTooltip>
  );
}
