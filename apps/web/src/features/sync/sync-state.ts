// What the `syncprogress:event` stream means for the interface (spec 1 §4 "Integration sync"):
// whether a sync runs and how far, when the last one ended, when a manual sync is allowed
// again, and the moment a first sync has pulled its data.
import { FIRST_SYNC_MODE, INVALID_INTEGRATION, type SyncProgressEvent } from '@tapwise/contracts';

export interface SyncState {
  syncId: string | null;
  mode: SyncProgressEvent['mode'];
  running: boolean;
  /** 0 to 100. */
  progress: number;
  lastSyncAt: string | null;
  firstSyncRunning: boolean;
  /** Epoch milliseconds from which a manual sync is allowed (the server's dailySyncCD). */
  manualSyncAllowedAt: number;
  /** The last sync stopped because the integration is no longer valid. */
  invalid: boolean;
  error: string | null;
  /** Its worker was lost or stopped: another one resumes it from its last checkpoint. */
  resuming: boolean;
  /** When this client saw the last sync end (epoch ms): the bar stays at 100 for a moment. */
  finishedAt: number | null;
}

/** How long the progress bar stays at 100 after a sync ended. */
export const PROGRESS_LINGER_MS = 4_000;

export const INITIAL_SYNC_STATE: SyncState = {
  syncId: null,
  mode: null,
  running: false,
  progress: 0,
  lastSyncAt: null,
  firstSyncRunning: false,
  manualSyncAllowedAt: 0,
  invalid: false,
  error: null,
  resuming: false,
  finishedAt: null,
};

export interface SyncTransition {
  state: SyncState;
  /** This event completed a first sync: the data is pulled (refetch, toast, clear the flag). */
  firstSyncFinished: boolean;
}

/**
 * The state after an event. A first sync counts as finished when it reaches 100 without error
 * and this client either watched it run or still waits for it (the refetch flag), so a page
 * opened long after it ended does not announce it again.
 */
export function applySyncEvent(
  previous: SyncState,
  event: SyncProgressEvent,
  now: number,
  refetchRequired: boolean,
): SyncTransition {
  const progress = Math.min(100, Math.max(0, Math.round(event.progress)));
  const state: SyncState = {
    syncId: event.syncId,
    mode: event.mode,
    running: !event.done,
    progress,
    lastSyncAt: event.lastSyncAt,
    firstSyncRunning: event.bfrInfo.firstSyncCD,
    manualSyncAllowedAt: now + Math.max(0, event.bfrInfo.dailySyncCD) * 1000,
    invalid: event.errCode === INVALID_INTEGRATION,
    error: event.error,
    resuming: !event.done && event.resuming === true,
    finishedAt: previous.running && event.done ? now : previous.finishedAt,
  };
  const completedFirst =
    event.mode === FIRST_SYNC_MODE && event.done && progress === 100 && !event.error;
  const watched = previous.running && previous.syncId === event.syncId;
  return { state, firstSyncFinished: completedFirst && (watched || refetchRequired) };
}

/** Whether the top bar shows the progress: while a sync runs and briefly after it ended. */
export function progressVisible(state: SyncState, now: number): boolean {
  return (
    state.running || (state.finishedAt !== null && now - state.finishedAt < PROGRESS_LINGER_MS)
  );
}

/** Seconds until a manual sync is allowed; 0 when it is. */
export function cooldownSecondsLeft(state: SyncState, now: number): number {
  return Math.max(0, Math.ceil((state.manualSyncAllowedAt - now) / 1000));
}

export type ManualSyncBlock =
  'noIntegration' | 'invalid' | 'noPermission' | 'firstSync' | 'running' | 'cooldown';

export interface ManualSyncContext {
  state: SyncState;
  now: number;
  hasIntegration: boolean;
  integrationInvalid: boolean;
  canWrite: boolean;
}

/** Why the manual sync button is disabled, or null when it may be pressed. */
export function manualSyncBlock(context: ManualSyncContext): ManualSyncBlock | null {
  const { state, now } = context;
  if (!context.hasIntegration) return 'noIntegration';
  if (context.integrationInvalid || state.invalid) return 'invalid';
  if (!context.canWrite) return 'noPermission';
  if (state.firstSyncRunning) return 'firstSync';
  if (state.running) return 'running';
  if (cooldownSecondsLeft(state, now) > 0) return 'cooldown';
  return null;
}
