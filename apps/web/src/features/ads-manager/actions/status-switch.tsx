// The status cell's toggle: on is live (ENABLED), off is paused; confirmation first.
import { useFixedT } from '../../../shared/i18n/use-fixed-t';
import { ReadOnlyTooltip } from './read-only-tooltip';
import classes from './row-controls.module.css';
import type { RowActionProps } from './types';
import { useCanWrite } from './write-access';
import { useStatusChange } from './use-status-change';

export function StatusSwitch({ level, row, onChanged }: RowActionProps) {
  const t = useFixedT();
  const canWrite = useCanWrite();
  const { run, pendingFor, writable } = useStatusChange(level, { onChanged });
  const live = row.status !== 'PAUSED';
  if (!writable) return null;
  return (
    <ReadOnlyTooltip canWrite={canWrite}>
      <input
        type="checkbox"
        role="switch"
        className={classes.switch}
        checked={live}
        disabled={!canWrite || row.deleted || pendingFor(row) !== null}
        aria-label={t(live ? 'adsActions.pauseRow' : 'adsActions.resumeRow', { name: row.name })}
        onChange={() => void run([row], live ? 'pause' : 'resume')}
      />
    </ReadOnlyTooltip>
  );
}
