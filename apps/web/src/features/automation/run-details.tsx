// The details of one run: its summary while it runs (polled every 1.5 s until it leaves PENDING),
// then every change it made or planned with before and after, and the revert of its changes.
import {
  Badge,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { DEFAULT_CURRENCY, type RuleChangeEntry, type RuleLogEntry } from '@tapwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatInteger } from '../../shared/format/format';
import { PanelFailure } from '../../shared/ui/panel';
import { adsManagerApi, adsManagerKeys } from '../ads-manager/ads-manager-api';
import { automationApi, automationKeys } from './automation-api';
import { statusColor, statusLabel } from './automation-messages';
import { RevertButton } from './revert-button';
import { formatChangeValues } from './rule-builder/change-values';
import { ConvertedRuleValues } from './rule-builder/converted-rule-values';

/** How often a running run is asked for its status (design of issue 8). */
export const RUN_POLL_MS = 1500;

export function RunDetailsModal(props: { runId: string; canWrite: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const entry = useRunEntry(props.runId);
  const title = entry.data
    ? t('automation.logs.run.title', { name: entry.data.ruleName })
    : t('automation.logs.run.loadingTitle');
  return (
    <Modal opened onClose={props.onClose} title={title} size="xl" centered>
      {entry.isPending ? (
        <Skeleton height={120} aria-label={t('common.loading')} />
      ) : entry.isError ? (
        <PanelFailure onRetry={() => void entry.refetch()} />
      ) : (
        <RunDetails entry={entry.data} canWrite={props.canWrite} />
      )}
    </Modal>
  );
}

/** The run's log entry, asked again every 1.5 s while it is PENDING; lists refresh when it ends. */
function useRunEntry(runId: string) {
  const queryClient = useQueryClient();
  const entry = useQuery({
    queryKey: automationKeys.logEntry(runId),
    queryFn: () => automationApi.logEntry(runId),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? RUN_POLL_MS : false),
  });
  const finished = entry.data !== undefined && entry.data.status !== 'PENDING';
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: automationKeys.rules });
    void queryClient.invalidateQueries({ queryKey: automationKeys.logs });
  }, [finished, queryClient]);
  return entry;
}

function RunDetails({ entry, canWrite }: { entry: RuleLogEntry; canWrite: boolean }) {
  const { t } = useTranslation();
  const running = entry.status === 'PENDING';
  return (
    <Stack gap="md" data-testid="run-details">
      <Group justify="space-between" align="flex-start">
        <Group gap="xs">
          <Badge variant="light" color={statusColor(entry.status)}>
            {statusLabel(entry.status)}
          </Badge>
          {entry.dryRun && <Badge variant="outline">{t('automation.logs.dryRun')}</Badge>}
          {entry.revertedAt && (
            <Text size="sm" c="dimmed">
              {t('automation.logs.reverted', { time: formatDateTime(entry.revertedAt) })}
            </Text>
          )}
        </Group>
        <RevertButton entry={entry} canWrite={canWrite} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label={t('automation.logs.run.started')}>{formatDateTime(entry.at)}</Fact>
        <Fact label={t('automation.logs.run.finished')}>
          {formatDateTime(entry.finishedAt) || '—'}
        </Fact>
        <Fact label={t('automation.logs.columns.trigger')}>
          {entry.trigger ? t(`automation.logs.triggers.${entry.trigger}`) : '—'}
        </Fact>
        <Fact label={t('automation.logs.columns.matched')}>
          {t('automation.logs.matched', {
            matched: formatInteger(entry.matched),
            evaluated: formatInteger(entry.evaluated),
          })}
        </Fact>
      </SimpleGrid>
      {entry.message && <Text size="sm">{entry.message}</Text>}
      {running ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('automation.logs.run.running')}</Text>
        </Group>
      ) : (
        entry.kind === 'RUN' && <RunChanges runId={entry.id} />
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** Ad accounts' currencies, from the lookup the ads manager already caches. */
function useAccountCurrencies(): Map<number, string> {
  const apps = useQuery({ queryKey: adsManagerKeys.apps, queryFn: adsManagerApi.apps });
  return useMemo(
    () => new Map((apps.data ?? []).map((app) => [app.adAccountId, app.currency])),
    [apps.data],
  );
}

function RunChanges({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const changes = useQuery({
    queryKey: automationKeys.changes(runId),
    queryFn: () => automationApi.changes(runId),
  });
  const currencies = useAccountCurrencies();
  if (changes.isPending) return <Skeleton height={120} aria-label={t('common.loading')} />;
  if (changes.isError) return <PanelFailure onRetry={() => void changes.refetch()} />;
  if (changes.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('automation.logs.run.noChanges')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped data-testid="run-changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('automation.logs.run.columns.entity')}</Table.Th>
            <Table.Th>{t('automation.logs.run.columns.action')}</Table.Th>
            <Table.Th>{t('automation.logs.run.columns.before')}</Table.Th>
            <Table.Th>{t('automation.logs.run.columns.after')}</Table.Th>
            <Table.Th>{t('automation.logs.run.columns.status')}</Table.Th>
            <Table.Th>{t('automation.logs.run.columns.message')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.data.map((change) => (
            <ChangeRow
              key={change.id}
              change={change}
              currency={currencies.get(change.adAccountId) ?? DEFAULT_CURRENCY}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ChangeRow({ change, currency }: { change: RuleChangeEntry; currency: string }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="change-row">
      <Table.Td>
        <Text size="sm">{change.entityName}</Text>
        <Text size="xs" c="dimmed">
          {t(`automation.logs.run.levels.${change.level}`, { defaultValue: change.level })}
        </Text>
      </Table.Td>
      <Table.Td>{t(`automation.logs.run.actions.${change.action}`)}</Table.Td>
      <Table.Td>{formatChangeValues(change.before, currency)}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <span>{formatChangeValues(change.after, currency)}</span>
          {change.capped && (
            <Tooltip label={t('automation.logs.run.cappedHint')}>
              <Badge size="xs" color="orange" variant="light" tabIndex={0}>
                {t('automation.logs.run.capped')}
              </Badge>
            </Tooltip>
          )}
        </Group>
        {change.conversion && <ConvertedRuleValues conversion={change.conversion} />}
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" color={changeStatusColor(change.status)}>
          {t(`automation.logs.run.changeStatuses.${change.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="xs">{change.message ?? ''}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

function changeStatusColor(status: RuleChangeEntry['status']): string {
  if (status === 'APPLIED') return 'teal';
  if (status === 'FAILED') return 'red';
  if (status === 'PLANNED' || status === 'PENDING') return 'blue';
  return 'gray';
}
