// The `syncprogress:event` payload (spec 2 §3.6) from the latest sync run of a company.
import {
  INVALID_INTEGRATION,
  MANUAL_SYNC_COOLDOWN_SECONDS,
  SOCKET_EVENTS,
  type SyncProgressEvent,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import type { RealtimeEmitter } from '../../platform/realtime/socket-events';
import { lastFinishedSyncAt, latestSyncRun, type SyncRun } from './sync.repository';

/** Seconds until a manual sync is allowed after `latest` started; 0 when allowed. */
export function manualSyncCooldown(latest: SyncRun | null, now: Date): number {
  if (!latest) return 0;
  if (latest.status === 'RUNNING') return MANUAL_SYNC_COOLDOWN_SECONDS;
  const elapsed = (now.getTime() - latest.startedAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(MANUAL_SYNC_COOLDOWN_SECONDS - elapsed));
}

export function progressEventOf(
  run: SyncRun | null,
  lastSyncAt: Date | null,
  now: Date,
): SyncProgressEvent {
  return {
    syncId: run?.id ?? null,
    done: !run || run.status !== 'RUNNING',
    mode: run?.mode ?? null,
    progress: run?.progress ?? 0,
    lastSyncAt: lastSyncAt?.toISOString() ?? null,
    error: run?.error ?? null,
    errCode: run?.errCode === INVALID_INTEGRATION ? INVALID_INTEGRATION : null,
    resuming: run?.status === 'RUNNING' && run.resumingSince !== null,
    bfrInfo: {
      firstSyncCD: run?.mode === 'FIRST' && run.status === 'RUNNING',
      dailySyncCD: manualSyncCooldown(run, now),
    },
  };
}

export async function currentProgressEvent(db: Database, teamId: string) {
  return progressEventOf(
    await latestSyncRun(db, teamId),
    await lastFinishedSyncAt(db, teamId),
    new Date(),
  );
}

export async function emitProgress(db: Database, realtime: RealtimeEmitter, teamId: string) {
  realtime.toTeam(teamId, SOCKET_EVENTS.syncProgress, await currentProgressEvent(db, teamId));
}
