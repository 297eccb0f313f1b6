import type { SyncProgressEvent } from '@tapwise/contracts';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_SYNC_STATE,
  PROGRESS_LINGER_MS,
  applySyncEvent,
  cooldownSecondsLeft,
  manualSyncBlock,
  progressVisible,
  type ManualSyncContext,
} from './sync-state';

const NOW = Date.parse('2026-03-01T12:00:00Z');

function event(overrides: Partial<SyncProgressEvent> = {}): SyncProgressEvent {
  return {
    syncId: 'sync-1',
    done: false,
    mode: 'FIRST',
    progress: 40,
    lastSyncAt: null,
    error: null,
    errCode: null,
    resuming: false,
    bfrInfo: { firstSyncCD: true, dailySyncCD: 600 },
    ...overrides,
  };
}

const finished = event({
  done: true,
  progress: 100,
  lastSyncAt: '2026-03-01T11:59:00Z',
  bfrInfo: { firstSyncCD: false, dailySyncCD: 480 },
});

describe('sync progress state', () => {
  it('follows a running first sync', () => {
    const { state, firstSyncFinished } = applySyncEvent(INITIAL_SYNC_STATE, event(), NOW, false);
    expect(state).toMatchObject({ running: true, progress: 40, firstSyncRunning: true });
    expect(firstSyncFinished).toBe(false);
  });

  it('says a sync resumes while another worker takes it over, and not once it ended', () => {
    const resuming = applySyncEvent(INITIAL_SYNC_STATE, event({ resuming: true }), NOW, false);
    expect(resuming.state).toMatchObject({ running: true, progress: 40, resuming: true });
    const moving = applySyncEvent(resuming.state, event({ progress: 45 }), NOW + 1_000, false);
    expect(moving.state.resuming).toBe(false);
    const ended = applySyncEvent(resuming.state, { ...finished, resuming: true }, NOW, false);
    expect(ended.state.resuming).toBe(false);
  });

  it('announces the data-pulled moment when a watched first sync reaches 100', () => {
    const running = applySyncEvent(INITIAL_SYNC_STATE, event(), NOW, false).state;
    const { state, firstSyncFinished } = applySyncEvent(running, finished, NOW + 5_000, false);
    expect(firstSyncFinished).toBe(true);
    expect(state).toMatchObject({ running: false, progress: 100, finishedAt: NOW + 5_000 });
    expect(state.lastSyncAt).toBe('2026-03-01T11:59:00Z');
  });

  it('does not announce a first sync that ended before the page opened', () => {
    expect(applySyncEvent(INITIAL_SYNC_STATE, finished, NOW, false).firstSyncFinished).toBe(false);
  });

  it('announces it when the refetch flag still waits for it', () => {
    expect(applySyncEvent(INITIAL_SYNC_STATE, finished, NOW, true).firstSyncFinished).toBe(true);
  });

  it('never announces a failed first sync or another mode reaching 100', () => {
    const running = applySyncEvent(INITIAL_SYNC_STATE, event(), NOW, true).state;
    const failed = event({ done: true, progress: 100, error: 'Sync failed; it will be retried.' });
    expect(applySyncEvent(running, failed, NOW, true).firstSyncFinished).toBe(false);
    const manual = { ...finished, mode: 'MANUAL' as const };
    expect(applySyncEvent(running, manual, NOW, true).firstSyncFinished).toBe(false);
  });

  it('keeps the bar at 100 for a moment after a sync ends, then hides it', () => {
    const running = applySyncEvent(INITIAL_SYNC_STATE, event(), NOW, false).state;
    expect(progressVisible(running, NOW)).toBe(true);
    const done = applySyncEvent(running, finished, NOW, false).state;
    expect(progressVisible(done, NOW + PROGRESS_LINGER_MS - 1)).toBe(true);
    expect(progressVisible(done, NOW + PROGRESS_LINGER_MS)).toBe(false);
    expect(progressVisible(INITIAL_SYNC_STATE, NOW)).toBe(false);
  });

  it('marks the state invalid on INVALID_INTEGRATION', () => {
    const invalid = event({ done: true, errCode: 'INVALID_INTEGRATION', error: 'revoked' });
    expect(applySyncEvent(INITIAL_SYNC_STATE, invalid, NOW, false).state.invalid).toBe(true);
  });
});

describe('manual sync button state', () => {
  const idle = applySyncEvent(
    INITIAL_SYNC_STATE,
    { ...finished, mode: 'DAILY', bfrInfo: { firstSyncCD: false, dailySyncCD: 0 } },
    NOW,
    false,
  ).state;
  const context = (overrides: Partial<ManualSyncContext> = {}): ManualSyncContext => ({
    state: idle,
    now: NOW,
    hasIntegration: true,
    integrationInvalid: false,
    canWrite: true,
    ...overrides,
  });

  it('is enabled when the last sync is older than the cooldown', () => {
    expect(manualSyncBlock(context())).toBeNull();
  });

  it('is disabled while the first sync runs', () => {
    const firstSync = applySyncEvent(INITIAL_SYNC_STATE, event(), NOW, false).state;
    expect(manualSyncBlock(context({ state: firstSync }))).toBe('firstSync');
  });

  it('is disabled during the cooldown and enabled again when it has passed', () => {
    const cooling = applySyncEvent(INITIAL_SYNC_STATE, finished, NOW, false).state;
    expect(manualSyncBlock(context({ state: cooling }))).toBe('cooldown');
    expect(cooldownSecondsLeft(cooling, NOW + 60_000)).toBe(420);
    expect(manualSyncBlock(context({ state: cooling, now: NOW + 479_000 }))).toBe('cooldown');
    expect(manualSyncBlock(context({ state: cooling, now: NOW + 480_000 }))).toBeNull();
  });

  it('says why when there is no integration, it is invalid or the role cannot write', () => {
    expect(manualSyncBlock(context({ hasIntegration: false }))).toBe('noIntegration');
    expect(manualSyncBlock(context({ integrationInvalid: true }))).toBe('invalid');
    expect(manualSyncBlock(context({ canWrite: false }))).toBe('noPermission');
  });

  it('is disabled while a daily or manual sync runs', () => {
    const daily = applySyncEvent(
      INITIAL_SYNC_STATE,
      event({ mode: 'DAILY', bfrInfo: { firstSyncCD: false, dailySyncCD: 600 } }),
      NOW,
      false,
    ).state;
    expect(manualSyncBlock(context({ state: daily }))).toBe('running');
  });
});
