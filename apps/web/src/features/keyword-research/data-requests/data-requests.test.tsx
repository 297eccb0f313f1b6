import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  dataRequestChannel,
  type DataRequest,
  type DataRequestProgressMessage,
} from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { latestSocket } from '../../../test/fake-socket';
import { renderInApp } from '../../../test/render-app-page';
import { signIn } from '../../../test/session-fixtures';
import { connectSessionToApi } from '../../auth/session/session-api';
import { GraphqlFailure, fakeWrites } from '../../ads-manager/actions/actions-test-kit';
import { TopBar } from '../../../app/layout/top-bar';
import { currentSession } from '../../auth/session/session-store';
import { DataRequestsButton } from './data-requests-button';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
let userId: string;
beforeEach(() => {
  window.localStorage.clear();
  userId = signIn().UserId;
});
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 20_000 });

let nextId = 1;
function dataRequest(overrides: Partial<DataRequest> = {}): DataRequest {
  const startTime = new Date(Date.now() - 5 * 60_000).toISOString();
  return {
    id: `dr-${nextId++}`,
    opId: 1,
    status: 'RUNNING',
    completed: false,
    progress: 0,
    totalCount: 100,
    currentCount: 0,
    missedCount: 0,
    CountPref: 100,
    keyword: null,
    appId: '284882215',
    appName: 'Facebook',
    icon: 'https://example.com/icon.png',
    location: 'us',
    language: 'en',
    device: 'iphone',
    catId: null,
    catType: null,
    clientId: null,
    startTime,
    endTime: null,
    currentTime: startTime,
    error: null,
    ...overrides,
  };
}

const done = (overrides: Partial<DataRequest> = {}) =>
  dataRequest({
    status: 'DONE',
    completed: true,
    progress: 100,
    currentCount: 100,
    ...overrides,
  });

function push(
  message: Partial<DataRequestProgressMessage> &
    Pick<DataRequestProgressMessage, 'opId' | 'context'>,
) {
  act(() =>
    latestSocket().deliver(dataRequestChannel(userId), {
      keyword: null,
      appId: null,
      categoryId: null,
      type: null,
      bulkActionId: null,
      data: { currentCount: 0, totalCount: 100, progress: 0, completed: false, status: 'RUNNING' },
      ...message,
    }),
  );
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('data-requests-button'));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Data requests' }) };
}

const rowOf = (text: string) =>
  screen.getByText(text).closest<HTMLElement>('[data-testid="data-request"]')!;

const confirmationOf = async (title: string) =>
  (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]')!;

describe('data requests', () => {
  it('advances progress from socket messages and shows the overall progress on the button', async () => {
    const forApp = dataRequest({ opId: 1, appName: 'Facebook' });
    const forKeyword = dataRequest({
      opId: 2,
      appName: null,
      appId: null,
      keyword: 'photo editor',
    });
    const competitors = dataRequest({ opId: 4, appName: 'Notes', totalCount: 0 });
    const calls = fakeWrites({ getDataRequests: () => [forApp, forKeyword, competitors] });
    renderInApp(<DataRequestsButton />);
    const ring = await screen.findByTestId('data-requests-ring');
    expect(ring.dataset.progress).toBe('0');
    // `at` keeps only the requests started since then: the whole list is asked for.
    expect(
      calls.find((call) => call.operation === 'getDataRequests')?.variables,
    ).not.toHaveProperty('at');
    expect(screen.getByTestId('data-requests-button').getAttribute('aria-label')).toBe(
      'Data requests: 3 running, 0% done',
    );

    const { dialog } = await openDialog();
    push({ opId: 1, context: forApp.id });
    push({ opId: 1, context: forApp.id });
    push({ opId: 2, context: forKeyword.id });
    // Kinds without a step report their own count and total.
    push({
      opId: 4,
      context: competitors.id,
      data: { currentCount: 12, totalCount: 40, progress: 30, completed: false, status: 'RUNNING' },
    });
    // The query's observers hear of a change on the next tick.
    expect(
      await within(rowOf('Facebook')).findByText('Fetching · Fetched 20 · Remaining 80'),
    ).toBeTruthy();
    expect(
      within(rowOf('photo editor')).getByText('Fetching · Fetched 5 · Remaining 95'),
    ).toBeTruthy();
    expect(within(rowOf('Notes')).getByText('Fetching · Fetched 12 · Remaining 28')).toBeTruthy();
    // (20 + 5 + 30) / 3
    expect(screen.getByTestId('data-requests-ring').dataset.progress).toBe('18');
    expect(within(dialog).getByText('Keywords for app')).toBeTruthy();
    expect(within(dialog).getByText('Apps for keyword')).toBeTruthy();

    // Reaching the total caps the count, finishes the request and reads the list again.
    const reads = calls.filter((call) => call.operation === 'getDataRequests').length;
    for (let step = 0; step < 9; step += 1) push({ opId: 1, context: forApp.id });
    expect(await within(rowOf('Facebook')).findByText('Complete · Fetched 100')).toBeTruthy();
    // (5 + 30) / 2: the finished request leaves the average.
    expect(screen.getByTestId('data-requests-ring').dataset.progress).toBe('17');
    push({
      opId: 1,
      context: forApp.id,
      data: { currentCount: 100, totalCount: 100, progress: 100, completed: true, status: 'DONE' },
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.operation === 'getDataRequests').length).toBeGreaterThan(
        reads,
      ),
    );
  });

  it('says progress is still zero for a running request with nothing fetched', async () => {
    fakeWrites({ getDataRequests: () => [dataRequest({ appName: 'Slow app' })] });
    renderInApp(<DataRequestsButton />);
    const { user } = await openDialog();
    const entry = within(rowOf('Slow app')).getAllByRole('button')[0]!;
    expect(entry.getAttribute('aria-disabled')).toBe('true');
    await user.click(entry);
    expect(await screen.findByText('Progress is still zero, Please wait.')).toBeTruthy();
  });

  it('opens a finished request on the keyword analysis page with q, tab and the request', async () => {
    const request = done({ opId: 5, appName: null, appId: null, catId: 6014, catType: 'paid' });
    fakeWrites({ getDataRequests: () => [request] });
    const router = renderInApp(<DataRequestsButton />);
    const { user } = await openDialog();
    const before = Date.now();
    await user.click(within(rowOf('Games · Paid')).getAllByRole('button')[0]!);
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/keyword-auction-insights');
    const params = new URLSearchParams(search);
    expect(Number(params.get('q'))).toBeGreaterThanOrEqual(before);
    expect(params.get('tab')).toBe('3');
    expect(params.get('request')).toBe(request.id);
  });

  it('deletes a finished request after confirmation and says when the server refuses', async () => {
    const request = done({ appName: 'Old research' });
    let refuse = true;
    const calls = fakeWrites({
      getDataRequests: () => [request],
      deleteDataRequest: () => {
        if (refuse) throw new GraphqlFailure('INTERNAL', 'boom');
        return { code: 0 };
      },
    });
    renderInApp(<DataRequestsButton />);
    const { user } = await openDialog();
    await user.click(within(rowOf('Old research')).getByRole('button', { name: 'Delete' }));
    const confirmation = await confirmationOf('Delete this data request?');
    await user.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Server error. Please try later')).toBeTruthy();
    expect(calls.find((call) => call.operation === 'deleteDataRequest')?.variables).toEqual({
      id: request.id,
    });

    refuse = false;
    await user.click(within(rowOf('Old research')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await confirmationOf('Delete this data request?')).getByRole('button', {
        name: 'Keep',
      }),
    );
    expect(calls.filter((call) => call.operation === 'deleteDataRequest')).toHaveLength(1);
  });

  it('cancels a running request after confirmation and drops it from the list', async () => {
    let request = dataRequest({ appName: 'Running app', currentCount: 30, progress: 30 });
    const calls = fakeWrites({
      getDataRequests: () => [request],
      deleteDataRequest: () => {
        request = { ...request, status: 'CANCELLED' };
        return { code: 0 };
      },
    });
    renderInApp(<DataRequestsButton />);
    const { user, dialog } = await openDialog();
    await user.click(within(rowOf('Running app')).getByRole('button', { name: 'Cancel request' }));
    const confirmation = await confirmationOf('Cancel this data request?');
    await user.click(within(confirmation).getByRole('button', { name: 'Cancel request' }));
    expect(await within(dialog).findByText(/No data requests yet/)).toBeTruthy();
    expect(calls.find((call) => call.operation === 'deleteDataRequest')?.variables).toEqual({
      id: request.id,
    });
    await waitFor(() => expect(screen.queryByTestId('data-requests-ring')).toBeNull());
  });

  it('shows why a request failed and retries it', async () => {
    let request = dataRequest({
      appName: 'Broken app',
      status: 'FAILED',
      currentCount: 40,
      progress: 40,
      error: 'The App Store did not answer.',
    });
    const calls = fakeWrites({
      getDataRequests: () => [request],
      retryDataRequest: () => {
        request = { ...request, status: 'RUNNING', error: null };
        return request;
      },
    });
    renderInApp(<DataRequestsButton />);
    const { user } = await openDialog();
    expect(within(rowOf('Broken app')).getByText('The App Store did not answer.')).toBeTruthy();
    expect(screen.queryByTestId('data-requests-ring')).toBeNull();
    await user.click(within(rowOf('Broken app')).getByRole('button', { name: 'Retry' }));
    expect(
      await within(rowOf('Broken app')).findByText('Fetching · Fetched 40 · Remaining 60'),
    ).toBeTruthy();
    expect(calls.find((call) => call.operation === 'retryDataRequest')?.variables).toEqual({
      id: request.id,
    });
  });

  it('is in the top bar for a member who may read keyword analysis, not without a session', async () => {
    fakeWrites({ getDataRequests: () => [dataRequest()] });
    const topBar = (session: ReturnType<typeof currentSession>) => (
      <TopBar session={session} navbarOpened={false} onToggleNavbar={() => {}} showBurger={false} />
    );
    renderInApp(topBar(currentSession()));
    expect(await screen.findByTestId('data-requests-ring')).toBeTruthy();
    cleanup();
    renderInApp(topBar(null));
    expect(await screen.findByTestId('utc-note')).toBeTruthy();
    expect(screen.queryByTestId('data-requests-button')).toBeNull();
  });

  it('says when there are no data requests', async () => {
    fakeWrites({ getDataRequests: () => [] });
    renderInApp(<DataRequestsButton />);
    const { dialog } = await openDialog();
    expect(
      await within(dialog).findByText(
        'No data requests yet. The requests you start in Keyword Analysis appear here.',
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('data-requests-ring')).toBeNull();
  });
});
