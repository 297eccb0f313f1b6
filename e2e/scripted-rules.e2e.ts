// Issue 25 in Chromium: the demo company's admin opens the Automation Studio (/scripted-rule),
// turns scripted rules on, starts a script from the "Scale winners" template in the code editor
// (Monaco, with the script API loaded), opens it in blocks and back, backtests it (progress, then
// result), test-runs it (log console), saves it with "Enable the script after saving", dry-runs
// it, runs it for real, reads its changes and reverts them. What the screens did is checked
// through GraphQL as the same admin.
import { describe, expect, it } from 'vitest';
import { demoAdminJourney } from './support/demo';

const SCRIPT_NAME = 'Scale winners journey script';

interface ScriptRun {
  id: string;
  kind: 'RUN' | 'EVENT';
  status: string;
  dryRun: boolean;
  applied: number;
  planned: number;
  revertible: boolean;
}

const journey = demoAdminJourney();

const toast = (message: string) =>
  journey.page.getByText(message, { exact: true }).first().waitFor({ timeout: 30_000 });

/** Closes the toasts still shown: they sit over the editor's buttons. */
async function dismissToasts() {
  for (const close of await journey.page.locator('.mantine-Notification-closeButton').all())
    await close.click();
}

async function scriptRuns(ruleId: string) {
  const { automationRuleLogs } = await journey.graphql<{
    automationRuleLogs: { entries: ScriptRun[] };
  }>(
    `query ($query: JSON!) {
      automationRuleLogs(query: $query) {
        entries { id kind status dryRun applied planned revertible }
      }
    }`,
    { query: { ruleId, limit: 20 } },
  );
  return automationRuleLogs.entries.filter((entry) => entry.kind === 'RUN');
}

/** The run dialog Dry run and Run now open, once its run has ended. */
async function finishedRunDialog() {
  const dialog = journey.page.getByRole('dialog', { name: `Run of ${SCRIPT_NAME}` });
  await dialog.waitFor({ timeout: 60_000 });
  await dialog.getByText('The rule is running…').waitFor({ state: 'hidden', timeout: 60_000 });
  return dialog;
}

describe('scripted rules', () => {
  it('writes a script from a template, tries it, saves it enabled, runs it and reverts it', async () => {
    const { page, server } = journey;
    await page.goto(`${server.baseUrl}/scripted-rule`);

    // Scripted rules are off for a new company: the admin turns them on.
    const optIn = page.getByTestId('studio-opt-in');
    await optIn.waitFor();
    await optIn.getByRole('button', { name: 'Turn on scripted rules' }).click();
    await toast('Scripted rules turned on');
    await optIn.waitFor({ state: 'hidden' });
    const { me } = await journey.graphql<{ me: { onAutomationV2: boolean } }>(
      'query { me { onAutomationV2 } }',
    );
    expect(me.onAutomationV2).toBe(true);

    // A script from the "Scale winners" playbook (the demo has keywords it raises), in the code editor with the script API loaded.
    await page.getByRole('button', { name: 'New scripted rule' }).first().click();
    const templates = page.getByRole('dialog', { name: 'New scripted rule' });
    await templates.getByRole('button', { name: /^Scale winners/ }).click();
    const editor = page.getByTestId('script-editor');
    await editor.getByRole('textbox', { name: 'Name' }).fill(SCRIPT_NAME);
    const code = editor.getByTestId('code-editor');
    await code.locator('.monaco-editor').waitFor({ timeout: 30_000 });
    await code.locator('.view-lines').getByText('tw.keywords', { exact: false }).first().waitFor();
    // The script API's declaration checks the template: no error marker in it.
    expect(await code.locator('.squiggly-error').count()).toBe(0);

    // The declaration completes the API as the script is typed, and marks a call it lacks.
    await code.locator('.view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('tw.chan', { delay: 100 });
    await code.locator('.suggest-widget').getByText('changeBid').first().waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.type('geEverything();', { delay: 50 });
    await code.locator('.squiggly-error').first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+Shift+K');
    await code.locator('.squiggly-error').first().waitFor({ state: 'detached', timeout: 30_000 });

    // The same script in blocks, and back in code.
    await editor.getByRole('tab', { name: 'Blocks' }).click();
    await editor.locator('.blocklySvg').first().waitFor({ timeout: 30_000 });
    await editor.getByRole('tab', { name: 'Code' }).click();
    await code.locator('.view-lines').getByText('tw.keywords', { exact: false }).first().waitFor();

    // A backtest over the last 30 days: its progress, then its result.
    await editor.getByRole('tab', { name: 'Backtest' }).click();
    await editor.getByRole('button', { name: 'Backtest', exact: true }).click();
    await editor
      .getByRole('progressbar', { name: 'Backtest progress' })
      .or(editor.getByRole('region', { name: 'Backtest result' }))
      .or(editor.getByText(/^The rule would not have fired/))
      .first()
      .waitFor({ timeout: 30_000 });
    await editor
      .getByRole('region', { name: 'Backtest result' })
      .or(editor.getByText(/^The rule would not have fired/))
      .first()
      .waitFor({ timeout: 120_000 });

    // A test run: its log console and the changes it would make.
    await editor.getByRole('button', { name: 'Test run' }).click();
    const result = editor.getByTestId('test-result');
    await result.waitFor({ timeout: 60_000 });
    await result.getByText('Finished', { exact: true }).waitFor();
    await result
      .getByTestId('log-console')
      .or(result.getByText('The script logged nothing.'))
      .first()
      .waitFor();

    // Saved, and enabled by the confirmation's option.
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    const confirmSave = page.getByRole('dialog', { name: 'Save the scripted rule?' });
    await confirmSave.getByRole('checkbox', { name: 'Enable the script after saving' }).check();
    await confirmSave.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Scripted rule saved successfully');
    const { scriptedRules } = await journey.graphql<{
      scriptedRules: { id: string; name: string; enabled: boolean }[];
    }>('query { scriptedRules { id name enabled } }');
    const script = scriptedRules.find((entry) => entry.name === SCRIPT_NAME)!;
    expect(script.enabled).toBe(true);

    // A dry run plans changes and applies none.
    await editor.getByRole('button', { name: 'Dry run' }).click();
    const dryDialog = await finishedRunDialog();
    await dryDialog.getByText('Planned', { exact: true }).first().waitFor();
    await page.keyboard.press('Escape');
    const [dryRun] = await scriptRuns(script.id);
    expect(dryRun).toMatchObject({ dryRun: true, applied: 0 });
    expect(dryRun!.planned).toBeGreaterThan(0);

    // Run now: its changes applied, then reverted from the run's details.
    await dismissToasts();
    await editor.getByRole('button', { name: 'Run now' }).click();
    const confirmRun = page.getByRole('dialog').filter({ hasText: 'Run the rule now?' });
    await confirmRun.getByRole('button', { name: 'Run now', exact: true }).click();
    const runDialog = await finishedRunDialog();
    await runDialog.getByText('Applied', { exact: true }).first().waitFor();
    // The scheduler may have run the newly enabled script too; the action limit lets one act.
    const applied = (await scriptRuns(script.id)).filter((entry) => entry.applied > 0);
    expect(applied).toHaveLength(1);
    const run = applied[0]!;
    expect(run.revertible).toBe(true);

    await runDialog.getByRole('button', { name: 'Revert', exact: true }).click();
    const confirmRevert = page.getByRole('dialog').filter({
      hasText: `Revert the ${run.applied} changes of this run?`,
    });
    await confirmRevert.getByRole('button', { name: 'Revert', exact: true }).click();
    await toast('Changes reverted');
    const [afterRevert] = (await scriptRuns(script.id)).filter((entry) => entry.id === run.id);
    expect(afterRevert!.revertible).toBe(false);

    // The script's runs list it with its log.
    await page.keyboard.press('Escape');
    await editor.getByRole('tab', { name: 'Runs' }).click();
    await editor.getByTestId('script-runs').waitFor();
  }, 300_000);
});
