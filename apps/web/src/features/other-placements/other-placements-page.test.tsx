import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { AdPlacement, DateRange, ReportTotals } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeGraphql, type GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { buildApp, buildCounts } from '../overview/overview-factories';
import OtherPlacementsPage from './other-placements-page';

const NOW = new Date('2026-03-02T12:00:00Z');
const app = buildApp();

const totals = (spendMicros: number): ReportTotals => ({
  byCurrency: [{ currency: 'USD', counts: buildCounts({ localSpendMicros: spendMicros }) }],
  converted: null,
});
const NONE: ReportTotals = { byCurrency: [], converted: null };

function placement(name: AdPlacement, spendMicros: number | null, currdate: DateRange) {
  if (spendMicros === null)
    return { placement: name, campaigns: [], current: NONE, previous: NONE, series: [] };
  return {
    placement: name,
    campaigns: [
      {
        level: 'campaigns',
        id: `${name}-1`,
        name: `${name} campaign`,
        status: 'ENABLED',
        displayStatus: 'RUNNING',
        deleted: false,
        modificationTime: null,
        adAccountId: app.adAccountId,
        campaignId: 1,
        adGroupId: null,
        details: { currency: 'USD' },
        counts: buildCounts({ localSpendMicros: spendMicros }),
      },
    ],
    current: totals(spendMicros),
    previous: totals(spendMicros / 2),
    series: [
      {
        date: currdate.start,
        currency: 'USD',
        converted: false,
        counts: buildCounts({ localSpendMicros: spendMicros }),
      },
    ],
  };
}

function placementsServer() {
  return fakeGraphql({
    getOwnAppsFromDB: () => [app],
    otherPlacements: (variables) => {
      const { input } = variables as { input: { currdate: DateRange; prevdate: DateRange } };
      return {
        currdate: input.currdate,
        prevdate: input.prevdate,
        placements: [
          placement('SEARCH_RESULTS', 400_000_000, input.currdate),
          placement('SEARCH_TAB', null, input.currdate),
          placement('TODAY_TAB', null, input.currdate),
          placement('PRODUCT_PAGES', 50_000_000, input.currdate),
        ],
      };
    },
  });
}

const placementCalls = (calls: GraphqlCall[]) =>
  calls.filter((call) => call.operation === 'otherPlacements').map((call) => call.variables.input);

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
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 5_000 };

describe('other placement types page', { timeout: 20_000 }, () => {
  it('asks for the last 7 days against the 7 before and compares every placement', async () => {
    const calls = placementsServer();
    renderInApp(<OtherPlacementsPage />, '/other-placement-types');
    const comparison = await screen.findByTestId('placement-comparison', {}, SLOW);
    expect(placementCalls(calls)).toEqual([
      {
        adAccountId: app.adAccountId,
        adamId: app.adamId,
        currdate: { start: '2026-02-23', end: '2026-03-01' },
        prevdate: { start: '2026-02-16', end: '2026-02-22' },
      },
    ]);
    const spendRow = within(comparison).getByText('Spend').closest('tr')!;
    expect(spendRow.textContent).toContain('$400.00');
    expect(spendRow.textContent).toContain('$50.00');
    expect(within(comparison).getAllByText('No campaigns', { selector: 'span' })).toHaveLength(
      2 * 9,
    );
  });

  it("shows a placement's totals with the change against the period before, and its campaigns", async () => {
    placementsServer();
    renderInApp(<OtherPlacementsPage />, '/other-placement-types');
    const section = await screen.findByTestId('placement-PRODUCT_PAGES', {}, SLOW);
    const spend = within(section).getByTestId('placement-total-spend');
    expect(within(spend).getByTestId('placement-total-value').textContent).toBe('$50.00');
    expect(within(spend).getByTestId('change-relative').textContent).toBe('+100.00%');
    expect(within(section).getByTestId('placement-campaign').textContent).toContain(
      'PRODUCT_PAGES campaign',
    );
  });

  it('offers to create a campaign for a placement without any', async () => {
    placementsServer();
    renderInApp(<OtherPlacementsPage />, '/other-placement-types');
    const section = await screen.findByTestId('placement-TODAY_TAB', {}, SLOW);
    expect(within(section).getByText('No Today tab campaigns yet')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(section)
          .getByRole('link', { name: 'Create a Today tab campaign' })
          .getAttribute('href'),
      ).toBe('/todaystab-campaign'),
    );
  });
});
