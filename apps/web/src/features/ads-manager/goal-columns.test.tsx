import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { giveReportTableAHeight } from '../../test/report-table-viewport';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { GOAL_ID, buildGoal } from '../goals/goals-factories';
import {
  adsManagerServer,
  buildCounts,
  buildPage,
  buildRow,
  queryOf,
} from './ads-manager-factories';
import AdsManagerPage from './ads-manager-page';
import { columnsOf } from './table/columns';

const callsOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => queryOf(call.variables));

let removeTableHeight: () => void;
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
  removeTableHeight = giveReportTableAHeight();
});
afterAll(() => removeTableHeight());
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());
configure({ asyncUtilTimeout: 5_000 });

const headers = () =>
  within(screen.getByTestId('report-table'))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
    .filter(Boolean);

/** 25 USD spent, 12 installs; the partner saw 10 installs and 5 goals worth 50 USD. */
const row = buildRow('campaigns', 1, {
  goalCounts: { goals: 5, goalsRevenueMicros: 50_000_000, attrInstalls: 10 },
});
const page = () => {
  const base = buildPage([row]);
  return {
    ...base,
    totals: {
      byCurrency: [
        {
          currency: 'USD',
          counts: buildCounts({ localSpendMicros: 1_234_560_000 }),
          goalCounts: { goals: 100, goalsRevenueMicros: 2_469_120_000, attrInstalls: 200 },
        },
      ],
      converted: null,
    },
  };
};

describe('ads manager goal columns', { timeout: 30_000 }, () => {
  it('offers the goal columns only while a goal is picked', () => {
    const keys = (withGoal: boolean) =>
      columnsOf('campaigns', withGoal).map((column) => column.key);
    expect(keys(false)).not.toContain('costPerGoal');
    expect(keys(true)).toEqual(
      expect.arrayContaining([
        'goals',
        'costPerGoal',
        'goalRate',
        'revenuePerGoal',
        'goalsRevenue',
        'goalsRoas',
        'goalAMPU',
        'attrInstall',
        'attrInstallRate',
      ]),
    );
    expect(columnsOf('negativeKeywords', true).map((column) => column.key)).not.toContain('goals');
  });

  it('passes the picked goal to the report and computes its columns and totals from goalCounts', async () => {
    const calls = adsManagerServer({
      doesGoalExist: () => true,
      getGoals: () => [buildGoal()],
      campaignReports: () => page(),
    });
    renderInApp(<AdsManagerPage />, '/ads-manager');
    await screen.findAllByTestId('report-row');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Goal', { selector: 'input' }));
    await user.click(
      await screen.findByRole('option', { name: 'Trial starters — Puzzle Quest', hidden: true }),
    );
    await waitFor(() =>
      expect(callsOf(calls, 'campaignReports').at(-1)).toMatchObject({ goalId: GOAL_ID }),
    );

    await user.click(screen.getByTestId('column-chooser'));
    for (const name of ['Cost per goal', 'Goal rate', 'Goal ROAS', 'Attributed install rate'])
      await user.click(await screen.findByRole('checkbox', { name, hidden: true }));
    await waitFor(() => expect(headers()).toContain('Cost per goal'));

    const cells = within((await screen.findAllByTestId('report-row'))[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(expect.arrayContaining(['$5.00', '50.00%', '200.00%', '83.33%']));
    expect(screen.getByTestId('total-costPerGoal').textContent).toBe('$12.35');
    expect(screen.getByTestId('total-goalsRoas').textContent).toBe('200.00%');

    await user.click(screen.getByTestId('sort-costPerGoal'));
    await waitFor(() =>
      expect(callsOf(calls, 'campaignReports').at(-1)).toMatchObject({
        goalId: GOAL_ID,
        sortBy: 'costPerGoal',
      }),
    );
  });

  it('opens with the goal of the address, as a shared link or a reload has it', async () => {
    const calls = adsManagerServer({
      doesGoalExist: () => true,
      getGoals: () => [buildGoal()],
      campaignReports: () => page(),
    });
    renderInApp(<AdsManagerPage />, `/ads-manager?tab=campaigns&goal=${GOAL_ID}`);
    await screen.findAllByTestId('report-row');
    expect(callsOf(calls, 'campaignReports')[0]).toMatchObject({ goalId: GOAL_ID });
    await waitFor(() =>
      expect((screen.getByLabelText('Goal', { selector: 'input' }) as HTMLInputElement).value).toBe(
        'Trial starters — Puzzle Quest',
      ),
    );
  });

  it('hides the goal select while the company has no goal', async () => {
    adsManagerServer({ doesGoalExist: () => false, campaignReports: () => page() });
    renderInApp(<AdsManagerPage />, '/ads-manager');
    await screen.findAllByTestId('report-row');
    expect(screen.queryByLabelText('Goal', { selector: 'input' })).toBeNull();
  });
});
