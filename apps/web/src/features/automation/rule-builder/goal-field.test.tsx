// The rule builder's goal picker: the goals of the rule's app, and goal metrics in the condition
// list only once one is picked; the rule is saved with its goal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTOMATION_MESSAGES, ruleTemplate } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { signIn } from '../../../test/session-fixtures';
import { connectSessionToApi } from '../../auth/session/session-api';
import { renderWithApp } from '../../ads-manager/actions/actions-test-kit';
import { APP } from '../../ads-manager/ads-manager-factories';
import { automationServer, buildRule, RULE_ID } from '../automation-factories';
import { RuleBuilderDrawer } from './rule-builder-drawer';

const GOAL_ID = '6b1f3f7e-3a52-4c2a-9d0e-2f4a7f1c9b10';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

/** A saved Cut waste rule over the one app APP. */
function appRule() {
  const definition = ruleTemplate('CUT_WASTE');
  definition.scope = { ...definition.scope, adamIds: [APP.adamId] };
  return buildRule({ definition });
}

function server() {
  return automationServer({
    getCampaignsByOrg: () => [],
    findByTeamId: () => [],
    getGoalsFromApp: ({ appId }) =>
      appId === APP.adamId ? [{ id: GOAL_ID, name: 'Trials', status: 'ACTIVE' }] : [],
    updateAutomationRule: () => ({
      successMessage: AUTOMATION_MESSAGES.updated,
      rule: buildRule(),
    }),
  }).calls;
}

/** A select's own list, opened. */
async function listOf(user: ReturnType<typeof userEvent.setup>, input: HTMLElement) {
  await user.click(input);
  return waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(list).toBeTruthy();
    return list!;
  });
}

/** The options of a select, from its own list. */
async function optionsOf(user: ReturnType<typeof userEvent.setup>, input: HTMLElement) {
  return within(await listOf(user, input))
    .queryAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
}

describe('goal conditions in the rule builder', { timeout: 20_000 }, () => {
  it("offers the goals of the rule's app and their metrics once one is picked, and saves both", async () => {
    const calls = server();
    const user = userEvent.setup({ delay: null });
    renderWithApp(
      <RuleBuilderDrawer opened rule={appRule()} onClose={vi.fn()} onSaved={vi.fn()} />,
      { mantineEnv: 'test' },
    );
    const metric = () =>
      within(screen.getByRole('group', { name: 'Condition 1' })).getByLabelText('Metric', {
        selector: 'input',
      });
    const goal = screen.getByLabelText('Goal', { selector: 'input' });
    await waitFor(() => expect(goal).toHaveProperty('disabled', false));
    const before = await optionsOf(user, metric());
    expect(before).toContain('Spend');
    expect(before).not.toContain('Cost per goal');
    await user.keyboard('{Escape}');

    const goals = await listOf(user, goal);
    await user.click(await within(goals).findByRole('option', { name: 'Trials', hidden: true }));

    expect(await optionsOf(user, metric())).toContain('Cost per goal');
    const metricList = document.getElementById(metric().getAttribute('aria-controls') ?? '');
    await user.click(
      within(metricList!).getByRole('option', { name: 'Cost per goal', hidden: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(calls.find((call) => call.operation === 'updateAutomationRule')?.variables).toEqual({
        id: RULE_ID,
        input: expect.objectContaining({
          goalId: GOAL_ID,
          conditions: expect.arrayContaining([expect.objectContaining({ metric: 'costPerGoal' })]),
        }),
      }),
    );
  });
});
