// Pause, resume or delete rows of one level: confirmation (which the user may hide for next
// time, remembered per user), the write, the toast, and the rows in their new list.
import {
  type ReportLevel,
  type ReportRow,
  type StatusAction,
  type WriteRowResult,
} from '@tapwise/contracts';
import i18next from 'i18next';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { confirm } from '../../../shared/ui/confirm-dialog';
import { actionsApi } from './actions-api';
import type { OnChanged } from './types';
import { useWriteAccess } from './write-access';
import { adsMessage, notifyWriteFailure } from './write-feedback';
import { entityRef, statusFailureOf, writeLevelOf } from './write-levels';

/** The toggle and delete confirmations are hidden separately, and per user. */
export function hideNextTimeKey(action: StatusAction, userId: string): string {
  return `adsManager.${action === 'delete' ? 'delete' : 'toggle'}.${userId}`;
}

function askToConfirm(action: StatusAction, rows: ReportRow[], userId: string) {
  const count = rows.length;
  const what = count === 1 ? `"${rows[0]!.name}"` : i18next.t('adsActions.selectedRows', { count });
  return confirm({
    title: i18next.t(`adsActions.confirm.${action}Title`),
    message: i18next.t(`adsActions.confirm.${action}Message`, { what }),
    icon: action === 'delete' ? 1 : 2,
    okLabel: i18next.t(`adsActions.actions.${action}`),
    hideNextTimeKey: hideNextTimeKey(action, userId),
  });
}

function byAdAccount(rows: ReportRow[]): Map<number, ReportRow[]> {
  const groups = new Map<number, ReportRow[]>();
  for (const row of rows)
    groups.set(row.adAccountId, [...(groups.get(row.adAccountId) ?? []), row]);
  return groups;
}

export interface StatusChangeCallbacks {
  onChanged: OnChanged;
  /** Called when the change runs as a bulk action; its progress arrives on the socket. */
  onBulkStarted?(bulkActionId: string, rows: ReportRow[]): void;
}

/** A change on its way: the action and the rows it is for. */
interface RunningChange {
  action: StatusAction;
  rowIds: ReadonlySet<string>;
}

export function useStatusChange(level: ReportLevel, callbacks: StatusChangeCallbacks) {
  const { userId } = useWriteAccess();
  const [running, setRunning] = useState<RunningChange | null>(null);
  const writeLevel = writeLevelOf(level);

  function reportResults(rows: ReportRow[], action: StatusAction, results: WriteRowResult[]) {
    const failed = new Set(results.filter((result) => !result.ok).map((result) => result.id));
    const changed = rows.filter((row) => !failed.has(Number(row.id)));
    if (changed.length > 0) {
      notifySuccess(
        action === 'delete'
          ? adsMessage('deleted')
          : i18next.t(`adsActions.toasts.movedTo.${action}`),
      );
      // Reloaded rather than patched: the rows move lists and carry Apple's new modification
      // time, which the next change of the same row must send.
      callbacks.onChanged();
    }
    if (failed.size === 0) return;
    const message = adsMessage(statusFailureOf(writeLevel!, action));
    // With several rows, say which ones were not changed.
    const names = rows.filter((row) => failed.has(Number(row.id))).map((row) => row.name);
    notifyError(rows.length > 1 ? `${message}: ${names.join(', ')}` : message);
  }

  async function run(rows: ReportRow[], action: StatusAction): Promise<void> {
    if (!writeLevel || rows.length === 0) return;
    if (!(await askToConfirm(action, rows, userId))) return;
    const change = { action, rowIds: new Set(rows.map((row) => row.id)) };
    setRunning(change);
    try {
      // One write per ad account: a selection over an app's campaigns can span several.
      for (const [adAccountId, accountRows] of byAdAccount(rows)) {
        const result = await actionsApi.changeStatus({
          adAccountId,
          level: writeLevel,
          action,
          entities: accountRows.map(entityRef),
        });
        if (result.bulkActionId) callbacks.onBulkStarted?.(result.bulkActionId, accountRows);
        else reportResults(accountRows, action, result.results);
      }
    } catch (error) {
      notifyWriteFailure(error, statusFailureOf(writeLevel, action), () => callbacks.onChanged());
    } finally {
      // A row control shows one row after another as the table scrolls: it may have started
      // another change meanwhile.
      setRunning((current) => (current === change ? null : current));
    }
  }

  return {
    run,
    /** The action on its way, if any. */
    pending: running?.action ?? null,
    /** The action on its way for this row, if any. */
    pendingFor: (row: ReportRow) => (running?.rowIds.has(row.id) ? running.action : null),
    writable: writeLevel !== null,
  };
}
