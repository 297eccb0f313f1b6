import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCRIPTED_RULE_MESSAGES } from '@tapwise/contracts';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { GraphqlFailure } from '../ads-manager/actions/actions-test-kit';
import { APP } from '../ads-manager/ads-manager-factories';
import { RUN_ID, buildChange, buildLogEntry } from '../automation/automation-factories';
import {
  FUNCTION_ID,
  SCRIPT_ID,
  buildFunction,
  buildScript,
  buildTestResult,
  buildTree,
  scriptsServer,
} from './scripted-rules-factories';
import ScriptedRulesPage from './scripted-rules-page';

// Monaco cannot run in jsdom: a text area stands in for it (the Chromium journey runs the real one).
vi.mock('./code-editor', () => ({
  default: (props: {
    label: string;
    value: string;
    readOnly?: boolean;
    onChange?(v: string): void;
  }) => (
    <textarea
      aria-label={props.label}
      value={props.value}
      readOnly={props.readOnly}
      onChange={(event) => props.onChange?.(event.currentTarget.value)}
    />
  ),
}));
vi.mock('./lazy-block-editor', () => ({
  BlockEditor: (props: { source: string }) => <div data-testid="block-editor">{props.source}</div>,
}));

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T12:00:00Z'));
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

const renderPage = () => renderInApp(<ScriptedRulesPage />, '/scripted-rule');

async function openScript(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Open' }));
  return screen.findByTestId('script-editor');
}

describe('Automation Studio', { timeout: 20_000 }, () => {
  it('lists the scripts and enables one with the spec’s toast', async () => {
    const calls = scriptsServer({
      setScriptedRuleEnabled: () => ({
        successMessage: SCRIPTED_RULE_MESSAGES.enabled,
        rule: buildScript({ enabled: true, status: 'ENABLED' }),
      }),
    });
    renderPage();
    const row = await screen.findByTestId('script-row');
    expect(within(row).getByText('Cut waste script')).toBeTruthy();
    expect(within(row).getByText('Daily')).toBeTruthy();
    expect(within(row).getByText('Never run')).toBeTruthy();

    await userEvent
      .setup()
      .click(within(row).getByRole('switch', { name: 'Enable Cut waste script' }));

    expect(await screen.findByText('Scripted rule enabled successfully')).toBeTruthy();
    expect(variablesOf(calls, 'setScriptedRuleEnabled')).toEqual([
      { id: SCRIPT_ID, enabled: true },
    ]);
    expect(await screen.findByRole('switch', { name: 'Disable Cut waste script' })).toBeTruthy();
  });

  it('toasts the disabling too', async () => {
    scriptsServer({
      scriptedRules: () => [buildScript({ enabled: true })],
      setScriptedRuleEnabled: () => ({
        successMessage: SCRIPTED_RULE_MESSAGES.disabled,
        rule: buildScript(),
      }),
    });
    renderPage();
    await userEvent
      .setup()
      .click(await screen.findByRole('switch', { name: 'Disable Cut waste script' }));
    expect(await screen.findByText('Scripted rule disabled successfully')).toBeTruthy();
  });

  it('shows an empty state', async () => {
    scriptsServer({ scriptedRules: () => [] });
    renderPage();
    expect(await screen.findByText('No scripted rule yet')).toBeTruthy();
  });

  it('deletes a script after a confirmation', async () => {
    const calls = scriptsServer({
      deleteScriptedRule: () => ({ successMessage: SCRIPTED_RULE_MESSAGES.deleted }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Cut waste script' }));
    const dialog = (await screen.findByText('Delete the scripted rule?')).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Scripted rule deleted successfully')).toBeTruthy();
    expect(variablesOf(calls, 'deleteScriptedRule')).toEqual([{ id: SCRIPT_ID }]);
  });

  describe('the company’s switch', () => {
    it('offers an admin to turn scripted rules on', async () => {
      const calls = scriptsServer({
        me: () => ({ onAutomationV2: false }),
        toggleAutomationV2: () => ({ successMessage: 'Scripted rules turned on' }),
      });
      renderPage();
      const card = await screen.findByTestId('studio-opt-in');
      expect(within(card).getByText(/You can still write, test/)).toBeTruthy();
      await userEvent
        .setup()
        .click(within(card).getByRole('button', { name: 'Turn on scripted rules' }));
      await waitFor(() => expect(screen.queryByTestId('studio-opt-in')).toBeNull());
      expect(variablesOf(calls, 'toggleAutomationV2')).toEqual([{ on: true }]);
    });

    it('tells a member without the permission to ask an admin', async () => {
      signIn({ Role: 'STAFF' });
      scriptsServer({ me: () => ({ onAutomationV2: false }) });
      renderPage();
      const card = await screen.findByTestId('studio-opt-in');
      expect(within(card).getByText(/Ask an admin/)).toBeTruthy();
      expect(within(card).queryByRole('button', { name: 'Turn on scripted rules' })).toBeNull();
      // Writing still works for them.
      expect(screen.getByRole('button', { name: 'New scripted rule' })).toBeTruthy();
    });
  });

  it('starts a new script from a template', async () => {
    scriptsServer();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New scripted rule' }));
    await user.click(await screen.findByText('Cut waste'));
    const editor = await screen.findByTestId('script-editor');
    expect(within(editor).getByRole('textbox', { name: 'Name' })).toHaveProperty(
      'value',
      'Cut waste script',
    );
    const code = await within(editor).findByRole('textbox', { name: 'Script code' });
    expect((code as HTMLTextAreaElement).value).toContain('tw.keywords');
    // Blocks open the same source.
    await user.click(within(editor).getByRole('tab', { name: 'Blocks' }));
    expect((await screen.findByTestId('block-editor')).textContent).toContain('tw.keywords');
  });

  it('asks which ad group receives promoted search terms and writes it in the script', async () => {
    scriptsServer({
      getCampaignsByOrg: () => [
        {
          id: 11,
          adAccountId: APP.adAccountId,
          adamId: APP.adamId,
          name: 'Brand',
          status: 'ENABLED',
          displayStatus: 'RUNNING',
          deleted: false,
        },
      ],
      getAdGroupsByCampaigns: () => [
        {
          id: 21,
          adAccountId: APP.adAccountId,
          campaignId: 11,
          name: 'Exact',
          status: 'ENABLED',
          deleted: false,
        },
      ],
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New scripted rule' }));
    await user.click(await screen.findByText('Promote search terms'));
    const use = await screen.findByRole('button', { name: 'Use this ad group' });
    expect(use).toHaveProperty('disabled', true);
    const modal = screen.getByRole('dialog', { name: 'New scripted rule' });
    await user.click(within(modal).getByLabelText('Organisation'));
    await user.click(await screen.findByRole('option', { name: APP.adAccountName, hidden: true }));
    await user.click(within(modal).getByLabelText('Ad group that receives the keyword'));
    await user.click(await screen.findByRole('option', { name: 'Exact', hidden: true }));
    await user.click(use);

    const code = await screen.findByRole('textbox', { name: 'Script code' });
    expect((code as HTMLTextAreaElement).value).toContain(
      `const PROMOTE_TO = { adAccountId: ${APP.adAccountId}, adGroupId: 21 };`,
    );
  });

  it('backtests the draft with a progress bar, then its result', async () => {
    let reads = 0;
    const calls = scriptsServer({
      startScriptedRuleBacktest: () => ({ successMessage: 'Backtest started', backtestId: 'b1' }),
      automationRuleBacktest: () =>
        ++reads === 1
          ? {
              backtestId: 'b1',
              status: 'RUNNING',
              done: 3,
              total: 30,
              failure: null,
              message: null,
              result: null,
            }
          : {
              backtestId: 'b1',
              status: 'DONE',
              done: 30,
              total: 30,
              failure: null,
              message: null,
              result: { start: '2026-02-01', end: '2026-03-02', totalChanges: 0, days: [] },
            },
    });
    renderPage();
    const user = userEvent.setup();
    await openScript(user);
    await user.click(screen.getByRole('tab', { name: 'Backtest' }));
    await user.click(screen.getByRole('button', { name: 'Backtest' }));
    expect(await screen.findByText('Replaying day 3 of 30…')).toBeTruthy();
    expect(
      await screen.findByText(
        'The rule would not have fired between 2026-02-01 and 2026-03-02.',
        {},
        { timeout: 8_000 },
      ),
    ).toBeTruthy();
    expect(variablesOf(calls, 'startScriptedRuleBacktest')[0]).toMatchObject({
      input: { script: { name: 'Cut waste script' }, start: '2026-02-01', end: '2026-03-02' },
    });
  });

  it('saves with "Enable the script after saving"', async () => {
    const calls = scriptsServer({
      saveScriptedRule: () => ({
        successMessage: SCRIPTED_RULE_MESSAGES.saved,
        rule: buildScript({ enabled: true, status: 'ENABLED' }),
      }),
    });
    renderPage();
    const user = userEvent.setup();
    await openScript(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the scripted rule?' });
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Enable the script after saving' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Scripted rule saved successfully')).toBeTruthy();
    const [saved] = variablesOf(calls, 'saveScriptedRule');
    expect(saved).toMatchObject({
      id: SCRIPT_ID,
      enable: true,
      input: { name: 'Cut waste script', checkFrequency: 'DAILY', currency: 'EUR' },
    });
  });

  it('shows the server’s compile error and field errors under their fields', async () => {
    scriptsServer({
      saveScriptedRule: () => {
        throw new GraphqlFailure('CONFLICT', 'Rule name already exists');
      },
      testScriptedRule: () => {
        throw new GraphqlFailure('BAD_REQUEST', 'Bad request', {
          source: 'Unexpected token (line 3)',
        });
      },
    });
    renderPage();
    const user = userEvent.setup();
    await openScript(user);
    await user.click(screen.getByRole('button', { name: 'Test run' }));
    expect(await screen.findByText('Unexpected token (line 3)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the scripted rule?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rule name already exists')).toBeTruthy();
  });

  it('test-runs the draft and shows its log console and changes', async () => {
    const calls = scriptsServer({ testScriptedRule: () => buildTestResult() });
    renderPage();
    const user = userEvent.setup();
    await openScript(user);
    await user.click(screen.getByRole('button', { name: 'Test run' }));

    const console = await screen.findByTestId('log-console');
    expect(console.textContent).toContain('Reading keywords');
    const warning = within(console).getByText(/spends without installs/);
    expect(warning.closest('[data-level]')?.getAttribute('data-level')).toBe('warn');
    expect(console.textContent).toContain('12 ms');
    expect(screen.getByText('40 read, 1 proposed, 21 ms')).toBeTruthy();
    const changes = screen.getByTestId('test-changes');
    expect(within(changes).getByText('running shoes')).toBeTruthy();
    expect(within(changes).getByText('Planned')).toBeTruthy();
    expect(variablesOf(calls, 'testScriptedRule')[0]).toMatchObject({
      input: { name: 'Cut waste script' },
    });
  });

  it('tests with Ctrl+Enter and asks to save with Ctrl+S', async () => {
    const calls = scriptsServer({ testScriptedRule: () => buildTestResult() });
    renderPage();
    const user = userEvent.setup();
    await openScript(user);
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByTestId('test-result');
    expect(variablesOf(calls, 'testScriptedRule')).toHaveLength(1);
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Save the scripted rule?' })).toBeTruthy();
  });

  it('shows why a test run failed', async () => {
    scriptsServer({
      testScriptedRule: () =>
        buildTestResult({
          ok: false,
          failure: 'TIMEOUT',
          message: 'The script ran longer than 2 seconds and was stopped.',
          changes: [],
        }),
    });
    renderPage();
    const user = userEvent.setup();
    await openScript(user);
    await user.click(screen.getByRole('button', { name: 'Test run' }));
    expect(
      await screen.findByText('The script ran longer than 2 seconds and was stopped.'),
    ).toBeTruthy();
    expect(screen.getByText('The script would make no change.')).toBeTruthy();
  });

  it('dry-runs the saved script and shows the run’s changes', async () => {
    const calls = scriptsServer({
      runAutomationRule: () => ({ successMessage: 'Rule run started', runId: RUN_ID }),
      automationRuleLogEntry: () => ({
        ...buildLogEntry({ ruleName: 'Cut waste script', dryRun: true, revertible: false }),
        scriptLog: [],
      }),
      automationRuleChanges: () => [buildChange({ entityName: 'running shoes' })],
    });
    renderPage();
    const user = userEvent.setup();
    await openScript(user);
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    const details = await screen.findByTestId('run-details');
    expect(await within(details).findByText('running shoes')).toBeTruthy();
    expect(variablesOf(calls, 'runAutomationRule')).toEqual([{ id: SCRIPT_ID, dryRun: true }]);
  });

  it('lists the script’s runs with the lines its script logged', async () => {
    const calls = scriptsServer({
      automationRuleLogs: () => ({
        entries: [buildLogEntry({ ruleId: SCRIPT_ID, ruleName: 'Cut waste script' })],
        total: 1,
      }),
      automationRuleLogEntry: () => ({
        id: RUN_ID,
        scriptLog: [{ level: 'error', atMs: 40, text: 'Budget read failed' }],
      }),
    });
    renderPage();
    const user = userEvent.setup();
    await openScript(user);
    await user.click(screen.getByRole('tab', { name: 'Runs' }));
    const runs = await screen.findByTestId('script-runs');
    await user.click(within(runs).getAllByRole('button')[0]!);
    expect((await screen.findByTestId('log-console')).textContent).toContain(
      '[error] Budget read failed',
    );
    expect(variablesOf(calls, 'automationRuleLogs')[0]).toEqual({
      query: { ruleId: SCRIPT_ID, offset: 0, limit: 20 },
    });
  });

  it('gives a read-only member no write controls', async () => {
    signIn({ IsReadOnly: true });
    scriptsServer({ me: () => ({ onAutomationV2: false }) });
    renderPage();
    const row = await screen.findByTestId('script-row');
    expect(within(row).queryByRole('switch')).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete Cut waste script' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New scripted rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn on scripted rules' })).toBeNull();

    const user = userEvent.setup();
    await openScript(user);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Run now' })).toBeNull();
    // Testing only reads: still offered.
    expect(screen.getByRole('button', { name: 'Test run' })).toBeTruthy();
  });

  describe('custom functions', () => {
    async function openFunctions() {
      const user = userEvent.setup();
      await user.click(await screen.findByRole('tab', { name: 'Custom functions' }));
      return user;
    }

    it('shows the tree with its badges and opens a function with its import line', async () => {
      scriptsServer({
        getCustomFnsFileTree: () => buildTree(buildFunction({ isLocked: true, isPublic: true })),
        getSarCustomFunction: () => buildFunction({ isLocked: true, isPublic: true }),
      });
      renderPage();
      const user = await openFunctions();
      const node = await screen.findByTestId('function-node');
      expect(within(node).getByText('Locked')).toBeTruthy();
      expect(within(node).getByText('Public')).toBeTruthy();
      expect(screen.getByRole('treeitem', { name: 'bids' })).toBeTruthy();

      await user.click(within(node).getByText('cap'));
      const editor = await screen.findByTestId('function-editor');
      expect(within(editor).getByTestId('import-line').textContent).toBe(
        "import { … } from 'functions/bids/cap'",
      );
      // Locked: the code reads only, and neither save nor delete is offered.
      expect(await within(editor).findByRole('textbox', { name: 'Function code' })).toHaveProperty(
        'readOnly',
        true,
      );
      expect(within(editor).getByRole('button', { name: 'Save function' })).toHaveProperty(
        'disabled',
        true,
      );
    });

    it('makes the author’s function public and locks it', async () => {
      const calls = scriptsServer({
        getSarCustomFunction: () => buildFunction(),
        publicOrPvtCustomFn: () => ({
          successMessage: SCRIPTED_RULE_MESSAGES.functionSaved,
          customFunction: buildFunction({ isPublic: true }),
        }),
        lockUnlockCustomFn: () => ({
          successMessage: SCRIPTED_RULE_MESSAGES.functionSaved,
          customFunction: buildFunction({ isPublic: true, isLocked: true }),
        }),
        deleteCustomFn: () => ({ successMessage: SCRIPTED_RULE_MESSAGES.functionDeleted }),
      });
      renderPage();
      const user = await openFunctions();
      await user.click(within(await screen.findByTestId('function-node')).getByText('cap'));
      const editor = await screen.findByTestId('function-editor');

      await user.click(within(editor).getByRole('switch', { name: 'Public' }));
      await waitFor(() =>
        expect(variablesOf(calls, 'publicOrPvtCustomFn')).toEqual([
          { id: FUNCTION_ID, isPublic: true },
        ]),
      );
      await user.click(
        within(await screen.findByTestId('function-editor')).getByRole('switch', {
          name: 'Locked',
        }),
      );
      await waitFor(() =>
        expect(variablesOf(calls, 'lockUnlockCustomFn')).toEqual([
          { id: FUNCTION_ID, isLocked: true },
        ]),
      );
    });

    it('deletes a function after a confirmation', async () => {
      const calls = scriptsServer({
        getSarCustomFunction: () => buildFunction(),
        deleteCustomFn: () => ({ successMessage: SCRIPTED_RULE_MESSAGES.functionDeleted }),
      });
      renderPage();
      const user = await openFunctions();
      await user.click(within(await screen.findByTestId('function-node')).getByText('cap'));
      const editor = await screen.findByTestId('function-editor');
      await user.click(within(editor).getByRole('button', { name: 'Delete' }));
      const dialog = (await screen.findByText('Delete the function?')).closest<HTMLElement>(
        '[role="dialog"]',
      )!;
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Function deleted')).toBeTruthy();
      expect(variablesOf(calls, 'deleteCustomFn')).toEqual([{ id: FUNCTION_ID }]);
    });

    it('creates a function and shows the server’s problem under its field', async () => {
      const calls = scriptsServer({
        saveCustomFunction: () => {
          throw new GraphqlFailure('BAD_REQUEST', 'Bad request', {
            path: 'validation.customFunctionPath',
          });
        },
      });
      renderPage();
      const user = await openFunctions();
      await user.click(await screen.findByRole('button', { name: 'New function' }));
      await user.type(screen.getByRole('textbox', { name: 'Path' }), 'bids/floor');
      await user.click(screen.getByRole('button', { name: 'Save function' }));
      await waitFor(() =>
        expect(variablesOf(calls, 'saveCustomFunction')[0]).toMatchObject({
          id: null,
          input: { path: 'bids/floor' },
        }),
      );
      expect(await screen.findByText(i18next.t('validation.customFunctionPath'))).toBeTruthy();
    });

    it('offers a read-only member no function controls', async () => {
      signIn({ IsReadOnly: true });
      scriptsServer({ getSarCustomFunction: () => buildFunction() });
      renderPage();
      const user = await openFunctions();
      expect(screen.queryByRole('button', { name: 'New function' })).toBeNull();
      await user.click(within(await screen.findByTestId('function-node')).getByText('cap'));
      const editor = await screen.findByTestId('function-editor');
      expect(within(editor).queryByRole('button', { name: 'Save function' })).toBeNull();
      expect(within(editor).queryByRole('switch')).toBeNull();
    });
  });
});
