import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTOMATION_MESSAGES, type RuleLogEntry } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { GraphqlFailure } from '../ads-manager/actions/actions-test-kit';
import {
  RULE_ID,
  RUN_ID,
  automationServer,
  buildChange,
  buildLogEntry,
  buildRule,
  buildSafety,
} from './automation-factories';
import AutomationPage from './automation-page';
import type { AutomationRule } from './rule-builder/builder-api';

const NOW = new Date('2026-03-02T12:00:00Z');

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

configure({ asyncUtilTimeout: 5_000 });

const variablesOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);

const renderPage = () => renderInApp(<AutomationPage />, '/arrules');

/**
 * jsdom lays nothing out, so floating-ui may call a menu's anchor hidden and hide the menu: its
 * items are found whatever their visibility.
 */
const menuItem = (name: string) => screen.findByRole('menuitem', { name, hidden: true });

async function chooseFromRuleMenu(ruleName: string, item: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Actions for ${ruleName}` }));
  await user.click(await menuItem(item));
  return user;
}

/** The confirmation "Run now" opens (the house dialog is found by its title). */
const runConfirmation = async () =>
  (await screen.findByText('Run the rule now?')).closest<HTMLElement>('[role="dialog"]')!;

/** Answers that confirmation: runs (the dialog's own Run now) or cancels. */
async function answerRunConfirmation(user: ReturnType<typeof userEvent.setup>, run: boolean) {
  const dialog = await runConfirmation();
  await user.click(within(dialog).getByRole('button', { name: run ? 'Run now' : 'Cancel' }));
}

async function openLogs() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Logs' }));
  return user;
}

describe('automation rules page', { timeout: 20_000 }, () => {
  describe('rules tab', () => {
    it('lists each rule with its target, status, last run and next run', async () => {
      automationServer({
        automationRules: () => [
          buildRule({
            enabled: true,
            status: 'LAST RUN FAILED',
            lastRunAt: '2026-03-02T10:00:00.000Z',
            lastRunStatus: 'FAILED',
            nextRunAt: '2026-03-02T13:00:00.000Z',
          }),
          buildRule({ id: 'r2', name: 'Budget pacing', status: 'CREATED' }),
        ],
      });
      renderPage();

      const rows = await screen.findAllByTestId('rule-row');
      expect(rows).toHaveLength(2);
      const first = within(rows[0]!);
      expect(first.getByText('Keywords')).toBeTruthy();
      expect(first.getByText('Last run failed')).toBeTruthy();
      expect(first.getByText('2 hours ago')).toBeTruthy();
      expect(first.getByText('Failed')).toBeTruthy();
      expect(first.getByText('in 1 hour')).toBeTruthy();
      expect(first.getByRole('switch', { name: 'Disable Cut waste' })).toBeTruthy();
      const second = within(rows[1]!);
      expect(second.getByText('Created')).toBeTruthy();
      expect(second.getByText('Never run')).toBeTruthy();
      expect(second.getByText('Not scheduled')).toBeTruthy();
      expect(second.getByRole('switch', { name: 'Enable Budget pacing' })).toBeTruthy();
    });

    it("enables a rule and toasts the server's message", async () => {
      const { calls } = automationServer({
        setAutomationRuleEnabled: () => ({
          successMessage: AUTOMATION_MESSAGES.enabled,
          rule: buildRule({ enabled: true, status: 'ENABLED', nextRunAt: NOW.toISOString() }),
        }),
      });
      renderPage();
      await userEvent
        .setup()
        .click(await screen.findByRole('switch', { name: 'Enable Cut waste' }));

      expect(await screen.findByText('Rule enabled successfully')).toBeTruthy();
      expect(variablesOf(calls, 'setAutomationRuleEnabled')).toEqual([
        { id: RULE_ID, enabled: true },
      ]);
      expect(await screen.findByRole('switch', { name: 'Disable Cut waste' })).toBeTruthy();
      expect(within(screen.getByTestId('rule-row')).getByText('Enabled')).toBeTruthy();
    });

    it('says the spec\'s "Rule update/creation failed" when disabling fails', async () => {
      automationServer({
        automationRules: () => [buildRule({ enabled: true, status: 'ENABLED' })],
        setAutomationRuleEnabled: () => {
          throw new GraphqlFailure('INTERNAL', 'boom');
        },
      });
      renderPage();
      await userEvent
        .setup()
        .click(await screen.findByRole('switch', { name: 'Disable Cut waste' }));
      expect(await screen.findByText(AUTOMATION_MESSAGES.saveFailed)).toBeTruthy();
    });

    it('deletes a rule after confirmation', async () => {
      let rules = [buildRule()];
      const { calls } = automationServer({
        automationRules: () => rules,
        deleteAutomationRule: () => {
          rules = [];
          return { successMessage: AUTOMATION_MESSAGES.deleted };
        },
      });
      renderPage();
      const user = await chooseFromRuleMenu('Cut waste', 'Delete');
      const dialog = await screen.findByRole('dialog');
      expect(
        within(dialog).getByText('Delete the rule "Cut waste"? Its logs are kept.'),
      ).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('Rule deleted successfully')).toBeTruthy();
      expect(variablesOf(calls, 'deleteAutomationRule')).toEqual([{ id: RULE_ID }]);
      expect(await screen.findByText('No rules yet')).toBeTruthy();
    });

    it('edits a rule in the builder and shows the saved rule in the list', async () => {
      let rules = [buildRule()];
      const { calls } = automationServer({
        automationRules: () => rules,
        updateAutomationRule: (variables) => {
          const input = variables.input as AutomationRule['definition'];
          rules = [buildRule({ name: input.name, definition: input, status: 'UPDATED' })];
          return { successMessage: AUTOMATION_MESSAGES.updated, rule: rules[0] };
        },
      });
      renderPage();
      const user = await chooseFromRuleMenu('Cut waste', 'Edit');
      const drawer = await screen.findByRole('dialog', { name: 'Edit rule' });
      const name = within(drawer).getByRole('textbox', { name: /Rule name/ });
      expect((name as HTMLInputElement).value).toBe('Cut waste');
      await user.clear(name);
      await user.type(name, 'Cut waste harder');
      await user.click(within(drawer).getByRole('button', { name: 'Save rule' }));

      expect(await screen.findByText('Cut waste harder')).toBeTruthy();
      expect(variablesOf(calls, 'updateAutomationRule')[0]).toMatchObject({
        id: RULE_ID,
        input: { name: 'Cut waste harder', target: 'KEYWORD' },
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('offers the templates when there is no rule yet', async () => {
      automationServer({ automationRules: () => [] });
      renderPage();
      expect(await screen.findByText('No rules yet')).toBeTruthy();
      await userEvent
        .setup()
        .click(screen.getByRole('button', { name: 'Create a rule from a template' }));
      expect(await screen.findByRole('dialog')).toBeTruthy();
    });

    it('offers a retry when the rules cannot be loaded', async () => {
      let failing = true;
      automationServer({
        automationRules: () => {
          if (failing) throw new GraphqlFailure('INTERNAL', 'down');
          return [buildRule()];
        },
      });
      renderPage();
      const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
      failing = false;
      await userEvent.setup().click(retry);
      expect(await screen.findAllByTestId('rule-row')).toHaveLength(1);
    });
  });

  describe('running a rule', () => {
    it('runs now, follows the run until it ends, then shows its changes', async () => {
      let polls = 0;
      const { calls } = automationServer({
        runAutomationRule: () => ({
          successMessage: AUTOMATION_MESSAGES.runStarted,
          runId: RUN_ID,
        }),
        automationRuleLogEntry: () =>
          ++polls < 2 ? buildLogEntry({ status: 'PENDING', finishedAt: null }) : buildLogEntry(),
        automationRuleChanges: () => [
          buildChange({
            capped: true,
            // The rule is in dollars, the account in euros.
            conversion: {
              ruleCurrency: 'USD',
              currency: 'EUR',
              factor: 0.8,
              rateDay: '2026-03-02',
              values: [
                { source: 'action', name: 'value', ruleMicros: 500_000, micros: 400_000 },
                { source: 'cap', name: 'maxBidChange', ruleMicros: 2_000_000, micros: 1_600_000 },
              ],
            },
          }),
          buildChange({
            id: 'c2',
            level: 'campaign',
            entityName: 'Brand US',
            action: 'CHANGE_BUDGET',
            before: { dailyBudgetMicros: 100_000_000 },
            after: { dailyBudgetMicros: 110_000_000 },
            status: 'SKIPPED',
            message: 'Over the limit of changes per run',
          }),
        ],
      });
      renderPage();
      await answerRunConfirmation(await chooseFromRuleMenu('Cut waste', 'Run now'), true);

      expect(await screen.findByText('Rule run started')).toBeTruthy();
      expect(variablesOf(calls, 'runAutomationRule')).toEqual([{ id: RULE_ID, dryRun: false }]);
      expect(await screen.findByText('The rule is running…')).toBeTruthy();

      const details = await screen.findByTestId('run-changes', {}, { timeout: 6_000 });
      expect(polls).toBeGreaterThanOrEqual(2);
      expect(variablesOf(calls, 'automationRuleLogEntry')[0]).toEqual({ id: RUN_ID });
      expect(variablesOf(calls, 'automationRuleChanges')).toEqual([{ runId: RUN_ID }]);
      const [bid, budget] = within(details).getAllByTestId('change-row');
      expect(within(bid!).getByText('€1.50')).toBeTruthy();
      expect(within(bid!).getByText('€1.20')).toBeTruthy();
      expect(within(bid!).getByText('Capped')).toBeTruthy();
      expect(within(bid!).getByText('Applied')).toBeTruthy();
      // The rule's dollar amounts, marked as converted into the account's euros.
      expect(within(bid!).getByText('converted')).toBeTruthy();
      expect(
        within(bid!).getByText('Amount: $0.50 ≈ €0.40; Largest bid change: $2.00 ≈ €1.60'),
      ).toBeTruthy();
      expect(within(budget!).queryByText('converted')).toBeNull();
      expect(within(budget!).getByText('Change daily budget')).toBeTruthy();
      expect(within(budget!).getByText('€110.00')).toBeTruthy();
      expect(within(budget!).getByText('Skipped')).toBeTruthy();
      // The list was asked again once the run ended.
      await waitFor(() =>
        expect(calls.filter((call) => call.operation === 'automationRules').length).toBeGreaterThan(
          1,
        ),
      );
    });

    it('asks before a real run, saying what it will do, and runs nothing when cancelled', async () => {
      const { calls } = automationServer({});
      renderPage();
      const user = await chooseFromRuleMenu('Cut waste', 'Run now');

      const dialog = await runConfirmation();
      expect(
        within(dialog).getByText(
          '"Cut waste" checks its conditions now and sends the changes it decides to Apple Ads at once (bids, budgets, statuses, keywords), within its safety caps. You can revert them from its log; a dry run shows them first without changing anything.',
        ),
      ).toBeTruthy();
      await answerRunConfirmation(user, false);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(variablesOf(calls, 'runAutomationRule')).toEqual([]);
    });

    it('dry-runs a rule and shows each planned change with where it is and the values it matched on', async () => {
      const { calls } = automationServer({
        runAutomationRule: () => ({
          successMessage: AUTOMATION_MESSAGES.runStarted,
          runId: RUN_ID,
        }),
        automationRuleLogEntry: () =>
          buildLogEntry({
            status: 'CONDITION MATCHED',
            dryRun: true,
            applied: 0,
            planned: 2,
            revertible: false,
          }),
        automationRuleChanges: () => [
          buildChange({ status: 'PLANNED', appliedAt: null }),
          buildChange({
            id: 'c2',
            level: 'campaign',
            entityName: 'Photo US – Exact',
            adGroupId: null,
            adGroupName: null,
            matchedValues: { spend: 480_500_000, dailyBudget: 500_000_000, ttr: 0.0425 },
            action: 'CHANGE_BUDGET',
            before: { dailyBudgetMicros: 500_000_000 },
            after: { dailyBudgetMicros: 550_000_000 },
            status: 'PLANNED',
            appliedAt: null,
          }),
        ],
      });
      renderPage();
      await chooseFromRuleMenu('Cut waste', 'Dry run');

      // A dry run changes nothing: it starts without a confirmation.
      const modal = await screen.findByRole('dialog', { name: 'Run of Cut waste' });
      expect(screen.queryByText('Run the rule now?')).toBeNull();
      expect(variablesOf(calls, 'runAutomationRule')).toEqual([{ id: RULE_ID, dryRun: true }]);
      expect(within(modal).getByText('Condition matched')).toBeTruthy();
      expect(within(modal).getAllByText('Dry run').length).toBeGreaterThan(0);
      expect(within(modal).queryByRole('button', { name: 'Revert' })).toBeNull();
      expect(within(modal).getByRole('columnheader', { name: 'Matched on' })).toBeTruthy();
      const [keyword, campaign] = await within(modal).findAllByTestId('change-row');
      expect(within(keyword!).getByText('Planned')).toBeTruthy();
      expect(within(keyword!).getByText('Campaign: Photo US – Exact')).toBeTruthy();
      expect(within(keyword!).getByText('Ad group: Editors')).toBeTruthy();
      // Values in the account's currency (euros here), counts as they are.
      expect(within(keyword!).getByText('Spend: €30.00')).toBeTruthy();
      expect(within(keyword!).getByText('Installs: 0')).toBeTruthy();
      // A campaign is not told its own campaign; it has no ad group.
      expect(within(campaign!).queryByText(/^Campaign:/)).toBeNull();
      expect(within(campaign!).queryByText(/^Ad group:/)).toBeNull();
      expect(within(campaign!).getByText('Spend: €480.50')).toBeTruthy();
      expect(within(campaign!).getByText('Daily budget: €500.00')).toBeTruthy();
      expect(within(campaign!).getByText('TTR: 4.25%')).toBeTruthy();
    });

    it('says automation is switched off when a run is refused by the kill switch', async () => {
      automationServer({
        runAutomationRule: () => {
          throw new GraphqlFailure('AUTOMATION_SWITCHED_OFF', AUTOMATION_MESSAGES.killSwitchOn);
        },
      });
      renderPage();
      await answerRunConfirmation(await chooseFromRuleMenu('Cut waste', 'Run now'), true);
      expect(await screen.findByText(AUTOMATION_MESSAGES.killSwitchOn)).toBeTruthy();
      // The confirmation closes and no run opens.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  });

  describe('logs tab', () => {
    const entries: RuleLogEntry[] = [
      buildLogEntry(),
      buildLogEntry({
        id: 'run-2',
        status: 'CONDITION NOT MATCHED',
        trigger: 'SCHEDULED',
        matched: 0,
        applied: 0,
        revertible: false,
        revertedAt: null,
        at: '2026-03-02T09:00:00.000Z',
      }),
      buildLogEntry({
        id: 'run-3',
        revertible: false,
        reverted: 3,
        applied: 0,
        revertedAt: '2026-03-02T11:00:00.000Z',
        at: '2026-03-02T08:00:00.000Z',
      }),
      buildLogEntry({
        id: 'event-1',
        kind: 'EVENT',
        status: 'ENABLED',
        trigger: null,
        evaluated: 0,
        matched: 0,
        applied: 0,
        revertible: false,
        at: '2026-03-01T08:00:00.000Z',
        finishedAt: null,
      }),
    ];

    it('shows runs and events with their counts, and reverted runs as such', async () => {
      const { calls } = automationServer({
        automationRuleLogs: () => ({ entries, total: entries.length }),
      });
      renderPage();
      await openLogs();

      const rows = await screen.findAllByTestId('log-row');
      expect(rows).toHaveLength(4);
      expect(variablesOf(calls, 'automationRuleLogs')).toEqual([
        { query: { statuses: [], offset: 0, limit: 50 } },
      ]);
      const first = within(rows[0]!);
      expect(first.getByText('Success')).toBeTruthy();
      expect(first.getByText('Manual')).toBeTruthy();
      expect(first.getByText('3 of 40')).toBeTruthy();
      expect(first.getByText('3 applied')).toBeTruthy();
      expect(first.getByRole('button', { name: 'Revert' })).toBeTruthy();
      expect(within(rows[1]!).getByText('Condition not matched')).toBeTruthy();
      expect(within(rows[1]!).getByText('Scheduled')).toBeTruthy();
      expect(within(rows[2]!).getByText('Reverted Mar 2, 2026, 11:00 AM UTC')).toBeTruthy();
      expect(within(rows[2]!).queryByRole('button', { name: 'Revert' })).toBeNull();
      // An event has no run to open.
      expect(within(rows[3]!).getByText('Enabled')).toBeTruthy();
      expect(within(rows[3]!).queryByRole('button', { name: /Details/ })).toBeNull();
      expect(screen.getByTestId('log-total').textContent).toBe('4 entries');
    });

    it("opens a rule's logs from its menu, filtered by the rule", async () => {
      const { calls } = automationServer({
        automationRuleLogs: () => ({ entries, total: entries.length }),
      });
      renderPage();
      await chooseFromRuleMenu('Cut waste', 'Logs');
      await screen.findAllByTestId('log-row');
      expect(variablesOf(calls, 'automationRuleLogs')).toEqual([
        { query: { statuses: [], ruleId: RULE_ID, offset: 0, limit: 50 } },
      ]);
      expect(screen.getByRole('tab', { name: 'Logs' }).getAttribute('aria-selected')).toBe('true');
    });

    it('filters dry runs only and exports the CSV with the same filters', async () => {
      const createObjectURL = vi.fn(() => 'blob:logs');
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { calls, fileRequests } = automationServer(
        { automationRuleLogs: () => ({ entries, total: entries.length }) },
        'time,rule,status\n2026-03-02T10:00:00Z,Cut waste,SUCCESS\n',
      );
      renderPage();
      const user = await chooseFromRuleMenu('Cut waste', 'Logs');
      await screen.findAllByTestId('log-row');
      await user.click(screen.getByRole('checkbox', { name: 'Dry runs only' }));

      await waitFor(() =>
        expect(variablesOf(calls, 'automationRuleLogs').at(-1)).toEqual({
          query: { statuses: [], ruleId: RULE_ID, dryRun: true, offset: 0, limit: 50 },
        }),
      );
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: 'CSV', hidden: true }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(fileRequests).toEqual([`/v1/api/automation/logs.csv?ruleId=${RULE_ID}&dryRun=true`]);
      const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
      expect(await blob.text()).toContain('Cut waste,SUCCESS');
      // The same filters as Excel.
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)', hidden: true }));
      await waitFor(() => expect(fileRequests).toHaveLength(2));
      expect(fileRequests[1]).toBe(`/v1/api/automation/logs.xlsx?ruleId=${RULE_ID}&dryRun=true`);
      click.mockRestore();
    });

    it('reverts a run after confirming how many changes it undoes', async () => {
      let reverted = false;
      const { calls } = automationServer({
        automationRuleLogs: () => ({
          entries: [
            reverted
              ? buildLogEntry({
                  applied: 0,
                  reverted: 3,
                  revertible: false,
                  revertedAt: NOW.toISOString(),
                })
              : buildLogEntry(),
          ],
          total: 1,
        }),
        revertAutomationRuleRun: () => {
          reverted = true;
          return { successMessage: AUTOMATION_MESSAGES.reverted, reverted: 2, skipped: 1 };
        },
      });
      renderPage();
      const user = await openLogs();
      await user.click(await screen.findByRole('button', { name: 'Revert' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Revert the 3 changes of this run?')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Revert' }));

      expect(
        await screen.findByText('Changes reverted 1 not reverted: changed since the run.'),
      ).toBeTruthy();
      expect(variablesOf(calls, 'revertAutomationRuleRun')).toEqual([{ runId: RUN_ID }]);
      expect(await screen.findByText('Reverted Mar 2, 2026, 12:00 PM UTC')).toBeTruthy();
    });

    it('says so when there is nothing left to revert', async () => {
      automationServer({
        automationRuleLogs: () => ({ entries: [buildLogEntry()], total: 1 }),
        revertAutomationRuleRun: () => {
          throw new GraphqlFailure('BAD_REQUEST', AUTOMATION_MESSAGES.nothingToRevert);
        },
      });
      renderPage();
      const user = await openLogs();
      await user.click(await screen.findByRole('button', { name: 'Revert' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revert' }),
      );
      expect(await screen.findByText(AUTOMATION_MESSAGES.nothingToRevert)).toBeTruthy();
    });

    it('opens the details of a run from its row', async () => {
      automationServer({
        automationRuleLogs: () => ({ entries, total: entries.length }),
        automationRuleLogEntry: () =>
          buildLogEntry({ id: 'run-2', status: 'CONDITION NOT MATCHED' }),
        automationRuleChanges: () => [],
      });
      renderPage();
      const user = await openLogs();
      const rows = await screen.findAllByTestId('log-row');
      await user.click(within(rows[1]!).getByText('Condition not matched'));
      const modal = await screen.findByRole('dialog', { name: 'Run of Cut waste' });
      expect(await within(modal).findByText('This run made no changes.')).toBeTruthy();
    });
  });

  describe('kill switch', () => {
    it('stops all automation after confirmation and shows the banner', async () => {
      let safety = buildSafety();
      const { calls } = automationServer({
        automationSafety: () => safety,
        setAutomationKillSwitch: (variables) => {
          safety = buildSafety({ killSwitch: variables.on === true });
          return safety;
        },
      });
      renderPage();
      const user = userEvent.setup();
      const toggle = await screen.findByRole('switch', { name: 'Stop all automation' });
      await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
      await user.click(toggle);
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Stop automation' }));

      expect(await screen.findByText('All automation stopped')).toBeTruthy();
      expect(variablesOf(calls, 'setAutomationKillSwitch')).toEqual([{ on: true }]);
      expect(
        within(await screen.findByTestId('kill-switch-banner')).getByText(
          AUTOMATION_MESSAGES.killSwitchOn,
        ),
      ).toBeTruthy();

      // Switching back on needs no confirmation.
      await user.click(screen.getByRole('switch', { name: 'Stop all automation' }));
      expect(await screen.findByText('Automation switched on again')).toBeTruthy();
      expect(variablesOf(calls, 'setAutomationKillSwitch')).toEqual([{ on: true }, { on: false }]);
      await waitFor(() => expect(screen.queryByTestId('kill-switch-banner')).toBeNull());
    });

    it('sends nothing when stopping is cancelled', async () => {
      const { calls } = automationServer({});
      renderPage();
      const user = userEvent.setup();
      const toggle = await screen.findByRole('switch', { name: 'Stop all automation' });
      await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
      await user.click(toggle);
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(variablesOf(calls, 'setAutomationKillSwitch')).toEqual([]);
    });

    it("shows a member the global switch's banner but no switch", async () => {
      signIn({ Role: 'STAFF' });
      automationServer({ automationSafety: () => buildSafety({ globalKillSwitch: true }) });
      renderPage();
      expect(await screen.findByText(AUTOMATION_MESSAGES.globalKillSwitchOn)).toBeTruthy();
      expect(screen.queryByRole('switch', { name: 'Stop all automation' })).toBeNull();
      expect(screen.getByRole('button', { name: 'New rule' })).toBeTruthy();
    });
  });

  it('shows a read-only member every change disabled, with the reason', async () => {
    signIn({ IsReadOnly: true });
    automationServer({
      automationRuleLogs: () => ({ entries: [buildLogEntry()], total: 1 }),
    });
    renderPage();
    const toggle = (await screen.findByRole('switch', {
      name: 'Enable Cut waste',
    })) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    const newRule = screen.getByRole('button', { name: 'New rule' }) as HTMLButtonElement;
    expect(newRule.disabled).toBe(true);
    expect(screen.queryByRole('switch', { name: 'Stop all automation' })).toBeNull();
    const user = userEvent.setup();
    await user.hover(newRule.closest('span')!);
    expect(
      await screen.findByText('Your role can view automation rules but not change them.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Actions for Cut waste' }));
    for (const name of ['Edit', 'Dry run', 'Run now', 'Delete']) {
      expect((await menuItem(name)).hasAttribute('disabled')).toBe(true);
    }
    expect((await menuItem('Logs')).hasAttribute('disabled')).toBe(false);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('tab', { name: 'Logs' }));
    const revert = (await screen.findByRole('button', { name: 'Revert' })) as HTMLButtonElement;
    expect(revert.disabled).toBe(true);
  });
});
