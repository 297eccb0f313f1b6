// The Rules tab: every rule with its target, status, enable switch, last and next run, and a menu
// to edit, dry-run, run, read the logs of or delete it. Empty, the tab offers the templates.
import { ActionIcon, Badge, Button, Menu, Skeleton, Switch, Table } from '@mantine/core';
import {
  IconDots,
  IconFlask,
  IconList,
  IconPencil,
  IconPlayerPlay,
  IconRobot,
  IconTemplate,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { EmptyPageState } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { ReadOnlyHint } from './automation-access';
import { automationApi, automationKeys } from './automation-api';
import {
  automationFailureMessage,
  automationMessage,
  statusColor,
  statusLabel,
  translatedAutomationMessage,
} from './automation-messages';
import { LastRun, NextRun } from './rule-run-times';
import type { AutomationRule } from './rule-builder/builder-api';

export interface RuleCommands {
  onCreate(): void;
  onEdit(rule: AutomationRule): void;
  onRun(rule: AutomationRule, dryRun: boolean): void;
  onLogs(rule: AutomationRule): void;
}

export function RulesTable(
  props: RuleCommands & { rules: UseQueryResult<AutomationRule[]>; canWrite: boolean },
) {
  const { t } = useTranslation();
  const { rules } = props;
  if (rules.isPending) return <Skeleton height={160} aria-label={t('common.loading')} />;
  if (rules.isError) return <PanelFailure onRetry={() => void rules.refetch()} />;
  if (rules.data.length === 0) {
    return (
      <EmptyPageState
        icon={<IconRobot size={28} />}
        title={t('automation.list.emptyTitle')}
        description={t('automation.list.emptyDescription')}
        action={
          <ReadOnlyHint canWrite={props.canWrite}>
            <Button
              leftSection={<IconTemplate size={16} />}
              disabled={!props.canWrite}
              onClick={props.onCreate}
            >
              {t('automation.list.fromTemplate')}
            </Button>
          </ReadOnlyHint>
        }
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover data-testid="rules-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('automation.list.columns.name')}</Table.Th>
            <Table.Th>{t('automation.list.columns.target')}</Table.Th>
            <Table.Th>{t('automation.list.columns.status')}</Table.Th>
            <Table.Th>{t('automation.list.columns.enabled')}</Table.Th>
            <Table.Th>{t('automation.list.columns.lastRun')}</Table.Th>
            <Table.Th>{t('automation.list.columns.nextRun')}</Table.Th>
            <Table.Th>{t('automation.list.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.data.map((rule) => (
            <RuleRow key={rule.id} rule={rule} {...props} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RuleRow(props: RuleCommands & { rule: AutomationRule; canWrite: boolean }) {
  const { t } = useTranslation();
  const { rule } = props;
  return (
    <Table.Tr data-testid="rule-row">
      <Table.Td fw={500}>{rule.name}</Table.Td>
      <Table.Td>{t(`automation.list.targets.${rule.definition.target}`)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={statusColor(rule.status)}>
          {statusLabel(rule.status)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <EnableSwitch rule={rule} canWrite={props.canWrite} />
      </Table.Td>
      <Table.Td>
        <LastRun rule={rule} />
      </Table.Td>
      <Table.Td>
        <NextRun rule={rule} />
      </Table.Td>
      <Table.Td>
        <RuleMenu {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

function EnableSwitch({ rule, canWrite }: { rule: AutomationRule; canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (enabled: boolean) => automationApi.setEnabled(rule.id, enabled),
    onSuccess: (result) => {
      notifySuccess(translatedAutomationMessage(result.successMessage));
      queryClient.setQueryData<AutomationRule[]>(automationKeys.rules, (rules) =>
        rules?.map((entry) => (entry.id === result.rule.id ? result.rule : entry)),
      );
      void queryClient.invalidateQueries({ queryKey: automationKeys.logs });
    },
    onError: (error) =>
      notifyError(automationFailureMessage(error, automationMessage('saveFailed'))),
  });
  return (
    <ReadOnlyHint canWrite={canWrite}>
      <Switch
        checked={rule.enabled}
        disabled={!canWrite || change.isPending}
        aria-label={t(rule.enabled ? 'automation.list.disable' : 'automation.list.enable', {
          name: rule.name,
        })}
        onChange={(event) => change.mutate(event.currentTarget.checked)}
      />
    </ReadOnlyHint>
  );
}

function RuleMenu(props: RuleCommands & { rule: AutomationRule; canWrite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { rule, canWrite } = props;
  const remove = useMutation({
    mutationFn: () => automationApi.deleteRule(rule.id),
    onSuccess: (result) => {
      notifySuccess(translatedAutomationMessage(result.successMessage));
      void queryClient.invalidateQueries({ queryKey: automationKeys.all });
    },
    onError: (error) =>
      notifyError(automationFailureMessage(error, automationMessage('saveFailed'))),
  });

  // A real run sends its changes to Apple at once: say so before. A dry run changes nothing.
  async function confirmRun() {
    const confirmed = await confirm({
      title: t('automation.list.runNowTitle'),
      message: t('automation.list.runNowMessage', { name: rule.name }),
      icon: 3,
      okLabel: t('automation.list.actions.runNow'),
    });
    if (confirmed) props.onRun(rule, false);
  }

  async function confirmDelete() {
    const confirmed = await confirm({
      title: t('automation.list.deleteTitle'),
      message: t('automation.list.deleteMessage', { name: rule.name }),
      icon: 1,
      okLabel: t('automation.list.actions.delete'),
    });
    if (confirmed) remove.mutate();
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          loading={remove.isPending}
          aria-label={t('automation.list.menu', { name: rule.name })}
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconPencil size={14} />}
          disabled={!canWrite}
          onClick={() => props.onEdit(rule)}
        >
          {t('automation.list.actions.edit')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFlask size={14} />}
          disabled={!canWrite}
          onClick={() => props.onRun(rule, true)}
        >
          {t('automation.list.actions.dryRun')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconPlayerPlay size={14} />}
          disabled={!canWrite}
          onClick={() => void confirmRun()}
        >
          {t('automation.list.actions.runNow')}
        </Menu.Item>
        <Menu.Item leftSection={<IconList size={14} />} onClick={() => props.onLogs(rule)}>
          {t('automation.list.actions.logs')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} />}
          disabled={!canWrite}
          onClick={() => void confirmDelete()}
        >
          {t('automation.list.actions.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
