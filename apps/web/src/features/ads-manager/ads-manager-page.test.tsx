import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DELETED_ROW_TOOLTIPS,
  EXPORT_DIRECT_MAX_ROWS,
  REPORT_MAX_PAGE_SIZE,
  SOCKET_EVENTS,
  type CustomView,
  type ReportLevel,
} from '@tapwise/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { latestSocket } from '../../test/fake-socket';
import { renderInApp } from '../../test/render-app-page';
import { giveReportTableAHeight } from '../../test/report-table-viewport';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { currentSession } from '../auth/session/session-store';
import {
  ACCOUNT_ID,
  ADAM_ID,
  adsManagerServer,
  buildPage,
  buildRow,
  queryOf,
} from './ads-manager-factories';
import AdsManagerPage from './ads-manager-page';

// 2 March 2026, 05:00 UTC: still 1 March in Los Angeles, the account's time zone. Periods count
// from the UTC day, as on the overview.
const NOW = new Date('2026-03-02T05:00:00Z');
const LAST_7_DAYS = { start: '2026-02-23', end: '2026-03-01' };

const callsOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => queryOf(call.variables));

const rowsOf = (level: ReportLevel, count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => buildRow(level, from + index));

let removeTableHeight: () => void;
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
  removeTableHeight = giveReportTableAHeight();
});
afterAll(() => removeTableHeight());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  signIn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 5_000 };
// Several requests follow one another (lookups, views, report): give each wait the same room.
configure({ asyncUtilTimeout: SLOW.timeout });
const firstRow = () => screen.findAllByTestId('report-row', {}, SLOW);
const headers = () =>
  within(screen.getByTestId('report-table'))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
    .filter(Boolean);

describe('ads manager page', { timeout: 20_000 }, () => {
  it('opens on campaigns over the last 7 UTC days, saying which, with totals and counts', async () => {
    const calls = adsManagerServer({
      campaignReports: () =>
        buildPage(rowsOf('campaigns', 2), {
          statusCounts: { all: 2, live: 1, paused: 1, deleted: 0, draft: 0 },
        }),
    });
    renderInApp(<AdsManagerPage />, '/ads-manager');
    expect(await firstRow()).toHaveLength(2);

    expect(callsOf(calls, 'campaignReports')).toEqual([
      {
        period: LAST_7_DAYS,
        filter: { statusTab: 'all', metrics: [] },
        search: '',
        sortBy: 'spend',
        sortDesc: true,
        offset: 0,
        limit: 50,
      },
    ]);
    expect(screen.getByTestId('ads-manager-period').textContent).toBe(
      'Last 7 Days: Feb 23\u2009–\u2009Mar 1, 2026',
    );
    const totals = screen.getByTestId('totals-row');
    expect(within(totals).getByTestId('total-spend').textContent).toBe('$1,234.56');
    expect(within(totals).getByTestId('total-impressions').textContent).toBe('98,765');
    expect(screen.getByTestId('status-count-paused').textContent).toBe('1');
    expect(screen.getByRole('tab', { name: /Campaigns/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    // Strategies shows only once strategies exist.
    expect(screen.queryByRole('tab', { name: 'Strategies' })).toBeNull();
  });

  it('leads from the Draft sub tab of campaigns to the campaign drafts', async () => {
    adsManagerServer({
      campaignReports: () =>
        buildPage([], { statusCounts: { all: 0, live: 0, paused: 0, deleted: 0, draft: 2 } }),
    });
    renderInApp(<AdsManagerPage />, '/ads-manager?tab=campaigns&status=draft');
    const notice = await screen.findByTestId('drafts-notice', {}, SLOW);
    expect(
      within(notice).getByRole('link', { name: 'Open campaign drafts' }).getAttribute('href'),
    ).toBe('/campaign-list');
    expect((await screen.findByTestId('status-count-draft', {}, SLOW)).textContent).toBe('2');
  });

  it("opens each placement's wizard from Create campaign", async () => {
    adsManagerServer({ campaignReports: () => buildPage(rowsOf('campaigns', 1)) });
    renderInApp(<AdsManagerPage />, '/ads-manager');
    await firstRow();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create campaign' }));
    const links = (await screen.findAllByRole('menuitem', { hidden: true })).map((item) => [
      item.textContent,
      item.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Search results', '/create-campaign'],
      ['Search tab', '/searchtab-campaign'],
      ['Today tab', '/todaystab-campaign'],
      ['Product pages', '/productpage-campaign'],
      ['Campaign drafts', '/campaign-list'],
    ]);
  });

  it('restores tab, period, scope, sub tab, search, filters, sort and page from the address', async () => {
    const calls = adsManagerServer({
      targetingKeywordReports: () => buildPage(rowsOf('keywords', 3), { total: 60 }),
    });
    renderInApp(
      <AdsManagerPage />,
      `/ads-manager?tab=keywords&period=lastMonth&account=${ACCOUNT_ID}&app=${ADAM_ID}` +
        '&campaign=77&adGroup=88&status=paused&q=brand&match=EXACT' +
        '&filter=spend~GREATER_THAN~5&sort=bid&order=asc&page=2&size=25',
    );
    await firstRow();

    expect(callsOf(calls, 'targetingKeywordReports')[0]).toEqual({
      period: { start: '2026-02-01', end: '2026-02-28' },
      filter: {
        adAccountIds: [ACCOUNT_ID],
        adamIds: [ADAM_ID],
        campaignIds: [77],
        adGroupIds: [88],
        statusTab: 'paused',
        matchType: 'EXACT',
        metrics: [{ metric: 'spend', operator: 'GREATER_THAN', value: 5 }],
      },
      search: 'brand',
      sortBy: 'bid',
      sortDesc: false,
      offset: 25,
      limit: 25,
    });
    expect((screen.getByTestId('report-search') as HTMLInputElement).value).toBe('brand');
    await waitFor(() =>
      expect(screen.getByTestId('breadcrumbs').textContent).toBe(
        'Accounts/Acme Games/Puzzle Quest/Brand campaign/Exact brand',
      ),
    );
    expect(screen.getByTestId('status-tab-paused').getAttribute('aria-selected')).toBe('true');
  });

  it('sorts on the server from the headers, by mouse or Enter, and pages through the rows', async () => {
    const calls = adsManagerServer({
      campaignReports: () => buildPage(rowsOf('campaigns', 3), { total: 120 }),
    });
    const router = renderInApp(<AdsManagerPage />, '/ads-manager');
    await firstRow();
    const user = userEvent.setup();

    await user.click(screen.getByTestId('sort-taps'));
    await waitFor(() =>
      expect(callsOf(calls, 'campaignReports').at(-1)).toMatchObject({
        sortBy: 'taps',
        sortDesc: true,
        offset: 0,
      }),
    );
    expect(router.state.location.search).toContain('sort=taps&order=desc');

    screen.getByTestId('sort-name').focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(callsOf(calls, 'campaignReports').at(-1)).toMatchObject({
        sortBy: 'name',
        sortDesc: false,
      }),
    );
    expect(screen.getByTestId('sort-name').closest('th')?.getAttribute('aria-sort')).toBe(
      'ascending',
    );

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(callsOf(calls, 'campaignReports').at(-1)).toMatchObject({ offset: 50, limit: 50 }),
    );
    expect(router.state.location.search).toContain('page=2');
  });

  it('sorts numbers largest first on the first click: metrics and money columns alike', async () => {
    const calls = adsManagerServer({
      targetingKeywordReports: () => buildPage(rowsOf('keywords', 2)),
    });
    renderInApp(<AdsManagerPage />, '/ads-manager?tab=keywords&sort=name&order=asc');
    await firstRow();
    const user = userEvent.setup();
    for (const column of ['bid', 'avgCpa', 'taps']) {
      await user.click(screen.getByTestId(`sort-${column}`));
      await waitFor(() =>
        expect(callsOf(calls, 'targetingKeywordReports').at(-1)).toMatchObject({
          sortBy: column,
          sortDesc: true,
        }),
      );
    }
  });

  it('loads "All" in pages of REPORT_MAX_PAGE_SIZE, one after the other, with a progress bar', async () => {
    const size = REPORT_MAX_PAGE_SIZE;
    const total = 2 * size + 200;
    const calls = adsManagerServer({
      targetingKeywordReports: (variables) => {
        const { offset = 0, limit } = queryOf(variables);
        const count = Math.min(limit ?? total, total - offset);
        return buildPage(rowsOf('keywords', count, offset + 1), { total });
      },
    });
    renderInApp(<AdsManagerPage />, '/ads-manager?tab=keywords&size=all');
    expect(await screen.findByTestId('load-progress', {}, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('row-total').textContent).toBe(
        `${total.toLocaleString('en-US')} rows`,
      ),
    );
    await waitFor(() => expect(callsOf(calls, 'targetingKeywordReports')).toHaveLength(3));
    await waitFor(() => expect(screen.queryByTestId('load-progress')).toBeNull());

    expect(
      callsOf(calls, 'targetingKeywordReports').map(({ offset, limit }) => [offset, limit]),
    ).toEqual([
      [0, size],
      [size, size],
      [2 * size, size],
    ]);
    // Only the rows in view are in the DOM.
    expect(screen.getAllByTestId('report-row').length).toBeLessThan(100);
    expect(screen.queryByTestId('pagination')).toBeNull();
  });

  it('drills from an account to its campaigns and from a campaign to its ad groups', async () => {
    const calls = adsManagerServer({
      accountsReports: () =>
        buildPage([buildRow('accounts', ACCOUNT_ID, { name: 'Acme Games', status: null })]),
      campaignReports: () => buildPage([buildRow('campaigns', 77, { name: 'Brand campaign' })]),
      adGroupReports: () => buildPage(rowsOf('adGroups', 1)),
    });
    const user = userEvent.setup();
    const router = renderInApp(<AdsManagerPage />, '/ads-manager?tab=accounts');
    await user.click(await screen.findByRole('button', { name: 'Acme Games' }, SLOW));

    await waitFor(() =>
      expect(callsOf(calls, 'campaignReports').at(-1)?.filter).toMatchObject({
        adAccountIds: [ACCOUNT_ID],
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Brand campaign' }));
    await waitFor(() =>
      expect(callsOf(calls, 'adGroupReports').at(-1)?.filter).toMatchObject({
        adAccountIds: [ACCOUNT_ID],
        adamIds: [ADAM_ID],
        campaignIds: [77],
      }),
    );
    expect(screen.getByRole('tab', { name: 'Ad Groups' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const crumbs = screen.getByTestId('breadcrumbs');
    await waitFor(() => expect(within(crumbs).getByText('Brand campaign')).toBeTruthy());

    await user.click(within(crumbs).getByRole('button', { name: 'Accounts' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=accounts'));
    expect(screen.queryByTestId('breadcrumbs')).toBeNull();
  });

  it('shows deleted rows with a disabled checkbox and the spec tooltip, others selectable', async () => {
    adsManagerServer({
      campaignReports: () =>
        buildPage([
          buildRow('campaigns', 1, { name: 'Live one' }),
          buildRow('campaigns', 2, { name: 'Gone', deleted: true, status: 'PAUSED' }),
        ]),
    });
    renderInApp(<AdsManagerPage />, '/ads-manager');
    const [live, deleted] = await firstRow();
    const user = userEvent.setup();

    const deletedBox = within(deleted!).getByRole('checkbox');
    expect((deletedBox as HTMLInputElement).disabled).toBe(true);
    fireEvent.mouseEnter(within(deleted!).getByTestId('deleted-checkbox'));
    expect((await screen.findByRole('tooltip', { hidden: true })).textContent).toBe(
      DELETED_ROW_TOOLTIPS.campaign,
    );

    const liveBox = within(live!).getByRole('checkbox', { name: 'Select Live one' });
    liveBox.focus();
    await user.keyboard(' ');
    expect((liveBox as HTMLInputElement).checked).toBe(true);
    expect(live!.getAttribute('aria-selected')).toBe('true');
  });

  it('shows the columns chosen in the column chooser and saves them as a table preset', async () => {
    const presets: unknown[] = [];
    adsManagerServer({
      campaignReports: () => buildPage(rowsOf('campaigns', 1)),
      saveTablePreset: (variables) => {
        presets.push(variables.input);
        return { id: 'preset-1', ...(variables.input as object) };
      },
    });
    renderInApp(<AdsManagerPage />, '/ads-manager');
    await firstRow();
    expect(headers()).toContain('Impressions');
    expect(headers()).not.toContain('CPI');
    const user = userEvent.setup();

    await user.click(screen.getByTestId('column-chooser'));
    await user.click(await screen.findByRole('checkbox', { name: 'Impressions', hidden: true }));
    await user.click(screen.getByRole('checkbox', { name: 'CPI', hidden: true }));

    await waitFor(() => expect(headers()).not.toContain('Impressions'));
    expect(headers()).toContain('CPI');

    await user.click(screen.getByTestId('table-presets'));
    await user.click(
      await screen.findByRole('menuitem', { name: /Save current choice/, hidden: true }),
    );
    await user.type(await screen.findByLabelText(/Preset name/), 'Lean');
    await user.click(screen.getByRole('button', { name: 'Save preset' }));
    await waitFor(() => expect(presets).toHaveLength(1));
    expect(presets[0]).toMatchObject({ name: 'Lean', tab: 'campaigns' });
    expect((presets[0] as { columns: string[] }).columns).toContain('cpi');
    expect((presets[0] as { columns: string[] }).columns).not.toContain('impressions');
  });

  it('opens the pinned view of the tab and saves the current settings as a view', async () => {
    const pinned: CustomView = {
      id: '6f1d9a52-4c1b-4a8e-9d2f-1b2c3d4e5f60',
      name: 'Paused by taps',
      tab: 'campaigns',
      pinned: true,
      updatedAt: '2026-02-01T00:00:00.000Z',
      chartMetrics: ['taps'],
      granularity: 'WEEK',
      columns: ['status', 'taps'],
      filter: { statusTab: 'paused', metrics: [] },
      sortBy: 'taps',
      sortDesc: false,
    };
    const { definition, saved } = {
      definition: ({ id, name, tab, pinned: isPinned, updatedAt, ...rest }: CustomView) => ({
        id,
        name,
        tab,
        pinned: isPinned,
        updatedAt,
        definition: rest,
      }),
      saved: [] as unknown[],
    };
    const calls = adsManagerServer({
      campaignReports: () => buildPage(rowsOf('campaigns', 1)),
      fetchCustomView: () => [definition(pinned)],
      saveCustomView: (variables) => {
        saved.push(variables.input);
        return definition({ ...pinned, ...(variables.input as object) } as CustomView);
      },
    });
    renderInApp(<AdsManagerPage />, '/ads-manager');

    await waitFor(
      () =>
        expect(callsOf(calls, 'campaignReports').at(-1)).toMatchObject({
          sortBy: 'taps',
          sortDesc: false,
          filter: { statusTab: 'paused' },
        }),
      SLOW,
    );
    await waitFor(() => expect(headers()).toEqual(['Name', 'Status', 'Taps', 'Actions']));

    const user = userEvent.setup();
    await user.click(screen.getByTestId('views-menu'));
    await user.click(
      await screen.findByRole('button', { name: 'Unpin Paused by taps', hidden: true }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ id: pinned.id, pinned: false, sortBy: 'taps' });

    await user.click(screen.getByTestId('views-menu'));
    await user.click(
      await screen.findByRole('menuitem', { name: 'Save current view', hidden: true }),
    );
    await user.type(await screen.findByLabelText(/View name/), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual({
      name: 'Mine',
      tab: 'campaigns',
      chartMetrics: ['taps'],
      granularity: 'WEEK',
      columns: ['status', 'taps'],
      filter: { statusTab: 'paused', metrics: [] },
      sortBy: 'taps',
      sortDesc: false,
      pinned: false,
    });
  });

  it('does not apply the pinned view when the address chooses the sort', async () => {
    const calls = adsManagerServer({
      campaignReports: () => buildPage(rowsOf('campaigns', 1)),
      fetchCustomView: () => [
        {
          id: '6f1d9a52-4c1b-4a8e-9d2f-1b2c3d4e5f60',
          name: 'Paused',
          tab: 'campaigns',
          pinned: true,
          updatedAt: '2026-02-01T00:00:00.000Z',
          definition: {
            chartMetrics: ['taps'],
            granularity: 'DAY',
            columns: ['taps'],
            filter: { statusTab: 'paused', metrics: [] },
            sortBy: 'taps',
            sortDesc: false,
          },
        },
      ],
    });
    renderInApp(<AdsManagerPage />, '/ads-manager?tab=campaigns&sort=impressions&order=desc');
    await firstRow();
    await waitFor(() => expect(callsOf(calls, 'fetchCustomView')).toHaveLength(1));
    expect(callsOf(calls, 'campaignReports').every((query) => query.sortBy === 'impressions')).toBe(
      true,
    );
    expect(headers()).toContain('Impressions');
  });

  it('searches by name through the address after a short pause in typing', async () => {
    const calls = adsManagerServer({
      campaignReports: () => buildPage(rowsOf('campaigns', 2)),
    });
    const router = renderInApp(<AdsManagerPage />, '/ads-manager?page=3');
    await firstRow();
    await userEvent.setup().type(screen.getByTestId('report-search'), 'Brand');

    await waitFor(() =>
      expect(callsOf(calls, 'campaignReports').at(-1)).toMatchObject({
        search: 'Brand',
        offset: 0,
      }),
    );
    expect(router.state.location.search).toBe('?tab=campaigns&q=Brand');
    // One request for the typed word, not one per letter.
    expect(callsOf(calls, 'campaignReports').filter((query) => query.search)).toHaveLength(1);
  });

  it('resets the pinned view: the tab opens with its built-in default again', async () => {
    const calls = adsManagerServer({
      campaignReports: () => buildPage(rowsOf('campaigns', 1)),
      fetchCustomView: () => [
        {
          id: '6f1d9a52-4c1b-4a8e-9d2f-1b2c3d4e5f60',
          name: 'Taps first',
          tab: 'campaigns',
          pinned: true,
          updatedAt: '2026-02-01T00:00:00.000Z',
          definition: {
            chartMetrics: ['taps'],
            granularity: 'DAY',
            columns: ['taps'],
            filter: { statusTab: 'all', metrics: [] },
            sortBy: 'taps',
            sortDesc: true,
          },
        },
      ],
      resetPinnedStatusView: () => true,
    });
    const router = renderInApp(<AdsManagerPage />, '/ads-manager');
    await waitFor(() => expect(headers()).toEqual(['Name', 'Taps', 'Actions']));
    expect(router.state.location.search).toContain('view=6f1d9a52');
    const user = userEvent.setup();

    await user.click(screen.getByTestId('views-menu'));
    await user.click(
      await screen.findByRole('menuitem', { name: 'Reset pinned view', hidden: true }),
    );
    await waitFor(() =>
      expect(calls.map((call) => call.operation)).toContain('resetPinnedStatusView'),
    );
    expect(calls.find((call) => call.operation === 'resetPinnedStatusView')?.variables).toEqual({
      tab: 'campaigns',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=campaigns'));
    await waitFor(() => expect(headers()).toContain('Impressions'));
  });

  it("shows a loading state on another tab, never the last tab's rows and counts", async () => {
    let answerKeywords: (page: unknown) => void = () => undefined;
    adsManagerServer({
      adGroupReports: () =>
        buildPage(rowsOf('adGroups', 3), {
          statusCounts: { all: 108, live: 100, paused: 8, deleted: 0, draft: 0 },
        }),
      targetingKeywordReports: () => new Promise((resolve) => (answerKeywords = resolve)),
    });
    renderInApp(<AdsManagerPage />, '/ads-manager?tab=adGroups');
    expect(await firstRow()).toHaveLength(3);
    expect(screen.getByTestId('status-count-all').textContent).toBe('108');

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Keywords' }));
    await screen.findByTestId('table-skeleton');
    expect(screen.queryAllByTestId('report-row')).toHaveLength(0);
    expect(screen.queryByText('108')).toBeNull();

    answerKeywords(buildPage(rowsOf('keywords', 2)));
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(2));
    expect(screen.getAllByTestId('report-row')[0]!.textContent).toContain('keywords 1');
  });

  it('exports every row of the view as CSV from the server, in its columns and words', async () => {
    adsManagerServer({
      targetingKeywordReports: () => buildPage(rowsOf('keywords', 2), { total: 4_000 }),
    });
    const graphql = globalThis.fetch;
    const exports: { url: string; body: Record<string, unknown> }[] = [];
    let finish: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (!url.includes('/v1/api/ads-manager/export')) return graphql(url, init);
      exports.push({ url, body: JSON.parse(init.body as string) as Record<string, unknown> });
      return new Promise<Response>((resolve) => (finish = resolve));
    });
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => 'blob:export',
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderInApp(<AdsManagerPage />, '/ads-manager?tab=keywords&status=paused&q=brand');
    await firstRow();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('export-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'All rows as CSV' }));

    expect(await screen.findByRole('progressbar', { name: 'CSV export progress' })).toBeTruthy();
    expect(exports).toHaveLength(1);
    const body = exports[0]!.body;
    expect(body).toMatchObject({
      level: 'keywords',
      format: 'csv',
      query: {
        period: LAST_7_DAYS,
        filter: { statusTab: 'paused', metrics: [] },
        search: 'brand',
        sortBy: 'spend',
        sortDesc: true,
      },
    });
    expect(body.query).not.toHaveProperty('limit');
    expect((body.columns as { heading: string }[]).map((column) => column.heading)).toEqual(
      headers().filter((heading) => heading !== 'Actions'),
    );
    expect(body.codeWords).toMatchObject({
      'status.PAUSED': 'Paused',
      'matchType.AUTO': 'Search Match',
      // The totals lines' words, with the currency and rates left for the server to fill in.
      'total.currency': 'Total {{currency}}',
      'total.converted': '≈ Total in {{currency}}, converted at {{rates}}',
      'total.rates.ECB': "the ECB's daily reference rates",
    });

    finish(new Response('Name\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    await waitFor(() =>
      expect(saved).toEqual([`tapwise-keywords-${LAST_7_DAYS.start}-${LAST_7_DAYS.end}.csv`]),
    );
    expect(screen.queryByTestId('export-progress')).toBeNull();
    click.mockRestore();
  });

  it('exports a view too large to download at once in the background, with progress, then a Download button', async () => {
    const total = EXPORT_DIRECT_MAX_ROWS + 1;
    const job = (status: string, rowsDone: number) => ({
      id: 'job-1',
      dataset: 'adsManager',
      format: 'xlsx',
      status,
      rowsDone,
      rowsTotal: status === 'QUEUED' ? null : total,
      fileName: 'tapwise-keywords.xlsx',
      receiverMail: null,
      error: null,
    });
    const calls = adsManagerServer({
      targetingKeywordReports: () => buildPage(rowsOf('keywords', 2), { total }),
      startExport: () => job('QUEUED', 0),
      exportJobs: () => [job('QUEUED', 0)],
    });
    const graphql = globalThis.fetch;
    const files: string[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (!url.includes('/v1/api/exports/')) return graphql(url, init);
      files.push(url);
      return Promise.resolve(new Response('xlsx', { status: 200 }));
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => 'blob:export',
        revokeObjectURL: () => undefined,
      }),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderInApp(<AdsManagerPage />, '/ads-manager?tab=keywords');
    await firstRow();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('export-menu'));
    expect(await screen.findByText('10,001 rows: exported in the background')).toBeTruthy();
    expect(
      screen.getByRole('menuitem', { name: 'E-mail it to me (CSV)', hidden: true }),
    ).toBeTruthy();
    await user.click(
      screen.getByRole('menuitem', { name: 'All rows as Excel (XLSX)', hidden: true }),
    );

    await screen.findByText('Waiting to start…');
    const started = calls.find((call) => call.operation === 'startExport')!;
    expect(started.variables).toMatchObject({ dataset: 'adsManager', format: 'xlsx' });
    expect(started.variables.input).toMatchObject({ level: 'keywords' });
    expect(started.variables.input).not.toHaveProperty('format');
    expect(started.variables).not.toHaveProperty('receiverMail');

    act(() => latestSocket().deliver(SOCKET_EVENTS.exportProgress, job('RUNNING', 5_000)));
    expect(await screen.findByText('5,000 of 10,001 rows')).toBeTruthy();
    expect(
      screen
        .getByRole('progressbar', { name: 'XLSX export progress' })
        .getAttribute('aria-valuenow'),
    ).toBe(String((100 * 5_000) / total));
    act(() => latestSocket().deliver(SOCKET_EVENTS.exportProgress, job('DONE', total)));
    await user.click(await screen.findByRole('button', { name: 'Download XLSX' }));
    await waitFor(() => expect(saved).toEqual(['tapwise-keywords.xlsx']));
    expect(files).toEqual(['/v1/api/exports/job-1/file']);
    click.mockRestore();
  });

  it('mails a large export to the member when asked', async () => {
    const calls = adsManagerServer({
      targetingKeywordReports: () =>
        buildPage(rowsOf('keywords', 2), { total: EXPORT_DIRECT_MAX_ROWS + 1 }),
      startExport: (variables) => ({
        id: 'job-2',
        dataset: 'adsManager',
        format: 'csv',
        status: 'QUEUED',
        rowsDone: 0,
        rowsTotal: null,
        fileName: null,
        receiverMail: variables.receiverMail,
        error: null,
      }),
      exportJobs: () => [],
    });
    renderInApp(<AdsManagerPage />, '/ads-manager?tab=keywords');
    await firstRow();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('export-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'E-mail it to me (CSV)' }));
    const email = currentSession()!.claims.Email;
    expect(await screen.findByText(`The file will be sent to ${email}.`)).toBeTruthy();
    const started = calls.find((call) => call.operation === 'startExport')!;
    expect(started.variables).toMatchObject({ format: 'csv', receiverMail: email });
  });

  it('tells an empty period from a search without match, and retries a failure', async () => {
    let fail = true;
    adsManagerServer({
      campaignReports: () => {
        if (fail) throw new Error('down');
        return buildPage([]);
      },
    });
    const router = renderInApp(<AdsManagerPage />, '/ads-manager');
    const retry = await screen.findByRole('button', { name: 'Try again' }, SLOW);
    fail = false;
    await userEvent.setup().click(retry);
    expect((await screen.findByTestId('empty-state')).textContent).toContain(
      'Nothing in this period',
    );

    await router.navigate('/ads-manager?tab=campaigns&q=zzz');
    await waitFor(() =>
      expect(screen.getByTestId('empty-state').textContent).toContain('No match'),
    );
  });
});
