import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSessionToApi } from '../auth/session/session-api';
import { initI18n } from '../../shared/i18n/i18n';
import { renderInApp, stubIntegrationInfo } from '../../test/render-app-page';
import { latestSocket } from '../../test/fake-socket';
import { signIn } from '../../test/session-fixtures';
import { QUIET_SYNC_RECHECK_MS } from '../sync/sync-status';
import { IntegrationGuard, integrationGuardState } from './integration-guard';
import type { IntegrationInfo } from './integrations-api';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const synced: IntegrationInfo = {
  APPLE_SEARCH_ADS: true,
  firstSyncDone: true,
  demoMode: false,
  invalid: false,
  historyLimited: false,
  integrationId: 'int-1',
};

describe('integration guard', () => {
  it('opens the page with a synced integration or in demo mode', () => {
    expect(integrationGuardState(synced)).toBe('open');
    expect(
      integrationGuardState({
        ...synced,
        APPLE_SEARCH_ADS: false,
        firstSyncDone: false,
        demoMode: true,
      }),
    ).toBe('open');
    expect(integrationGuardState(undefined)).toBe('open');
  });

  it('asks to integrate without one and to wait during the first sync', () => {
    expect(
      integrationGuardState({ ...synced, APPLE_SEARCH_ADS: false, firstSyncDone: false }),
    ).toBe('integrate');
    expect(integrationGuardState({ ...synced, firstSyncDone: false })).toBe('waitFirstSync');
  });

  it('shows the popup over the page, with the way to Integrations', async () => {
    stubIntegrationInfo({ APPLE_SEARCH_ADS: false, firstSyncDone: false, integrationId: null });
    const router = renderInApp(
      <IntegrationGuard>
        <h1>Overview</h1>
      </IntegrationGuard>,
    );
    expect(await screen.findByText(/This page needs your Apple Ads data/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to Integrations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations'));
  });

  it('asks to wait during the first sync and shows its progress', async () => {
    stubIntegrationInfo({ firstSyncDone: false });
    renderInApp(
      <IntegrationGuard>
        <h1>Ads Manager</h1>
      </IntegrationGuard>,
    );
    expect(await screen.findByText(/being synced for the first time/)).toBeTruthy();
    latestSocket().deliver('syncprogress:event', {
      syncId: 's1',
      done: false,
      mode: 'FIRST',
      progress: 35,
      lastSyncAt: null,
      error: null,
      errCode: null,
      resuming: false,
      bfrInfo: { firstSyncCD: true, dailySyncCD: 600 },
    });
    const bar = await screen.findByRole('progressbar', { name: 'Sync progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('35');
  });

  it('says the sync resumes while another worker takes it over', async () => {
    stubIntegrationInfo({ firstSyncDone: false });
    renderInApp(
      <IntegrationGuard>
        <h1>Ads Manager</h1>
      </IntegrationGuard>,
    );
    await screen.findByText(/being synced for the first time/);
    latestSocket().deliver('syncprogress:event', {
      syncId: 's1',
      done: false,
      mode: 'FIRST',
      progress: 30,
      lastSyncAt: null,
      error: null,
      errCode: null,
      resuming: true,
      bfrInfo: { firstSyncCD: true, dailySyncCD: 600 },
    });
    expect(await screen.findByText('Resuming the sync where it stopped…')).toBeTruthy();
  });

  it('asks for the state again when a running sync has been quiet for a while', async () => {
    stubIntegrationInfo({ firstSyncDone: false });
    renderInApp(
      <IntegrationGuard>
        <h1>Ads Manager</h1>
      </IntegrationGuard>,
    );
    await screen.findByText(/being synced for the first time/);
    const socket = latestSocket();
    socket.connectNow();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      // In act: the render and its effects (the recheck's interval) are done before time moves.
      await act(async () => {
        socket.deliver('syncprogress:event', {
          syncId: 's1',
          done: false,
          mode: 'FIRST',
          progress: 50,
          lastSyncAt: null,
          error: null,
          errCode: null,
          resuming: false,
          bfrInfo: { firstSyncCD: true, dailySyncCD: 600 },
        });
      });
      await screen.findByRole('progressbar', { name: 'Sync progress' });
      const checks = () =>
        socket.emitted.filter((entry) => entry.event === 'syncprogress:check').length;
      const before = checks();
      vi.advanceTimersByTime(QUIET_SYNC_RECHECK_MS * 2);
      expect(checks()).toBeGreaterThan(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows no popup once the first sync is done', async () => {
    const fetchMock = stubIntegrationInfo({});
    renderInApp(
      <IntegrationGuard>
        <h1>Automation Rules</h1>
      </IntegrationGuard>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('integration-guard')).toBeNull();
  });
});
