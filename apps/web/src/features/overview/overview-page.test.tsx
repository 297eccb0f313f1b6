import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DateRange } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { renderInApp } from '../../test/render-app-page';
import { fakeGraphql, type GraphqlCall } from '../../test/fake-graphql';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import {
  buildApp,
  buildBreakdownRow,
  buildCounts,
  buildEntityRow,
  buildSeries,
  buildTotals,
} from './overview-factories';
import OverviewPage from './overview-page';

// 2 March 2026, 05:00 UTC: still 1 March in Los Angeles, already 2 March in Tokyo. Every period
// counts from the UTC day, whichever app is shown.
const NOW = new Date('2026-03-02T05:00:00Z');
const losAngeles = buildApp({ timeZone: 'America/Los_Angeles' });
const tokyo = buildApp({
  adAccountId: 4_100_002,
  adamId: 1_500_000_002,
  name: 'Weather Now',
  adAccountName: 'Acme Japan',
  currency: 'EUR',
  timeZone: 'Asia/Tokyo',
});

/** formatRange's dash, with thin spaces around it. */
const TO = '\u2009–\u2009';

type Input = { input: { currdate: DateRange; adamId: number } };

function overviewServer(
  overrides: Record<string, (variables: Record<string, unknown>) => unknown> = {},
) {
  return fakeGraphql({
    getIntegrationInfo: () => ({
      APPLE_SEARCH_ADS: true,
      firstSyncDone: true,
      demoMode: false,
      invalid: false,
      historyLimited: false,
      integrationId: 'int-1',
    }),
    getOwnAppsFromDB: () => [losAngeles, tokyo],
    getOverviewAloneForApp: (variables) => {
      const { input } = variables as Input;
      return buildTotals(input.currdate, {
        currency: input.adamId === tokyo.adamId ? 'EUR' : 'USD',
      });
    },
    getOverviewSeries: (variables) => buildSeries((variables as Input).input.currdate),
    getTopKeywords: () => [buildEntityRow(1), buildEntityRow(2, { matchType: 'BROAD' })],
    getTopAdGroups: () => [buildEntityRow(3, { name: 'Brand terms', matchType: undefined })],
    getOverviewForApp: () => [
      buildBreakdownRow('M', 150_000_000),
      buildBreakdownRow('F', 100_000_000),
    ],
    getDeviceOverviewForApp: () => [buildBreakdownRow('IPHONE', 250_000_000)],
    getPlacementOverviewForApp: () => [
      buildBreakdownRow('APPSTORE_SEARCH_RESULTS', 200_000_000),
      buildBreakdownRow('APPSTORE_TODAY_TAB', 50_000_000),
    ],
    getAgeOverviewForApp: () => [buildBreakdownRow('18-24', 250_000_000)],
    getMapOverview: () => [
      buildBreakdownRow('US', 200_000_000),
      buildBreakdownRow('FR', 50_000_000),
    ],
    fetchChartPresets: () => [],
    fetchOverviewPresets: () => [],
    ...overrides,
  });
}

const callsOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  window.localStorage.clear();
  signIn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function chooseOption(label: string, option: RegExp | string) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  // Mantine keeps the dropdown in a transition jsdom never finishes: its options count as hidden.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** The first render loads the page's modules; later ones are quick. */
const SLOW = { timeout: 5_000 };
const spendCard = () => screen.findByTestId('total-spend', {}, SLOW);

describe('overview page', { timeout: 20_000 }, () => {
  it('opens on the first app over the last 7 UTC days, compared with the 7 before', async () => {
    const calls = overviewServer();
    renderInApp(<OverviewPage />);
    expect(within(await spendCard()).getByTestId('total-value').textContent).toBe('$250.00');

    expect(callsOf(calls, 'getOwnAppsFromDB')).toEqual([{ at: 1 }]);
    expect(callsOf(calls, 'getOverviewAloneForApp')).toEqual([
      {
        input: {
          adAccountId: losAngeles.adAccountId,
          adamId: losAngeles.adamId,
          currdate: { start: '2026-02-23', end: '2026-03-01' },
          prevdate: { start: '2026-02-16', end: '2026-02-22' },
        },
      },
    ]);
    expect(screen.getByTestId('overview-comparison').textContent).toBe(
      `Last 7 Days: Feb 23${TO}Mar 1, 2026, compared with Feb 16${TO}22, 2026`,
    );
    expect(screen.getByTestId('overview-currency').textContent).toBe('USD');
    // Every panel asked at once, each with the app and the period.
    for (const operation of [
      'getOverviewSeries',
      'getTopKeywords',
      'getTopAdGroups',
      'getOverviewForApp',
      'getDeviceOverviewForApp',
      'getPlacementOverviewForApp',
      'getAgeOverviewForApp',
      'getMapOverview',
    ]) {
      expect(callsOf(calls, operation), operation).toHaveLength(1);
    }
    expect(callsOf(calls, 'getOverviewForApp')[0]).toMatchObject({ gender: 'MF' });
    expect(callsOf(calls, 'getDeviceOverviewForApp')[0]).toMatchObject({ gender: 'PH' });
    expect(callsOf(calls, 'getTopKeywords')[0]).toEqual({
      input: {
        adAccountId: losAngeles.adAccountId,
        adamId: losAngeles.adamId,
        param: 'spend',
        period: { start: '2026-02-23', end: '2026-03-01' },
        sortDesc: true,
      },
    });
  });

  it('keeps the chosen app in browser storage and opens on it next time', async () => {
    const calls = overviewServer();
    renderInApp(<OverviewPage />);
    await spendCard();
    await chooseOption('App', /Weather Now/);

    await waitFor(() => expect(screen.getByTestId('overview-currency').textContent).toBe('EUR'));
    expect(window.localStorage.getItem('orgId')).toBe(String(tokyo.adAccountId));
    expect(window.localStorage.getItem('adamId')).toBe(String(tokyo.adamId));
    // The same days for every app, whatever its account's time zone.
    await waitFor(() =>
      expect(callsOf(calls, 'getOverviewAloneForApp').at(-1)).toMatchObject({
        input: { adamId: tokyo.adamId, currdate: { start: '2026-02-23', end: '2026-03-01' } },
      }),
    );
    expect(within(await spendCard()).getByTestId('total-value').textContent).toBe('€250.00');

    cleanup();
    const again = overviewServer();
    renderInApp(<OverviewPage />);
    await spendCard();
    expect(callsOf(again, 'getOverviewAloneForApp')[0]).toMatchObject({
      input: { adamId: tokyo.adamId },
    });
  });

  it('compares last month with the calendar month before it', async () => {
    const calls = overviewServer();
    renderInApp(<OverviewPage />);
    await spendCard();
    await chooseOption('Period', /^Last Month/);
    await waitFor(() =>
      expect(screen.getByTestId('overview-comparison').textContent).toBe(
        `Last Month: Feb 1${TO}28, 2026, compared with Jan 1${TO}31, 2026`,
      ),
    );
    expect(callsOf(calls, 'getOverviewAloneForApp').at(-1)).toEqual({
      input: {
        adAccountId: losAngeles.adAccountId,
        adamId: losAngeles.adamId,
        currdate: { start: '2026-02-01', end: '2026-02-28' },
        prevdate: { start: '2026-01-01', end: '2026-01-31' },
      },
    });
  });

  it('compares today until this hour with yesterday until the same hour, and says so', async () => {
    const calls = overviewServer({
      getOverviewAloneForApp: (variables) =>
        buildTotals((variables as Input).input.currdate, {
          prevdate: { start: '2026-03-01', end: '2026-03-01' },
          comparedUntil: '2026-03-01T05:00:00.000Z',
        }),
    });
    renderInApp(<OverviewPage />);
    await spendCard();
    await chooseOption('Period', /^Today\b(?! and)/);
    await waitFor(() =>
      expect(screen.getByTestId('overview-comparison').textContent).toBe(
        'Today: Mar 2, 2026, until 05:00 UTC, compared with Mar 1, 2026, until 05:00 UTC',
      ),
    );
    expect(callsOf(calls, 'getOverviewAloneForApp').at(-1)).toMatchObject({
      input: {
        currdate: { start: '2026-03-02', end: '2026-03-02' },
        prevdate: { start: '2026-03-01', end: '2026-03-01' },
        until: '2026-03-02T05:00:00.000Z',
      },
    });
    // Splits are reported per day only: no change against a whole yesterday.
    expect(screen.getByTestId('breakdowns-running-note')).toBeTruthy();
    const gender = await screen.findByTestId('breakdown-table-gender');
    expect(within(gender).queryByText('Change')).toBeNull();
  });

  it('says the comparison counts whole days when the server could not cut its last day', async () => {
    overviewServer();
    renderInApp(<OverviewPage />);
    await spendCard();
    await chooseOption('Period', /^Month to Date/);
    await waitFor(() =>
      expect(screen.getByTestId('overview-comparison').textContent).toBe(
        `Month to Date: Mar 1${TO}2, 2026, until 05:00 UTC, compared with Feb 1${TO}2, 2026 (whole days)`,
      ),
    );
  });

  it('shows the days each period covers now beside its name in the list', async () => {
    overviewServer();
    renderInApp(<OverviewPage />);
    await spendCard();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Period', { selector: 'input' }));
    const days = (id: string) => screen.getByTestId(`period-option-days-${id}`).textContent;
    await screen.findByTestId('period-option-days-last7Days');
    expect(days('today')).toBe('Mar 2, 2026');
    expect(days('yesterday')).toBe('Mar 1, 2026');
    expect(days('last7Days')).toBe(`Feb 23${TO}Mar 1, 2026`);
    expect(days('weekToDate')).toBe(`Mar 1${TO}2, 2026`);
    expect(days('lastWeek')).toBe(`Feb 22${TO}28, 2026`);
    expect(days('lastMonth')).toBe(`Feb 1${TO}28, 2026`);
    expect(days('last30Days')).toBe(`Jan 31${TO}Mar 1, 2026`);
  });

  it('notes that older history is kept per week or month when the period reaches before it', async () => {
    overviewServer({
      getOverviewAloneForApp: (variables) =>
        buildTotals((variables as Input).input.currdate, { dailyFrom: '2026-02-18' }),
    });
    renderInApp(<OverviewPage />);
    expect((await screen.findByTestId('daily-from-note')).textContent).toBe(
      'Before Feb 18, 2026, history is kept per week or month; totals include whole weeks or months that overlap the period.',
    );
  });

  it('ranks the top keywords again by the column clicked, then in the other order', async () => {
    const calls = overviewServer();
    renderInApp(<OverviewPage />);
    const keywords = await screen.findByTestId('top-keywords');
    const link = await within(keywords).findByRole('link', { name: 'keyword 1' });
    expect(link.getAttribute('href')).toBe(
      `/ads-manager?tab=keywords&orgId=${losAngeles.adAccountId}&adamId=${losAngeles.adamId}&campaignId=9001&adGroupId=8001&keywordId=1`,
    );
    const user = userEvent.setup();
    await user.click(within(keywords).getByRole('button', { name: 'Taps' }));
    await waitFor(() =>
      expect(callsOf(calls, 'getTopKeywords').at(-1)).toMatchObject({
        input: { param: 'taps', sortDesc: true },
      }),
    );
    await user.click(
      within(await screen.findByTestId('top-keywords')).getByRole('button', { name: 'Taps' }),
    );
    await waitFor(() =>
      expect(callsOf(calls, 'getTopKeywords').at(-1)).toMatchObject({
        input: { param: 'taps', sortDesc: false },
      }),
    );
    // The ad groups keep their own order.
    expect(callsOf(calls, 'getTopAdGroups')).toHaveLength(1);
  });

  it("splits the period by placement, the spec's search app, named as in the App Store", async () => {
    overviewServer();
    renderInApp(<OverviewPage />);
    const table = await screen.findByTestId('breakdown-table-placement');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      'Search results',
      'Today tab',
    ]);
    expect(within(rows[0]!).getByText('80.00%')).toBeTruthy();
  });

  it('shows the country breakdown as a map with a table beside it', async () => {
    overviewServer();
    renderInApp(<OverviewPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Countries and regions' }));
    const table = await screen.findByTestId('breakdown-table-countryOrRegion');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      'United States',
      'France',
    ]);
    expect(within(rows[0]!).getByText('80.00%')).toBeTruthy();
    const map = await screen.findByTestId('world-map', {}, { timeout: 5_000 });
    expect(map.querySelector('[data-country="US"] title')?.textContent).toBe(
      'United States: $200.00',
    );
    expect(map.querySelector('[data-country="BR"] title')?.textContent).toBe('Brazil');
  });

  it('retries a panel that failed without reloading the others', async () => {
    let failSeries = true;
    const calls = overviewServer({
      getOverviewSeries: (variables) => {
        if (failSeries) throw new Error('series down');
        return buildSeries((variables as Input).input.currdate);
      },
    });
    renderInApp(<OverviewPage />);
    const series = await screen.findByTestId('overview-series');
    const retry = await within(series).findByRole(
      'button',
      { name: 'Try again' },
      { timeout: 5_000 },
    );
    expect(within(await spendCard()).getByTestId('total-value').textContent).toBe('$250.00');
    failSeries = false;
    await userEvent.setup().click(retry);
    await waitFor(() => expect(within(series).queryByRole('alert')).toBeNull());
    expect(callsOf(calls, 'getOverviewAloneForApp')).toHaveLength(1);
  });

  it('says so when the company has no app with campaigns', async () => {
    overviewServer({ getOwnAppsFromDB: () => [] });
    renderInApp(<OverviewPage />);
    expect(await screen.findByText('No apps with campaigns yet')).toBeTruthy();
  });

  it('says so when the app has no results in the period', async () => {
    overviewServer({
      getOverviewAloneForApp: (variables) =>
        buildTotals((variables as Input).input.currdate, {
          current: buildCounts({
            impressions: 0,
            taps: 0,
            tapInstalls: 0,
            viewInstalls: 0,
            totalInstalls: 0,
            tapNewDownloads: 0,
            tapRedownloads: 0,
            viewNewDownloads: 0,
            viewRedownloads: 0,
            localSpendMicros: 0,
          }),
        }),
    });
    renderInApp(<OverviewPage />);
    expect(await screen.findByText('No data in this period')).toBeTruthy();
    expect(screen.queryByTestId('top-keywords')).toBeNull();
  });

  it('saves the chart metrics and granularity as a preset', async () => {
    const calls = overviewServer({
      saveChartPreset: (variables) => ({ id: 'p1', ...variables }),
    });
    renderInApp(<OverviewPage />);
    await spendCard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await user.click(screen.getByTestId('chart-presets'));
    await user.click(await screen.findByRole('menuitem', { name: 'Save current choice…' }));
    await user.type(await screen.findByLabelText(/Preset name/), 'Weekly spend');
    await user.click(screen.getByRole('button', { name: 'Save preset' }));
    await waitFor(() =>
      expect(callsOf(calls, 'saveChartPreset')).toEqual([
        { name: 'Weekly spend', metrics: ['spend', 'installs'], granularity: 'WEEK' },
      ]),
    );
    expect(callsOf(calls, 'getOverviewSeries').at(-1)).toMatchObject({
      input: { granularity: 'WEEK' },
    });
  });
});
