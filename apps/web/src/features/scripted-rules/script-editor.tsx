// One scripted rule in the Automation Studio: its name, its code (Monaco) or blocks (Blockly) over
// one source of truth, its schedule (the rule builder's controls), and the ways to try it before
// it acts: a test run with a log console, a backtest over stored history, a dry run and a real
// run of the saved script with their run details (and revert), and its past runs with their logs.
// Saving asks whether to enable the script afterwards (spec 1 §2's confirmation).
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconFlask, IconPlayerPlay, IconTerminal2 } from '@tabler/icons-react';
import {
  CUSTOM_FUNCTION_IMPORT_PREFIX,
  SCRIPT_API_DECLARATION,
  type CustomFunctionTreeNode,
  type ScriptedRuleInput,
  type ScriptTestResult,
} from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../shared/api/api-error';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { automationApi, automationKeys } from '../automation/automation-api';
import { isRuleNameTaken } from '../automation/rule-builder/builder-api';
import { BacktestPanel } from '../automation/rule-builder/backtest-panel';
import { ScheduleFields } from '../automation/rule-builder/schedule-fields';
import { RunDetailsModal } from '../automation/run-details';
import { useReportingCurrency } from '../currency/use-currency-info';
import { BlockEditor } from './lazy-block-editor';
import { CodeEditor } from './lazy-code-editor';
import { ScriptRuns } from './script-runs';
import { scriptedRulesApi, scriptedRulesKeys, type ScriptedRule } from './scripted-rules-api';
import {
  compileProblem,
  problemLine,
  scriptFailureMessage,
  translatedScriptMessage,
} from './scripted-rules-messages';
import { TestConsole } from './test-console';
import { useScriptForm, type ScriptDraft } from './use-script-form';

type EditorTab = 'code' | 'blocks';
type ToolTab = 'test' | 'backtest' | 'runs';

/** The script API and the company's custom functions, as the code editor's declaration files. */
export function useScriptLibs(): Record<string, string> {
  const tree = useQuery({ queryKey: scriptedRulesKeys.tree, queryFn: scriptedRulesApi.tree });
  return useMemo(() => {
    const modules = functionPaths(tree.data ?? []).map(
      (path) => `declare module '${CUSTOM_FUNCTION_IMPORT_PREFIX}${path}';`,
    );
    return {
      'file:///tapwise-script-api.d.ts': SCRIPT_API_DECLARATION,
      'file:///tapwise-functions.d.ts': modules.join('\n'),
    };
  }, [tree.data]);
}

function functionPaths(nodes: readonly CustomFunctionTreeNode[]): string[] {
  return nodes.flatMap((node) => (node.functionId ? [node.path] : functionPaths(node.children)));
}

export function ScriptEditor(props: {
  rule: ScriptedRule | null;
  initial: ScriptDraft;
  canWrite: boolean;
  onClose(): void;
  onSaved(rule: ScriptedRule): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reportingCurrency = useReportingCurrency();
  const form = useScriptForm(props.initial, reportingCurrency);
  const { draft } = form;
  const currency = draft.currency ?? reportingCurrency;
  const libs = useScriptLibs();
  const { canWrite, rule } = props;
  const [editorTab, setEditorTab] = useState<EditorTab>('code');
  const [toolTab, setToolTab] = useState<ToolTab>('test');
  const [sourceProblem, setSourceProblem] = useState<string>();
  const [saveOpened, setSaveOpened] = useState(false);
  const [enableAfter, setEnableAfter] = useState(false);
  const [openRunId, setOpenRunId] = useState<string | null>(null);

  const test = useMutation({
    mutationFn: scriptedRulesApi.test,
    onError: (error) => {
      const problem = compileProblem(error, 'source');
      if (problem) setSourceProblem(problem);
      else notifyError(scriptFailureMessage(error));
    },
  });
  const save = useMutation({
    mutationFn: (request: { input: ScriptedRuleInput; enable: boolean }) =>
      scriptedRulesApi.save(rule?.id ?? null, request.input, request.enable),
    onSuccess: (result) => {
      setSaveOpened(false);
      setSourceProblem(undefined);
      notifySuccess(translatedScriptMessage(result.successMessage));
      void queryClient.invalidateQueries({ queryKey: scriptedRulesKeys.rules });
      props.onSaved(result.rule);
    },
    onError: (error) => {
      setSaveOpened(false);
      const problem = compileProblem(error, 'source');
      const fieldErrors = serverFieldErrors(error);
      if (problem) setSourceProblem(problem);
      if (isRuleNameTaken(error)) form.setErrors({ name: 'automation.page.messages.nameTaken' });
      else if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else if (!problem) notifyError(scriptFailureMessage(error));
    },
  });
  const run = useMutation({
    mutationFn: (dryRun: boolean) => automationApi.run(rule!.id, dryRun),
    onSuccess: (started) => {
      notifySuccess(translatedScriptMessage(started.successMessage));
      setOpenRunId(started.runId);
      void queryClient.invalidateQueries({ queryKey: scriptedRulesKeys.all });
      void queryClient.invalidateQueries({ queryKey: automationKeys.logs });
    },
    onError: (error) => notifyError(scriptFailureMessage(error)),
  });

  function runTest() {
    const input = form.validate();
    if (!input) return;
    setSourceProblem(undefined);
    setToolTab('test');
    test.mutate(input);
  }

  function askSave() {
    if (!canWrite || !form.validate()) return;
    setEnableAfter(rule?.enabled ?? false);
    setSaveOpened(true);
  }

  async function confirmRunNow() {
    const confirmed = await confirm({
      title: t('automation.list.runNowTitle'),
      message: t('automation.list.runNowMessage', { name: rule?.name ?? '' }),
      icon: 3,
      okLabel: t('automation.list.actions.runNow'),
    });
    if (confirmed) run.mutate(false);
  }

  // Ctrl/Cmd+S saves and Ctrl/Cmd+Enter tests anywhere on the page, as inside the code editor.
  const keys = useRef({ askSave, runTest });
  useEffect(() => {
    keys.current = { askSave, runTest };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      // Inside the code editor its own key bindings answer.
      if (event.target instanceof Element && event.target.closest('.monaco-editor')) return;
      if (event.key === 's' || event.key === 'S') {
        event.preventDefault();
        keys.current.askSave();
      } else if (event.key === 'Enter') {
        event.preventDefault();
        keys.current.runTest();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const setSource = (source: string, blocks: Record<string, unknown> | null) =>
    form.update('source', (current) => ({ ...current, source, blocks }));

  return (
    <Stack gap="md" data-testid="script-editor">
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={props.onClose}>
          {t('scriptedRules.editor.back')}
        </Button>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconTerminal2 size={16} />}
            loading={test.isPending}
            onClick={runTest}
            title="Ctrl/Cmd+Enter"
          >
            {t('scriptedRules.editor.test')}
          </Button>
          {rule && canWrite && (
            <>
              <Button
                variant="default"
                leftSection={<IconFlask size={16} />}
                loading={run.isPending && run.variables}
                onClick={() => run.mutate(true)}
              >
                {t('automation.list.actions.dryRun')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconPlayerPlay size={16} />}
                loading={run.isPending && !run.variables}
                onClick={() => void confirmRunNow()}
              >
                {t('automation.list.actions.runNow')}
              </Button>
            </>
          )}
          {canWrite && (
            <Button onClick={askSave} loading={save.isPending} title="Ctrl/Cmd+S">
              {t('scriptedRules.editor.save')}
            </Button>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t('scriptedRules.editor.keys')}
      </Text>
      <TextInput
        label={t('scriptedRules.editor.name')}
        value={draft.name}
        onChange={(event) => {
          const name = event.currentTarget.value;
          form.update('name', (current) => ({ ...current, name }));
        }}
        error={form.errorOn('name')}
        readOnly={!canWrite}
        required
      />
      <Tabs
        value={editorTab}
        onChange={(value) => setEditorTab(value === 'blocks' ? 'blocks' : 'code')}
      >
        <Tabs.List aria-label={t('scriptedRules.editor.tabsLabel')}>
          <Tabs.Tab value="code">{t('scriptedRules.editor.code')}</Tabs.Tab>
          <Tabs.Tab value="blocks">{t('scriptedRules.editor.blocks')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="code" pt="xs">
          {editorTab === 'code' && (
            <CodeEditor
              label={t('scriptedRules.editor.source')}
              path={`file:///scripts/${rule?.id ?? 'new'}.js`}
              value={draft.source}
              // Code edited by hand is no longer what the blocks generated.
              onChange={(source) => setSource(source, null)}
              readOnly={!canWrite}
              extraLibs={libs}
              problems={
                sourceProblem ? [{ line: problemLine(sourceProblem), message: sourceProblem }] : []
              }
              onSave={askSave}
              onRun={runTest}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="blocks" pt="xs">
          {editorTab === 'blocks' && (
            <BlockEditor
              source={draft.source}
              blocks={draft.blocks ?? null}
              onChange={(change) => setSource(change.source, change.blocks)}
              readOnly={!canWrite}
            />
          )}
        </Tabs.Panel>
      </Tabs>
      {(sourceProblem ?? form.errorAt('source')) && (
        <Alert color="red" role="alert" title={t('scriptedRules.editor.compileError')}>
          {sourceProblem ?? form.errorAt('source')}
        </Alert>
      )}
      <Fieldset legend={t('automation.builder.sections.schedule')} disabled={!canWrite}>
        <ScheduleFields form={form} currency={currency} />
      </Fieldset>
      <Paper withBorder p="sm">
        <Tabs value={toolTab} onChange={(value) => setToolTab((value as ToolTab | null) ?? 'test')}>
          <Tabs.List aria-label={t('scriptedRules.editor.toolsLabel')}>
            <Tabs.Tab value="test">{t('scriptedRules.editor.console')}</Tabs.Tab>
            <Tabs.Tab value="backtest">{t('automation.builder.sections.backtest')}</Tabs.Tab>
            {rule && <Tabs.Tab value="runs">{t('scriptedRules.editor.runs')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="test" pt="sm">
            <TestPanel result={test.data} pending={test.isPending} />
          </Tabs.Panel>
          <Tabs.Panel value="backtest" pt="sm">
            <BacktestPanel
              validate={form.validate}
              start={(script, range) => scriptedRulesApi.startBacktest({ script, ...range })}
            />
          </Tabs.Panel>
          {rule && (
            <Tabs.Panel value="runs" pt="sm">
              {toolTab === 'runs' && (
                <ScriptRuns ruleId={rule.id} canWrite={canWrite} onOpenRun={setOpenRunId} />
              )}
            </Tabs.Panel>
          )}
        </Tabs>
      </Paper>
      <Modal
        opened={saveOpened}
        onClose={() => setSaveOpened(false)}
        title={t('scriptedRules.save.title')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('scriptedRules.save.message', { name: draft.name })}</Text>
          <Checkbox
            label={t('scriptedRules.save.enable')}
            checked={enableAfter}
            onChange={(event) => setEnableAfter(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setSaveOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={save.isPending}
              onClick={() => {
                const input = form.validate();
                if (input) save.mutate({ input, enable: enableAfter });
              }}
            >
              {t('scriptedRules.editor.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {openRunId && (
        <RunDetailsModal runId={openRunId} canWrite={canWrite} onClose={() => setOpenRunId(null)} />
      )}
    </Stack>
  );
}

function TestPanel({ result, pending }: { result?: ScriptTestResult; pending: boolean }) {
  const { t } = useTranslation();
  if (pending)
    return (
      <Text size="sm" role="status">
        {t('scriptedRules.console.running')}
      </Text>
    );
  if (!result)
    return (
      <Text size="sm" c="dimmed">
        {t('scriptedRules.console.intro')}
      </Text>
    );
  return <TestConsole result={result} />;
}
