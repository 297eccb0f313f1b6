import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AUTOMATION_MESSAGES,
  ruleTemplate,
  SOCKET_EVENTS,
  type RuleBacktestProgress,
  type RuleBacktestResult,
  type RuleBacktestRun,
} from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { latestSocket } from '../../../test/fake-socket';
import { signIn } from '../../../test/session-fixtures';
import { renderInApp } from '../../../test/render-app-page';
import { connectSessionToApi } from '../../auth/session/session-api';
import { GraphqlFailure, renderWithApp } from '../../ads-manager/actions/actions-test-kit';
import { APP } from '../../ads-manager/ads-manager-factories';
import { automationServer, buildChange, buildRule, RULE_ID } from '../automation-factories';
import type { AutomationRule } from './builder-api';
import { RuleBuilderDrawer } from './rule-builder-drawer';

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

type Answer = (variables: Record<string, unknown>) => unknown;

/** The builder's API: lookups with one account and no campaigns, plus the answers given. */
function builderServer(answers: Record<string, Answer> = {}) {
  return automationServer({
    getCampaignsByOrg: () => [],
    findByTeamId: () => [],
    createAutomationRule: ({ input }) => ({
      successMessage: AUTOMATION_MESSAGES.created,
      rule: buildRule({ name: (input as { name: string }).name }),
    }),
    updateAutomationRule: () => ({
      successMessage: AUTOMATION_MESSAGES.updated,
      rule: buildRule(),
    }),
    ...answers,
  }).calls;
}

const BACKTEST_ID = 'backtest-1';

/** The backtest operations: started as BACKTEST_ID, then answered with `run()` when read. */
function backtestAnswers(run: () => RuleBacktestRun): Record<string, Answer> {
  return {
    startAutomationRuleBacktest: () => ({
      successMessage: AUTOMATION_MESSAGES.backtestStarted,
      backtestId: BACKTEST_ID,
    }),
    automationRuleBacktest: () => run(),
  };
}

/** A 30-day backtest still running, `done` days replayed (none: its job has not started). */
const runningRun = (done: number): RuleBacktestRun => ({
  backtestId: BACKTEST_ID,
  status: 'RUNNING',
  done,
  total: done > 0 ? 30 : 0,
  failure: null,
  result: null,
  message: null,
});

const doneRun = (result: RuleBacktestResult): RuleBacktestRun => ({
  ...runningRun(30),
  status: 'DONE',
  result,
});

const emptyResult = (start: string, end: string): RuleBacktestResult => ({
  start,
  end,
  totalChanges: 0,
  days: [],
});

const progress = (status: RuleBacktestProgress['status'], done: number): RuleBacktestProgress => ({
  backtestId: BACKTEST_ID,
  status,
  done,
  total: 30,
  failure: null,
});

/** A bid change of the keyword "photo editor", capped. */
function keywordChange(): RuleBacktestResult['days'][number]['changes'][number] {
  return {
    adAccountId: APP.adAccountId,
    level: 'keyword',
    entityId: '9001',
    entityName: 'photo editor',
    action: 'CHANGE_BID',
    before: buildChange().before,
    after: buildChange().after,
    status: 'PLANNED',
    capped: true,
    message: null,
    conversion: null,
  };
}

function renderBuilder(rule: AutomationRule | null = null) {
  const onSaved = vi.fn();
  renderWithApp(<RuleBuilderDrawer opened rule={rule} onClose={vi.fn()} onSaved={onSaved} />);
  // No pause between keystrokes: the drawer is a large form.
  return { onSaved, user: userEvent.setup({ delay: null }) };
}

/** A saved rule whose definition is the Cut waste template with `change` applied. */
function ruleWith(change: (definition: ReturnType<typeof ruleTemplate>) => void) {
  const definition = ruleTemplate('CUT_WASTE');
  change(definition);
  return buildRule({ definition });
}

const conditionGroup = (number: number) =>
  screen.getByRole('group', { name: `Condition ${number}` });
const actionGroup = (number: number) => screen.getByRole('group', { name: `Action ${number}` });
const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save rule' }));

describe('rule builder', { timeout: 20_000 }, () => {
  it('opens a new rule on the template picker and fills the form from the chosen template', async () => {
    builderServer();
    const { user } = renderBuilder();
    expect(screen.getByRole('dialog', { name: 'New rule' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Start from scratch/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Cut waste/ }));

    expect(screen.getByLabelText<HTMLInputElement>(/Rule name/).value).toBe('Cut waste');
    const spend = conditionGroup(1);
    expect(within(spend).getByLabelText('Metric')).toHaveProperty('value', 'Spend');
    expect(within(spend).getByLabelText<HTMLInputElement>('Value').value).toBe('20');
    const installs = conditionGroup(2);
    expect(within(installs).getByLabelText('Comparator')).toHaveProperty('value', 'Less than');
    const bid = actionGroup(1);
    expect(within(bid).getByLabelText('Action')).toHaveProperty('value', 'Change bid');
    expect(within(bid).getByLabelText('Change')).toHaveProperty('value', 'Decrease by');
    expect(within(bid).getByLabelText<HTMLInputElement>('By or to').value).toBe('20');
  });

  it('compares a metric with another times a multiplier, in the units of each', async () => {
    builderServer();
    const { user } = renderBuilder();
    await user.click(screen.getByRole('button', { name: /Budget pacing/ }));
    const pacing = conditionGroup(1);
    expect(within(pacing).getByLabelText('Compare with')).toHaveProperty('value', 'Another metric');
    expect(within(pacing).getByLabelText('Other metric')).toHaveProperty('value', 'Daily budget');
    expect(within(pacing).getByLabelText('Multiplier')).toHaveProperty('value', '0.9');
    // The budget change is in percent; its limits in the rule's currency, the company's
    // reporting currency (dollars), converted for the account in euros.
    const budget = actionGroup(1);
    expect(within(budget).getByLabelText('Unit')).toHaveProperty('value', 'Percent');
    expect(within(budget).getByLabelText('Maximum budget').parentElement?.textContent).toContain(
      'USD',
    );
    await waitFor(() =>
      expect(screen.getByTestId('rule-currency').textContent).toBe(
        'Money in this rule is in USD. Items of accounts in EUR are judged and changed in their ' +
          "own currency, the rule's amounts converted at the reference rate of the day.",
      ),
    );
  });

  it("shows a saved rule's money in the currency it was saved in, and keeps it", async () => {
    const calls = builderServer();
    const rule = ruleWith((definition) => {
      definition.currency = 'GBP';
    });
    const { user } = renderBuilder(rule);
    expect(within(conditionGroup(1)).getByLabelText('Value').parentElement?.textContent).toContain(
      'GBP',
    );
    await waitFor(() =>
      expect(screen.getByTestId('rule-currency').textContent).toContain(
        'Money in this rule is in GBP. Items of accounts in EUR',
      ),
    );
    await save(user);
    await waitFor(() =>
      expect(calls.find((call) => call.operation === 'updateAutomationRule')?.variables).toEqual({
        id: RULE_ID,
        input: expect.objectContaining({ currency: 'GBP' }),
      }),
    );
  });

  it('saves "Installs equal to 0" but says "Enter a value other than 0." for an action value of 0', async () => {
    const calls = builderServer();
    const { user } = renderBuilder();
    await user.click(screen.getByRole('button', { name: /Cut waste/ }));
    const installs = conditionGroup(2);
    const comparator = within(installs).getByLabelText('Comparator', { selector: 'input' });
    await user.click(comparator);
    // Each condition's select has its own list of options: pick from this one's.
    const options = document.getElementById(comparator.getAttribute('aria-controls') ?? '');
    await user.click(within(options!).getByRole('option', { name: 'Equal to', hidden: true }));
    const value = within(installs).getByLabelText('Value');
    await user.clear(value);
    await user.type(value, '0');
    const by = within(actionGroup(1)).getByLabelText('By or to');
    await user.clear(by);
    await user.type(by, '0');
    await save(user);

    expect(await within(actionGroup(1)).findByText('Enter a value other than 0.')).toBeTruthy();
    expect(within(installs).queryByText('Enter a value other than 0.')).toBeNull();
    expect(calls.some((call) => call.operation === 'createAutomationRule')).toBe(false);

    await user.clear(by);
    await user.type(by, '20');
    await save(user);
    await waitFor(() =>
      expect(
        calls.find((call) => call.operation === 'createAutomationRule')?.variables.input,
      ).toMatchObject({
        conditions: [
          { metric: 'spend', comparator: 'GREATER_THAN', value: 20 },
          { metric: 'installs', comparator: 'EQUALS', value: 0 },
        ],
      }),
    );
  });

  it('brings the first problem into view, focuses it and says so when Save rule or Backtest is refused', async () => {
    const calls = builderServer();
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const { user } = renderBuilder();
    await user.click(screen.getByRole('button', { name: /Cut waste/ }));
    const value = within(conditionGroup(1)).getByLabelText('Value');
    await user.clear(value);
    const shown = 'Some fields need fixing: the first is now in view.';

    await save(user);
    await waitFor(() => expect(document.activeElement).toBe(value));
    expect(scrolled.mock.contexts).toEqual([value]);
    expect(await screen.findByText(shown)).toBeTruthy();

    // Backtest checks the same rule: the same problem, shown the same way.
    value.blur();
    await user.click(screen.getByRole('button', { name: 'Backtest' }));
    await waitFor(() => expect(document.activeElement).toBe(value));
    expect(scrolled.mock.contexts).toEqual([value, value]);
    expect(calls.some((call) => call.operation === 'createAutomationRule')).toBe(false);
    expect(calls.some((call) => call.operation === 'startAutomationRuleBacktest')).toBe(false);
    scrolled.mockRestore();
  });

  it('wants a range whose from is lower than its to', async () => {
    const calls = builderServer();
    const rule = ruleWith((definition) => {
      definition.conditions[0] = {
        metric: 'taps',
        comparator: 'IN_RANGE',
        range: { from: 5, to: 5 },
      };
    });
    const { user } = renderBuilder(rule);
    expect(screen.getByRole('dialog', { name: 'Edit rule' })).toBeTruthy();

    await save(user);

    expect(await within(conditionGroup(1)).findByText('From must be lower than to.')).toBeTruthy();
    const to = within(conditionGroup(1)).getByLabelText('To');
    await user.clear(to);
    await user.type(to, '50');
    await save(user);
    await waitFor(() =>
      expect(calls.find((call) => call.operation === 'updateAutomationRule')?.variables).toEqual({
        id: RULE_ID,
        input: expect.objectContaining({
          conditions: [
            { metric: 'taps', comparator: 'IN_RANGE', range: { from: 5, to: 50 } },
            rule.definition.conditions[1],
          ],
        }),
      }),
    );
  });

  it('asks for at least one recipient and for proper e-mail addresses', async () => {
    builderServer();
    const rule = ruleWith((definition) => {
      definition.actions.push({
        type: 'EMAIL_NOTIFICATION',
        recipients: { emails: [], externalEmails: [] },
      });
    });
    const { user } = renderBuilder(rule);

    await save(user);
    expect(
      await within(actionGroup(2)).findByText('Add at least one email or external email.'),
    ).toBeTruthy();

    await user.type(within(actionGroup(2)).getByLabelText('External e-mails'), 'a@@b{Enter}');
    await save(user);
    expect(await within(actionGroup(2)).findByText('Enter a valid email address.')).toBeTruthy();
  });

  it('sends the Slack action to the channels picked', async () => {
    const calls = builderServer({
      slackIntegration: () => ({ id: 'slack-1', status: 'ACTIVE', notifyChannel: null }),
      slackChannels: () => [
        { id: 'C0GENERAL1', name: 'general', isPrivate: false, isMember: true },
        { id: 'C0RANDOM01', name: 'random', isPrivate: false, isMember: false },
      ],
    });
    const rule = ruleWith((definition) => {
      definition.actions.push({ type: 'SLACK_NOTIFICATION', channels: [] });
    });
    const { user } = renderBuilder(rule);
    await save(user);
    expect(await within(actionGroup(2)).findByText('This field is required.')).toBeTruthy();

    await user.click(within(actionGroup(2)).getByLabelText('Slack channels'));
    await user.click(await screen.findByRole('option', { name: '#random', hidden: true }));
    await save(user);
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.operation === 'updateAutomationRule')
          .map((call) => (call.variables.input as { actions: unknown[] }).actions[1]),
      ).toEqual([{ type: 'SLACK_NOTIFICATION', channels: [{ id: 'C0RANDOM01', name: 'random' }] }]),
    );
  });

  it('points to /integrations when the Slack action has no Slack to post to', async () => {
    builderServer({ slackIntegration: () => null });
    const rule = ruleWith((definition) => {
      definition.actions.push({ type: 'SLACK_NOTIFICATION', channels: [] });
    });
    // Inside the app's router, as on /arrules: the notice links to another page.
    renderInApp(
      <RuleBuilderDrawer opened rule={rule} onClose={vi.fn()} onSaved={vi.fn()} />,
      '/arrules',
    );
    const notice = await within(actionGroup(2)).findByTestId('slack-not-connected');
    expect(notice.textContent).toContain('Slack is not connected.');
    expect(
      within(notice)
        .getByRole('link', { name: 'Connect it on the Integrations page' })
        .getAttribute('href'),
    ).toBe('/integrations');
  });

  it('keeps keywords to exactly one selected ad group', async () => {
    const calls = builderServer();
    const rule = ruleWith((definition) => {
      definition.scope = { ...definition.scope, adGroupIds: [], keywordIds: [9001] };
    });
    const { user } = renderBuilder(rule);
    const adGroups = screen.getByRole('combobox', { name: 'Ad groups' });
    expect(adGroups.getAttribute('aria-invalid')).not.toBe('true');

    await save(user);

    await waitFor(() => expect(adGroups.getAttribute('aria-invalid')).toBe('true'));
    const errorId = adGroups
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => /error/.test(id));
    expect(document.getElementById(errorId ?? '')?.textContent).toBe(
      'Keep exactly one ad group selected to pick keywords.',
    );
    expect(calls.some((call) => call.operation === 'updateAutomationRule')).toBe(false);
  });

  it('creates the rule with the edited template and toasts the result', async () => {
    const calls = builderServer();
    const { user, onSaved } = renderBuilder();
    await user.click(screen.getByRole('button', { name: /Cut waste/ }));
    // One change event: typing key by key re-renders the whole drawer for every letter.
    fireEvent.change(screen.getByLabelText(/Rule name/), { target: { value: 'Cut waste US' } });
    await save(user);

    expect(await screen.findByText('Rule created successfully')).toBeTruthy();
    expect(calls.filter((call) => call.operation === 'createAutomationRule')).toEqual([
      {
        operation: 'createAutomationRule',
        variables: {
          input: {
            name: 'Cut waste US',
            target: 'KEYWORD',
            scope: {
              adAccountIds: [],
              adamIds: [],
              campaignIds: [],
              adGroupIds: [],
              keywordIds: [],
            },
            lookback: { range: 'LAST_7_DAYS' },
            matchMode: 'ALL',
            conditions: [
              { metric: 'spend', comparator: 'GREATER_THAN', value: 20 },
              { metric: 'installs', comparator: 'LESS_THAN', value: 1 },
            ],
            actions: [{ type: 'CHANGE_BID', operation: 'DECREASE_BY', unit: 'PERCENT', value: 20 }],
            checkFrequency: 'DAILY',
            actionLimitFrequency: 'EVERY_3_DAYS',
            runUntil: null,
            caps: {},
            // The money is in the currency the builder showed: the reporting currency.
            currency: 'USD',
          },
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Cut waste US' }));
  });

  it('shows "Rule name already exists" on the name and other failures as a toast', async () => {
    let failure = new GraphqlFailure('CONFLICT', AUTOMATION_MESSAGES.nameTaken);
    builderServer({
      createAutomationRule: () => {
        throw failure;
      },
    });
    const { user, onSaved } = renderBuilder();
    await user.click(screen.getByRole('button', { name: /Scale winners/ }));
    await save(user);
    const name = screen.getByLabelText(/Rule name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Rule name already exists')).toBeTruthy();

    failure = new GraphqlFailure('INTERNAL', 'Something broke');
    await save(user);
    expect(await screen.findByText('Rule update/creation failed. Please try later')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('keeps only the actions the target allows', async () => {
    const calls = builderServer();
    const { user } = renderBuilder();
    await user.click(screen.getByRole('button', { name: /Cut waste/ }));
    await user.click(screen.getByLabelText('Applies to', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Campaigns', hidden: true }));

    // Keyword bids do not apply to campaigns: the action goes, and a rule needs one.
    expect(screen.queryByRole('group', { name: 'Action 1' })).toBeNull();
    await save(user);
    expect(await screen.findByText('Add at least one action.')).toBeTruthy();
    expect(calls.some((call) => call.operation === 'createAutomationRule')).toBe(false);
  });

  it('asks which ad group receives promoted search terms', async () => {
    builderServer();
    const { user } = renderBuilder();
    await user.click(screen.getByRole('button', { name: /Promote search terms/ }));
    await save(user);
    expect(
      await within(actionGroup(1)).findAllByText('Choose the ad group that receives the keyword.'),
    ).not.toHaveLength(0);
  });

  it('lets read-only members look but not save', async () => {
    signIn({ IsReadOnly: true });
    const calls = builderServer(
      backtestAnswers(() => doneRun(emptyResult('2026-02-01', '2026-03-02'))),
    );
    const { user } = renderBuilder(buildRule());
    expect(screen.getByRole('button', { name: 'Save rule' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/Rule name/)).toHaveProperty('disabled', true);
    // Inside a disabled fieldset: the browser disables every control of the section.
    expect(within(conditionGroup(1)).getByLabelText('Value').matches(':disabled')).toBe(true);

    // A backtest only reads: read-only members may run it.
    await user.click(screen.getByRole('button', { name: 'Backtest' }));
    await waitFor(() =>
      expect(calls.some((call) => call.operation === 'startAutomationRuleBacktest')).toBe(true),
    );
  });

  it('backtests the draft over the last 30 days with a progress bar, then lists what would have changed', async () => {
    const result: RuleBacktestResult = {
      start: '2026-02-01',
      end: '2026-03-02',
      totalChanges: 1,
      days: [
        { date: '2026-02-28', evaluated: 12, matched: 0, changes: [] },
        {
          date: '2026-03-01',
          evaluated: 12,
          matched: 1,
          changes: [
            {
              ...keywordChange(),
              conversion: {
                ruleCurrency: 'USD',
                currency: 'EUR',
                factor: 0.8,
                rateDay: '2026-03-01',
                values: [
                  {
                    source: 'condition',
                    name: 'spend',
                    ruleMicros: 20_000_000,
                    micros: 16_000_000,
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    let run: RuleBacktestRun = runningRun(0);
    const calls = builderServer(backtestAnswers(() => run));
    const { user } = renderBuilder();
    await user.click(screen.getByRole('button', { name: /Cut waste/ }));
    await user.click(screen.getByRole('button', { name: 'Backtest' }));

    // The job has not started: the bar waits; then the socket tells each day replayed.
    expect(await screen.findByText('Waiting for the backtest to start…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Backtest progress' })).toBeTruthy();
    act(() => latestSocket().deliver(SOCKET_EVENTS.ruleBacktest, progress('RUNNING', 12)));
    expect(await screen.findByText('Replaying day 12 of 30…')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Backtest progress' }).getAttribute('aria-valuenow'),
    ).toBe('40');

    // Done: the result is read once, as the socket says it ended.
    run = doneRun(result);
    act(() => latestSocket().deliver(SOCKET_EVENTS.ruleBacktest, progress('DONE', 30)));
    const region = await screen.findByRole('region', { name: 'Backtest result' });
    expect(await screen.findByText('Backtest finished')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Backtest progress' })).toBeNull();
    expect(
      within(region).getByText('From 2026-02-01 to 2026-03-02: days it fired: 1; changes: 1.'),
    ).toBeTruthy();
    const row = within(region).getByRole('row', { name: /photo editor/ });
    expect(within(row).getByText('Change bid')).toBeTruthy();
    // The automation server's account is in euros; bids are stored in micros.
    expect(within(row).getByText(/€1\.50 → €1\.20/)).toBeTruthy();
    expect(within(row).getByText('Capped')).toBeTruthy();
    // The rule's dollars, converted for the account in euros, are marked as converted.
    expect(within(row).getByText('converted')).toBeTruthy();
    expect(within(row).getByText('Spend: $20.00 ≈ €16.00')).toBeTruthy();

    const sent = calls.find((call) => call.operation === 'startAutomationRuleBacktest')!.variables
      .input as { rule: { name: string }; start: string; end: string };
    expect(sent.rule.name).toBe('Cut waste');
    const days = (Date.parse(sent.end) - Date.parse(sent.start)) / 86_400_000 + 1;
    expect(days).toBe(30);
    expect(sent.end).toBe(new Date().toISOString().slice(0, 10));
    expect(
      calls.filter((call) => call.operation === 'automationRuleBacktest').at(-1)!.variables,
    ).toEqual({ id: BACKTEST_ID });
  });

  it('says when a backtest finds nothing, read without the socket, and refuses ranges over 90 days', async () => {
    const calls = builderServer(
      backtestAnswers(() => doneRun(emptyResult('2026-02-01', '2026-02-10'))),
    );
    const { user } = renderBuilder(buildRule());
    const start = screen.getByLabelText('From', { selector: 'input[type="date"]' });
    fireEvent.change(start, { target: { value: '2025-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Backtest' }));
    expect(await screen.findByText('A backtest covers at most 90 days.')).toBeTruthy();
    expect(calls.some((call) => call.operation === 'startAutomationRuleBacktest')).toBe(false);

    fireEvent.change(start, { target: { value: '2026-02-01' } });
    const end = screen.getByLabelText('To', { selector: 'input[type="date"]' });
    fireEvent.change(end, { target: { value: '2026-02-10' } });
    await user.click(screen.getByRole('button', { name: 'Backtest' }));
    expect(
      await screen.findByText('The rule would not have fired between 2026-02-01 and 2026-02-10.'),
    ).toBeTruthy();
  });

  it('says how many changes it lists when a backtest found more', async () => {
    const result: RuleBacktestResult = {
      start: '2026-02-01',
      end: '2026-03-02',
      totalChanges: 2_500,
      days: [{ date: '2026-03-01', evaluated: 12, matched: 1, changes: [keywordChange()] }],
    };
    builderServer(backtestAnswers(() => doneRun(result)));
    const { user } = renderBuilder(buildRule());
    await user.click(screen.getByRole('button', { name: 'Backtest' }));
    expect(await screen.findByText('Showing the first 1 of 2,500 changes.')).toBeTruthy();
  });

  it('says why a backtest failed or could not start', async () => {
    const tooWideRun: RuleBacktestRun = { ...runningRun(1), status: 'FAILED', failure: 'TOO_WIDE' };
    builderServer(backtestAnswers(() => tooWideRun));
    const { user } = renderBuilder(buildRule());
    await user.click(screen.getByRole('button', { name: 'Backtest' }));
    const tooWide = "The rule's scope holds more than 50,000 items a day. Narrow it to backtest.";
    // In the panel and as a toast, both read out as alerts.
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').filter((alert) => alert.textContent === tooWide),
      ).toHaveLength(2),
    );

    // A second backtest while the first still runs (in another tab) is refused.
    builderServer({
      startAutomationRuleBacktest: () => {
        throw new GraphqlFailure('CONFLICT', AUTOMATION_MESSAGES.backtestRunning);
      },
    });
    await user.click(screen.getByRole('button', { name: 'Backtest' }));
    expect(
      await screen.findByText('A backtest of yours is still running. Wait for it to finish.'),
    ).toBeTruthy();
  });
});
