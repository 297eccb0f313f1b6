import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTOMATION_MESSAGES, ruleTemplate, type RuleBacktestResult } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { signIn } from '../../../test/session-fixtures';
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
    // The budget change is in percent; its limits in the account's currency (euros here).
    const budget = actionGroup(1);
    expect(within(budget).getByLabelText('Unit')).toHaveProperty('value', 'Percent');
    await waitFor(() =>
      expect(within(budget).getByLabelText('Maximum budget').parentElement?.textContent).toContain(
        'EUR',
      ),
    );
  });

  it('says "Enter a value other than 0." for a condition value of 0 and sends nothing', async () => {
    const calls = builderServer();
    const { user } = renderBuilder();
    await user.click(screen.getByRole('button', { name: /Cut waste/ }));
    const value = within(conditionGroup(1)).getByLabelText('Value');
    await user.clear(value);
    await user.type(value, '0');
    await save(user);

    expect(await within(conditionGroup(1)).findByText('Enter a value other than 0.')).toBeTruthy();
    expect(calls.some((call) => call.operation === 'createAutomationRule')).toBe(false);
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
    const calls = builderServer({
      backtestAutomationRule: () => ({
        start: '2026-02-01',
        end: '2026-03-02',
        totalChanges: 0,
        days: [],
      }),
    });
    const { user } = renderBuilder(buildRule());
    expect(screen.getByRole('button', { name: 'Save rule' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/Rule name/)).toHaveProperty('disabled', true);
    // Inside a disabled fieldset: the browser disables every control of the section.
    expect(within(conditionGroup(1)).getByLabelText('Value').matches(':disabled')).toBe(true);

    // A backtest only reads: read-only members may run it.
    await user.click(screen.getByRole('button', { name: 'Backtest' }));
    await waitFor(() =>
      expect(calls.some((call) => call.operation === 'backtestAutomationRule')).toBe(true),
    );
  });

  it('backtests the draft over the last 30 days and lists what would have changed', async () => {
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
            },
          ],
        },
      ],
    };
    const calls = builderServer({ backtestAutomationRule: () => result });
    const { user } = renderBuilder();
    await user.click(screen.getByRole('button', { name: /Cut waste/ }));
    await user.click(screen.getByRole('button', { name: 'Backtest' }));

    const region = await screen.findByRole('region', { name: 'Backtest result' });
    expect(
      within(region).getByText('From 2026-02-01 to 2026-03-02: days it fired: 1; changes: 1.'),
    ).toBeTruthy();
    const row = within(region).getByRole('row', { name: /photo editor/ });
    expect(within(row).getByText('Change bid')).toBeTruthy();
    // The automation server's account is in euros; bids are stored in micros.
    expect(within(row).getByText(/€1\.50 → €1\.20/)).toBeTruthy();
    expect(within(row).getByText('Capped')).toBeTruthy();

    const sent = calls.find((call) => call.operation === 'backtestAutomationRule')!.variables
      .input as { rule: { name: string }; start: string; end: string };
    expect(sent.rule.name).toBe('Cut waste');
    const days = (Date.parse(sent.end) - Date.parse(sent.start)) / 86_400_000 + 1;
    expect(days).toBe(30);
    expect(sent.end).toBe(new Date().toISOString().slice(0, 10));
  });

  it('says when a backtest finds nothing and refuses ranges over 90 days', async () => {
    const calls = builderServer({
      backtestAutomationRule: ({ input }) => {
        const { start, end } = input as { start: string; end: string };
        return { start, end, totalChanges: 0, days: [] };
      },
    });
    const { user } = renderBuilder(buildRule());
    const start = screen.getByLabelText('From', { selector: 'input[type="date"]' });
    fireEvent.change(start, { target: { value: '2025-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Backtest' }));
    expect(await screen.findByText('A backtest covers at most 90 days.')).toBeTruthy();
    expect(calls.some((call) => call.operation === 'backtestAutomationRule')).toBe(false);

    fireEvent.change(start, { target: { value: '2026-02-01' } });
    const end = screen.getByLabelText('To', { selector: 'input[type="date"]' });
    fireEvent.change(end, { target: { value: '2026-02-10' } });
    await user.click(screen.getByRole('button', { name: 'Backtest' }));
    expect(
      await screen.findByText('The rule would not have fired between 2026-02-01 and 2026-02-10.'),
    ).toBeTruthy();
  });
});
