// The company's scripted rules: name, enable switch, schedule, last run with its status, next run,
// and to open or delete each. Empty, the list offers the templates.
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Skeleton,
  Switch,
  Table,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCode, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { EmptyPageState } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { LastRun, NextRun } from '../automation/rule-run-times';
import { scriptedRulesApi, scriptedRulesKeys, type ScriptedRule } from './scripted-rules-api';
import { scriptFailureMessage, translatedScriptMessage } from './scripted-rules-messages';

export function ScriptsTable(props: {
  rules: UseQueryResult<ScriptedRule[]>;
  canWrite: boolean;
  onCreate(): void;
  onOpen(rule: ScriptedRule): void;
}) {
  const { t } = useTranslation();
  const { rules } = props;
  if (rules.isPending) return <Skeleton height={160} aria-label={t('common.loading')} />;
  if (rules.isError) return <PanelFailure onRetry={() => void rules.refetch()} />;
  if (rules.data.length === 0)
    return (
      <EmptyPageState
        icon={<IconCode size={28} />}
        title={t('scriptedRules.list.emptyTitle')}
        description={t('scriptedRules.list.emptyDescription')}
        action={
          props.canWrite ? (
            <Button leftSection={<IconTemplate size={16} />} onClick={props.onCreate}>
              {t('scriptedRules.list.new')}
            </Button>
          ) : undefined
        }
      />
    );
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover data-testid="scripts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('automation.list.columns.name')}</Table.Th>
            <Table.Th>{t('automation.list.columns.enabled')}</Table.Th>
            <Table.Th>{t('scriptedRules.list.schedule')}</Table.Th>
            <Table.Th>{t('automation.list.columns.lastRun')}</Table.Th>
            <Table.Th>{t('automation.list.columns.nextRun')}</Table.Th>
            <Table.Th>{t('automation.list.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.data.map((rule) => (
            <ScriptRow key={rule.id} rule={rule} canWrite={props.canWrite} onOpen={props.onOpen} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ScriptRow(props: {
  rule: ScriptedRule;
  canWrite: boolean;
  onOpen(rule: ScriptedRule): void;
}) {
  const { t } = useTranslation();
  const { rule } = props;
  const { checkFrequency, customHours } = rule.definition;
  return (
    <Table.Tr data-testid="script-row">
      <Table.Td>
        <UnstyledButton onClick={() => props.onOpen(rule)} fw={500}>
          {rule.name}
        </UnstyledButton>
      </Table.Td>
      <Table.Td>
        <EnableSwitch rule={rule} canWrite={props.canWrite} />
      </Table.Td>
      <Table.Td>
        {checkFrequency === 'CUSTOM_HOURS'
          ? t('scriptedRules.list.everyHours', { hours: customHours ?? 0 })
          : t(`automation.builder.checkFrequencies.${checkFrequency}`)}
      </Table.Td>
      <Table.Td>
        <LastRun rule={rule} />
      </Table.Td>
      <Table.Td>
        <NextRun rule={rule} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => props.onOpen(rule)}>
            {t('scriptedRules.list.open')}
          </Button>
          {props.canWrite && <DeleteButton rule={rule} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function EnableSwitch({ rule, canWrite }: { rule: ScriptedRule; canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (enabled: boolean) => scriptedRulesApi.setEnabled(rule.id, enabled),
    onSuccess: (result) => {
      notifySuccess(translatedScriptMessage(result.successMessage));
      queryClient.setQueryData<ScriptedRule[]>(scriptedRulesKeys.rules, (rules) =>
        rules?.map((entry) => (entry.id === result.rule.id ? result.rule : entry)),
      );
    },
    onError: (error) => notifyError(scriptFailureMessage(error)),
  });
  // Read-only members see the state, not a control.
  if (!canWrite)
    return (
      <Badge variant="light" color={rule.enabled ? 'teal' : 'gray'}>
        {t(rule.enabled ? 'scriptedRules.list.on' : 'scriptedRules.list.off')}
      </Badge>
    );
  return (
    <Switch
      checked={rule.enabled}
      disabled={change.isPending}
      aria-label={t(rule.enabled ? 'automation.list.disable' : 'automation.list.enable', {
        name: rule.name,
      })}
      onChange={(event) => change.mutate(event.currentTarget.checked)}
    />
  );
}

function DeleteButton({ rule }: { rule: ScriptedRule }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => scriptedRulesApi.deleteRule(rule.id),
    onSuccess: (result) => {
      notifySuccess(translatedScriptMessage(result.successMessage));
      void queryClient.invalidateQueries({ queryKey: scriptedRulesKeys.rules });
    },
    onError: (error) => notifyError(scriptFailureMessage(error)),
  });
  async function confirmDelete() {
    const confirmed = await confirm({
      title: t('scriptedRules.list.deleteTitle'),
      message: t('scriptedRules.list.deleteMessage', { name: rule.name }),
      icon: 1,
      okLabel: t('scriptedRules.delete'),
    });
    if (confirmed) remove.mutate();
  }
  const label = t('scriptedRules.list.deleteLabel', { name: rule.name });
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={label}
        loading={remove.isPending}
        onClick={() => void confirmDelete()}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
