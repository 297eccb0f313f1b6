import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeGraphql } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { ActivityLogActions, CompanyToolsModal } from './company-tools';
import type { MockData, StaffCompany } from './staff-api';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn({ Role: 'SUPERADMIN' });
});
afterEach(() => vi.unstubAllGlobals());

const COMPANY: StaffCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Acme',
  isDisabled: false,
  memberCount: 2,
  createdAt: '2026-01-01T00:00:00Z',
  trialEndsAt: null,
  lastSignInAt: null,
  dataRetentionDays: 365,
  logRetentionDays: null,
};
const NONE: MockData = { present: false, progress: 0, deleting: false, realIntegration: false };
const RETENTION = { days: null, effectiveDays: 90, defaultDays: 90 };
const NO_TASKS = { groups: [], tasks: [] };

/** Answers the confirmation dialog titled `title` with OK. */
async function confirmDialog(user: ReturnType<typeof userEvent.setup>, title: string) {
  const dialog = await waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((node) => within(node).queryByRole('button', { name: 'OK' }));
    if (!found) throw new Error('no confirmation dialog');
    return found;
  });
  expect(within(dialog).getAllByText(title).length).toBeGreaterThan(0);
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
}

describe('company staff tools', { timeout: 30_000 }, () => {
  it('adds mock data, shows the first sync progress, and removes it after confirmation', async () => {
    let state: MockData = NONE;
    const calls = fakeGraphql({
      getMockData: () => state,
      addMockData: () => (state = { ...NONE, present: true, progress: 40 }),
      removeMockData: () => (state = { ...state, deleting: true }),
      getLogRetentionPeriod: () => RETENTION,
      getQueuedTasks: () => NO_TASKS,
    });
    renderInApp(<CompanyToolsModal company={COMPANY} onClose={() => undefined} />, '/users');
    const user = userEvent.setup();
    expect(await screen.findByText('This company has no mock data.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add mock data' }));
    expect(await screen.findByText('First sync: 40%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Mock data progress' })).toBeTruthy();
    expect(calls.filter((call) => call.operation === 'addMockData')).toEqual([
      { operation: 'addMockData', variables: { teamId: COMPANY.id } },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove mock data' }));
    expect(calls.some((call) => call.operation === 'removeMockData')).toBe(false);
    await confirmDialog(user, 'Remove mock data');
    expect(await screen.findByText('Removing the mock data…')).toBeTruthy();
    expect(calls.filter((call) => call.operation === 'removeMockData')).toHaveLength(1);
  });

  it('cannot add mock data beside a real integration', async () => {
    fakeGraphql({
      getMockData: () => ({ ...NONE, realIntegration: true }),
      getLogRetentionPeriod: () => RETENTION,
      getQueuedTasks: () => NO_TASKS,
    });
    renderInApp(<CompanyToolsModal company={COMPANY} onClose={() => undefined} />, '/users');
    expect(await screen.findByText(/real Apple Ads integration/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add mock data' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('lists queued tasks with counts and deletes one after confirmation', async () => {
    const calls = fakeGraphql({
      getMockData: () => NONE,
      getLogRetentionPeriod: () => RETENTION,
      getQueuedTasks: () => ({
        groups: [
          {
            category: 'sync.apple-ads',
            teamId: COMPANY.id,
            counts: { created: 1, retry: 0, active: 1, completed: 7, cancelled: 0, failed: 2 },
          },
        ],
        tasks: [
          {
            taskId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
            category: 'sync.apple-ads',
            teamId: COMPANY.id,
            status: 'failed',
            retryCount: 3,
            createdOn: '2026-01-02T00:00:00Z',
          },
        ],
      }),
      deleteQueuedTask: () => true,
    });
    renderInApp(<CompanyToolsModal company={COMPANY} onClose={() => undefined} />, '/users');
    const user = userEvent.setup();
    const counts = await screen.findByRole('table', { name: 'Tasks per category and state' });
    expect(within(counts).getByText('7')).toBeTruthy();
    const list = screen.getByRole('table', { name: 'Tasks not completed' });
    expect(within(list).getByText('Failed')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Delete task sync.apple-ads' }));
    await confirmDialog(user, 'Delete task');
    await waitFor(() =>
      expect(calls.filter((call) => call.operation === 'deleteQueuedTask')).toEqual([
        {
          operation: 'deleteQueuedTask',
          variables: { taskId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' },
        },
      ]),
    );
  });

  it('saves the retention periods, empty meaning the default', async () => {
    const calls = fakeGraphql({
      getMockData: () => NONE,
      getLogRetentionPeriod: () => RETENTION,
      getQueuedTasks: () => NO_TASKS,
      changeLogRetentionPeriod: () => RETENTION,
      changeDataRetention: () => ({ id: COMPANY.id, dataRetentionDays: 730 }),
    });
    renderInApp(<CompanyToolsModal company={COMPANY} onClose={() => undefined} />, '/users');
    const user = userEvent.setup();
    const data = await screen.findByLabelText('Data retention (days)');
    await user.clear(data);
    await user.type(data, '730');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.operation === 'changeDataRetention')).toHaveLength(1),
    );
    expect(calls.find((call) => call.operation === 'changeLogRetentionPeriod')?.variables).toEqual({
      teamId: COMPANY.id,
      days: null,
    });
    expect(calls.find((call) => call.operation === 'changeDataRetention')?.variables).toEqual({
      teamId: COMPANY.id,
      days: 730,
    });
  });
});

describe('activity log entry actions', { timeout: 30_000 }, () => {
  it('marks an entry watched and deletes it after confirmation', async () => {
    const calls = fakeGraphql({
      changeActivityWatched: (variables) => ({
        logId: variables.logId,
        watched: variables.watched,
      }),
      deleteActivityLog: () => true,
    });
    renderInApp(
      <ActivityLogActions logId="log-1" watched={false} message="Paused" />,
      '/searchads-manage',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Watched' }));
    await waitFor(() =>
      expect(calls.find((call) => call.operation === 'changeActivityWatched')?.variables).toEqual({
        logId: 'log-1',
        watched: true,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete entry' }));
    await confirmDialog(user, 'Delete entry');
    await waitFor(() =>
      expect(calls.filter((call) => call.operation === 'deleteActivityLog')).toHaveLength(1),
    );
  });
});
