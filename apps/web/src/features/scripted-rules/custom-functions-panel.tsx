// Custom functions (spec 2 §3.7, §7.3): the company's public functions and the member's private
// ones in a file tree; one opened in a code editor, saved as a new version, deleted, made public
// or private and locked or unlocked by its author. A locked function reads only. Scripts import
// them from `functions/<path>`, which the panel shows for the open one.
import {
  Alert,
  Badge,
  Button,
  Code,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconFolder, IconFunction, IconLock, IconPlus, IconWorld } from '@tabler/icons-react';
import {
  CUSTOM_FUNCTION_IMPORT_PREFIX,
  customFunctionInput,
  type CustomFunction,
  type CustomFunctionTreeNode,
} from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../shared/api/api-error';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { PanelFailure } from '../../shared/ui/panel';
import { draftErrors, type DraftErrors } from '../automation/rule-builder/rule-draft';
import { CodeEditor } from './lazy-code-editor';
import {
  compileProblem,
  problemLine,
  scriptFailureMessage,
  translatedScriptMessage,
} from './scripted-rules-messages';
import { scriptedRulesApi, scriptedRulesKeys } from './scripted-rules-api';

const NEW_FUNCTION_CODE = `// Export what scripts import: import { double } from 'functions/<path>'
export function double(value) {
  return value * 2;
}
`;

/** The function open in the editor: a saved one (by id) or a new one. */
type Opened = { id: string } | { id: null };

export function CustomFunctionsPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const tree = useQuery({ queryKey: scriptedRulesKeys.tree, queryFn: scriptedRulesApi.tree });
  const [opened, setOpened] = useState<Opened | null>(null);

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>{t('scriptedRules.functions.title')}</Text>
              {canWrite && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setOpened({ id: null })}
                >
                  {t('scriptedRules.functions.new')}
                </Button>
              )}
            </Group>
            {tree.isPending ? (
              <Skeleton height={120} aria-label={t('common.loading')} />
            ) : tree.isError ? (
              <PanelFailure onRetry={() => void tree.refetch()} />
            ) : tree.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('scriptedRules.functions.empty')}
              </Text>
            ) : (
              <ul role="tree" aria-label={t('scriptedRules.functions.title')} style={treeList}>
                {tree.data.map((node) => (
                  <TreeNode
                    key={node.path}
                    node={node}
                    selectedId={opened?.id ?? null}
                    onOpen={(id) => setOpened({ id })}
                  />
                ))}
              </ul>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        {opened?.id === null && (
          <FunctionEditor
            key="new"
            fn={null}
            canWrite={canWrite}
            onSaved={(saved) => setOpened({ id: saved.id })}
            onDeleted={() => setOpened(null)}
          />
        )}
        {opened?.id && (
          <OpenedFunction
            key={opened.id}
            id={opened.id}
            canWrite={canWrite}
            onDeleted={() => setOpened(null)}
          />
        )}
        {!opened && (
          <Text size="sm" c="dimmed">
            {t('scriptedRules.functions.pick')}
          </Text>
        )}
      </Grid.Col>
    </Grid>
  );
}

const treeList = { listStyle: 'none', margin: 0, paddingLeft: 12 };

function TreeNode(props: {
  node: CustomFunctionTreeNode;
  selectedId: string | null;
  onOpen(id: string): void;
}) {
  const { t } = useTranslation();
  const { node } = props;
  if (!node.functionId)
    return (
      <li role="treeitem" aria-expanded aria-label={node.name}>
        <Group gap={4} wrap="nowrap">
          <IconFolder size={14} />
          <Text size="sm">{node.name}</Text>
        </Group>
        <ul role="group" style={treeList}>
          {node.children.map((child) => (
            <TreeNode key={child.path} {...props} node={child} />
          ))}
        </ul>
      </li>
    );
  const functionId = node.functionId;
  return (
    <li
      role="treeitem"
      aria-selected={props.selectedId === functionId}
      aria-label={node.path}
      data-testid="function-node"
    >
      <UnstyledButton onClick={() => props.onOpen(functionId)}>
        <Group gap={4} wrap="nowrap">
          <IconFunction size={14} />
          <Text size="sm" fw={props.selectedId === functionId ? 600 : 400}>
            {node.name}
          </Text>
          {node.isLocked && (
            <Badge size="xs" color="orange" variant="light" leftSection={<IconLock size={10} />}>
              {t('scriptedRules.functions.locked')}
            </Badge>
          )}
          <Badge
            size="xs"
            variant="light"
            color={node.isPublic ? 'teal' : 'gray'}
            leftSection={node.isPublic ? <IconWorld size={10} /> : undefined}
          >
            {t(
              node.isPublic ? 'scriptedRules.functions.public' : 'scriptedRules.functions.private',
            )}
          </Badge>
        </Group>
      </UnstyledButton>
    </li>
  );
}

function OpenedFunction(props: { id: string; canWrite: boolean; onDeleted(): void }) {
  const fn = useQuery({
    queryKey: scriptedRulesKeys.customFunction(props.id),
    queryFn: () => scriptedRulesApi.customFunction(props.id),
  });
  if (fn.isPending) return <Skeleton height={300} />;
  if (fn.isError) return <PanelFailure onRetry={() => void fn.refetch()} />;
  return (
    <FunctionEditor
      key={`${fn.data.id}-${fn.data.version}-${fn.data.isLocked}`}
      fn={fn.data}
      canWrite={props.canWrite}
      onSaved={() => undefined}
      onDeleted={props.onDeleted}
    />
  );
}

function FunctionEditor(props: {
  fn: CustomFunction | null;
  canWrite: boolean;
  onSaved(fn: CustomFunction): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { fn, canWrite } = props;
  const [draft, setDraft] = useState({
    path: fn?.path ?? '',
    description: fn?.description ?? '',
    code: fn?.code ?? NEW_FUNCTION_CODE,
  });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [codeProblem, setCodeProblem] = useState<string>();
  const locked = fn?.isLocked ?? false;
  const editable = canWrite && !locked;

  const refresh = (saved?: CustomFunction) => {
    if (saved) queryClient.setQueryData(scriptedRulesKeys.customFunction(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: scriptedRulesKeys.tree, exact: true });
  };
  const onResult = (result: { successMessage: string; customFunction: CustomFunction }) => {
    notifySuccess(translatedScriptMessage(result.successMessage));
    refresh(result.customFunction);
  };
  const save = useMutation({
    mutationFn: () => {
      const parsed = customFunctionInput.safeParse(draft);
      if (!parsed.success) {
        setErrors(draftErrors(parsed.error.issues));
        return Promise.reject(new Error('invalid'));
      }
      setErrors({});
      setCodeProblem(undefined);
      return scriptedRulesApi.saveCustomFunction(fn?.id ?? null, parsed.data);
    },
    onSuccess: (result) => {
      onResult(result);
      props.onSaved(result.customFunction);
    },
    onError: (error) => {
      if (error.message === 'invalid') return;
      const problem = compileProblem(error, 'code');
      const fieldErrors = serverFieldErrors(error);
      if (problem) setCodeProblem(problem);
      else if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else notifyError(scriptFailureMessage(error));
    },
  });
  const setPublic = useMutation({
    mutationFn: (isPublic: boolean) => scriptedRulesApi.setFunctionPublic(fn!.id, isPublic),
    onSuccess: onResult,
    onError: (error) => notifyError(scriptFailureMessage(error)),
  });
  const setLocked = useMutation({
    mutationFn: (isLocked: boolean) => scriptedRulesApi.setFunctionLocked(fn!.id, isLocked),
    onSuccess: onResult,
    onError: (error) => notifyError(scriptFailureMessage(error)),
  });
  const remove = useMutation({
    mutationFn: () => scriptedRulesApi.deleteCustomFunction(fn!.id),
    onSuccess: (result) => {
      notifySuccess(translatedScriptMessage(result.successMessage));
      refresh();
      props.onDeleted();
    },
    onError: (error) => notifyError(scriptFailureMessage(error)),
  });

  async function confirmDelete() {
    const confirmed = await confirm({
      title: t('scriptedRules.functions.deleteTitle'),
      message: t('scriptedRules.functions.deleteMessage', { path: fn?.path ?? '' }),
      icon: 2,
      okLabel: t('scriptedRules.delete'),
    });
    if (confirmed) remove.mutate();
  }

  const importPath = `${CUSTOM_FUNCTION_IMPORT_PREFIX}${draft.path || '<path>'}`;
  return (
    <Stack gap="sm" data-testid="function-editor">
      <Group justify="space-between">
        <Text fw={600}>{fn ? fn.path : t('scriptedRules.functions.new')}</Text>
        {fn && (
          <Text size="xs" c="dimmed">
            {t('scriptedRules.functions.version', {
              version: fn.version,
              author: fn.authorName ?? '—',
            })}
          </Text>
        )}
      </Group>
      {locked && (
        <Alert color="orange" icon={<IconLock size={16} />}>
          {t('scriptedRules.messages.functionLocked')}
        </Alert>
      )}
      <Text size="sm">
        {t('scriptedRules.functions.importHint')}{' '}
        <Code data-testid="import-line">{`import { … } from '${importPath}'`}</Code>
      </Text>
      <Group grow align="flex-start">
        <TextInput
          label={t('scriptedRules.functions.path')}
          description={t('scriptedRules.functions.pathHint')}
          value={draft.path}
          onChange={(event) => {
            const path = event.currentTarget.value;
            setDraft((current) => ({ ...current, path }));
          }}
          error={errors.path && t(errors.path)}
          readOnly={!editable}
          required
        />
        <TextInput
          label={t('scriptedRules.functions.description')}
          value={draft.description}
          onChange={(event) => {
            const description = event.currentTarget.value;
            setDraft((current) => ({ ...current, description }));
          }}
          error={errors.description && t(errors.description)}
          readOnly={!editable}
        />
      </Group>
      <CodeEditor
        label={t('scriptedRules.functions.code')}
        path={`file:///functions/${fn?.id ?? 'new'}.js`}
        value={draft.code}
        onChange={(code) => setDraft((current) => ({ ...current, code }))}
        readOnly={!editable}
        problems={codeProblem ? [{ line: problemLine(codeProblem), message: codeProblem }] : []}
        onSave={() => editable && save.mutate()}
        height={320}
      />
      {(codeProblem ?? errors.code) && (
        <Text size="sm" c="red" role="alert">
          {codeProblem ?? t(errors.code!)}
        </Text>
      )}
      {canWrite && (
        <Group justify="space-between">
          <Group gap="md">
            {fn?.isOwn && (
              <>
                <Switch
                  label={t('scriptedRules.functions.public')}
                  checked={fn.isPublic}
                  disabled={setPublic.isPending}
                  onChange={(event) => setPublic.mutate(event.currentTarget.checked)}
                />
                <Switch
                  label={t('scriptedRules.functions.locked')}
                  checked={fn.isLocked}
                  disabled={setLocked.isPending}
                  onChange={(event) => setLocked.mutate(event.currentTarget.checked)}
                />
              </>
            )}
          </Group>
          <Group gap="xs">
            {fn && (
              <Button
                variant="default"
                color="red"
                disabled={locked}
                loading={remove.isPending}
                onClick={() => void confirmDelete()}
              >
                {t('scriptedRules.delete')}
              </Button>
            )}
            <Button disabled={locked} loading={save.isPending} onClick={() => save.mutate()}>
              {t('scriptedRules.functions.save')}
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
