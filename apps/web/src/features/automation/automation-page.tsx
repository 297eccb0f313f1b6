// /arrules (spec 1 §9, spec 2 §5): the company's automation rules and their logs. Rules are
// created and edited in the builder drawer, enabled, run (for real or dry), reverted run by run,
// and all of them stopped at once by an admin's kill switch.
import '@mantine/dates/styles.css';
import { Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OverviewDates } from '../../shared/period/period-picker';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { PageFrame } from '../../shared/ui/page-frame';
import { ReadOnlyHint, useAutomationAccess } from './automation-access';
import { automationApi, automationKeys } from './automation-api';
import { automationFailureMessage, translatedAutomationMessage } from './automation-messages';
import { KillSwitchBanner, KillSwitchControl } from './kill-switch';
import type { AutomationRule } from './rule-builder/builder-api';
import { RuleBuilderDrawer } from './rule-builder/rule-builder-drawer';
import { RuleLogs, type LogsState } from './rule-logs';
import { RulesTable } from './rules-table';
import { RUN_POLL_MS, RunDetailsModal } from './run-details';

type PageTab = 'rules' | 'logs';

interface BuilderState {
  opened: boolean;
  rule: AutomationRule | null;
}

const ALL_LOGS: LogsState = { filters: { statuses: [] }, page: 1 };

export default function AutomationPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useAutomationAccess();
  const [tab, setTab] = useState<PageTab>('rules');
  const [logs, setLogs] = useState<LogsState>(ALL_LOGS);
  const [builder, setBuilder] = useState<BuilderState>({ opened: false, rule: null });
  const [openRunId, setOpenRunId] = useState<string | null>(null);
  const rules = useQuery({
    queryKey: automationKeys.rules,
    queryFn: automationApi.rules,
    // A rule's run in progress ends on its own: follow it until its last run has a result.
    refetchInterval: (query) =>
      query.state.data?.some((rule) => rule.lastRunStatus === 'PENDING') ? RUN_POLL_MS : false,
  });
  const run = useMutation({
    mutationFn: (request: { rule: AutomationRule; dryRun: boolean }) =>
      automationApi.run(request.rule.id, request.dryRun),
    onSuccess: (started) => {
      notifySuccess(translatedAutomationMessage(started.successMessage));
      setOpenRunId(started.runId);
      void queryClient.invalidateQueries({ queryKey: automationKeys.rules });
    },
    onError: (error) => notifyError(automationFailureMessage(error, t('errors.requestFailed'))),
  });

  const openBuilder = (rule: AutomationRule | null) => setBuilder({ opened: true, rule });

  return (
    <OverviewDates>
      <PageFrame
        title={t('pages.automationRules.title')}
        actions={
          <Group gap="md">
            {access.canUseKillSwitch && <KillSwitchControl />}
            <ReadOnlyHint canWrite={access.canWrite}>
              <Button
                leftSection={<IconPlus size={16} />}
                disabled={!access.canWrite}
                onClick={() => openBuilder(null)}
              >
                {t('automation.page.newRule')}
              </Button>
            </ReadOnlyHint>
          </Group>
        }
      >
        <KillSwitchBanner />
        {run.isPending && (
          <Group gap="sm" role="status">
            <Loader size="xs" />
            <Text size="sm">
              {t('automation.page.starting', { name: run.variables?.rule.name ?? '' })}
            </Text>
          </Group>
        )}
        <Tabs value={tab} onChange={(value) => setTab(value === 'logs' ? 'logs' : 'rules')}>
          <Tabs.List aria-label={t('automation.page.tabs.label')}>
            <Tabs.Tab value="rules">{t('automation.page.tabs.rules')}</Tabs.Tab>
            <Tabs.Tab value="logs">{t('automation.page.tabs.logs')}</Tabs.Tab>
          </Tabs.List>
          <Stack pt="md">
            <Tabs.Panel value="rules">
              <RulesTable
                rules={rules}
                canWrite={access.canWrite}
                onCreate={() => openBuilder(null)}
                onEdit={openBuilder}
                onRun={(rule, dryRun) => run.mutate({ rule, dryRun })}
                onLogs={(rule) => {
                  setLogs({ filters: { ...ALL_LOGS.filters, ruleId: rule.id }, page: 1 });
                  setTab('logs');
                }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="logs">
              {tab === 'logs' && (
                <RuleLogs
                  state={logs}
                  onChange={setLogs}
                  rules={rules.data ?? []}
                  canWrite={access.canWrite}
                  onOpenRun={setOpenRunId}
                />
              )}
            </Tabs.Panel>
          </Stack>
        </Tabs>
      </PageFrame>
      <RuleBuilderDrawer
        opened={builder.opened}
        rule={builder.rule}
        onClose={() => setBuilder((current) => ({ ...current, opened: false }))}
        onSaved={() => {
          setBuilder((current) => ({ ...current, opened: false }));
          void queryClient.invalidateQueries({ queryKey: automationKeys.all });
        }}
      />
      {openRunId && (
        <RunDetailsModal
          runId={openRunId}
          canWrite={access.canWrite}
          onClose={() => setOpenRunId(null)}
        />
      )}
    </OverviewDates>
  );
}
