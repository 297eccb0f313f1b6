import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DateRange } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeGraphql, type GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import {
  buildApp,
  buildCounts,
  buildEntityRow,
  buildSeries,
  buildTotals,
} from '../overview/overview-factories';
import OverviewPage from '../overview/overview-page';
import { GOAL_ID, buildGoal } from './goals-factories';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const app = buildApp();
type Input = { input: { currdate: DateRange } };
const callsOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);

function overviewServer(goalExists: boolean) {
  // 40 USD spent on the keyword, with 8 trials: 5.00 per trial.
  const keyword = buildEntityRow(1, {
    name: 'meditation app',
    counts: buildCounts({ localSpendMicros: 40_000_000 }),
    goalCounts: { goals: 8, goalsRevenueMicros: 0, attrInstalls: 20 },
  });
  return fakeGraphql({
    getOwnAppsFromDB: () => [app],
    // 250 USD spent in the period, 200 USD in the one before.
    getOverviewAloneForApp: (variables) => buildTotals((variables as Input).input.currdate),
    getOverviewSeries: (variables) => buildSeries((variables as Input).input.currdate),
    getTopKeywords: () => [keyword],
    getTopAdGroups: () => [],
    getOverviewForApp: () => [],
    getDeviceOverviewForApp: () => [],
    getPlacementOverviewForApp: () => [],
    getAgeOverviewForApp: () => [],
    getMapOverview: () => [],
    fetchChartPresets: () => [],
    fetchOverviewPresets: () => [],
    doesGoalExist: () => goalExists,
    getGoalsFromApp: () => [buildGoal({ numbers: null })],
    getAppEventsDataForOverview: () => ({
      goalId: GOAL_ID,
      currency: 'USD',
      current: { goals: 50, goalsRevenueMicros: 500_000_000, attrInstalls: 100 },
      previous: { goals: 25, goalsRevenueMicros: 300_000_000, attrInstalls: 80 },
      series: [],
    }),
  });
}

describe('overview goal cards', { timeout: 30_000 }, () => {
  it('shows the picked goal with its change against the previous period and ranks the top lists with it', async () => {
    const calls = overviewServer(true);
    renderInApp(<OverviewPage />, '/overview');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Goal', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Trial starters', hidden: true }));

    const card = async (metric: string) => within(await screen.findByTestId(`goal-card-${metric}`));
    // Each card is a group named by its metric.
    expect(await screen.findByRole('group', { name: 'Cost per goal' })).toBe(
      screen.getByTestId('goal-card-costPerGoal'),
    );
    expect((await card('goals')).getByTestId('goal-card-value').textContent).toBe('50');
    expect((await card('goals')).getByText('+100.00%')).toBeTruthy();
    expect((await card('costPerGoal')).getByTestId('goal-card-value').textContent).toBe('$5.00');
    expect((await card('costPerGoal')).getByText('-37.50%').closest('[data-tone]')).toHaveProperty(
      'dataset.tone',
      'good',
    );
    expect((await card('goalsRevenue')).getByTestId('goal-card-value').textContent).toBe('$500.00');
    expect((await card('goalsRoas')).getByTestId('goal-card-value').textContent).toBe('200.00%');
    expect((await card('goalsRoas')).getByText('Previous period: 150.00%')).toBeTruthy();

    expect(callsOf(calls, 'getAppEventsDataForOverview')[0]).toMatchObject({
      input: { goalId: GOAL_ID, adamId: app.adamId, adAccountId: app.adAccountId },
    });
    await waitFor(() =>
      expect(callsOf(calls, 'getTopKeywords').at(-1)).toMatchObject({
        input: { goalId: GOAL_ID },
      }),
    );
  });

  it('adds the goal columns to the top lists and ranks them by one', async () => {
    const calls = overviewServer(true);
    renderInApp(<OverviewPage />, '/overview');
    const user = userEvent.setup();
    const topKeywords = within(await screen.findByTestId('top-keywords'));
    await topKeywords.findByText('meditation app');
    expect(topKeywords.queryByRole('button', { name: /Cost per goal/ })).toBeNull();

    await user.click(await screen.findByLabelText('Goal', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Trial starters', hidden: true }));
    const row = (await topKeywords.findByText('meditation app')).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('$5.00')).toBeTruthy());

    await user.click(topKeywords.getByRole('button', { name: /Cost per goal/ }));
    await waitFor(() =>
      expect(callsOf(calls, 'getTopKeywords').at(-1)).toMatchObject({
        input: { goalId: GOAL_ID, param: 'costPerGoal', sortDesc: true },
      }),
    );
  });

  it('has no goal select while the company has no goal', async () => {
    overviewServer(false);
    renderInApp(<OverviewPage />, '/overview');
    await screen.findByTestId('total-spend');
    expect(screen.queryByLabelText('Goal', { selector: 'input' })).toBeNull();
    expect(screen.queryByTestId('goal-cards')).toBeNull();
  });
});
