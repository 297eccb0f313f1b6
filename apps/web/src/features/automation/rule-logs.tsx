// The Logs tab: runs and lifecycle events of every rule, newest first, filtered by rule, status,
// dates and dry runs, paged, exportable to CSV with the same filters. A run opens its details;
// a revertible run can be reverted from its row.
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  MultiSelect,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconDownload } from '@tabler/icons-react';
import {
  AUTOMATION_LOG_STATUSES,
  type ReportExportFormat,
  type RuleLogEntry,
} from '@tapwise/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../shared/files/download-file';
import { formatDateTime, formatInteger } from '../../shared/format/format';
import { notifyError } from '../../shared/ui/notify';
import { PanelFailure } from '../../shared/ui/panel';
import { automationApi, automationKeys, type RuleLogFilters } from './automation-api';
import { statusColor, statusLabel } from './automation-messages';
import type { AutomationRule } from './rule-builder/builder-api';
import { RevertButton } from './revert-button';
import { RUN_POLL_MS } from './run-details';

export const LOG_PAGE_SIZE = 50;

export interface LogsState {
  filters: RuleLogFilters;
  page: number;
}

export function RuleLogs(props: {
  state: LogsState;
  onChange(state: LogsState): void;
  rules: AutomationRule[];
  canWrite: boolean;
  onOpenRun(runId: string): void;
}) {
  const { t } = useTranslation();
  const { filters, page } = props.state;
  const query = { ...filters, offset: (page - 1) * LOG_PAGE_SIZE, limit: LOG_PAGE_SIZE };
  const logs = useQuery({
    queryKey: automationKeys.logPage(query),
    queryFn: () => automationApi.logs(query),
    placeholderData: keepPreviousData,
    // Running runs change status on their own: follow them until they finish.
    refetchInterval: (current) =>
      current.state.data?.entries.some((entry) => entry.status === 'PENDING') ? RUN_POLL_MS : false,
  });
  const setFilters = (next: RuleLogFilters) => props.onChange({ filters: next, page: 1 });
  const pages = Math.max(1, Math.ceil((logs.data?.total ?? 0) / LOG_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <LogFilters filters={filters} rules={props.rules} onChange={setFilters} />
        <ExportButton filters={filters} />
      </Group>
      {logs.isPending ? (
        <Skeleton height={160} aria-label={t('common.loading')} />
      ) : logs.isError ? (
        <PanelFailure onRetry={() => void logs.refetch()} />
      ) : logs.data.entries.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('automation.logs.empty')}
        </Text>
      ) : (
        <LogTable
          entries={logs.data.entries}
          canWrite={props.canWrite}
          onOpenRun={props.onOpenRun}
        />
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="log-total">
          {t('automation.logs.total', { total: formatInteger(logs.data?.total ?? 0) })}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => props.onChange({ filters, page: next })}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': t(`adsManager.pager.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('adsManager.pager.page', { page: item }) })}
          />
        )}
      </Group>
    </Stack>
  );
}

function LogFilters(props: {
  filters: RuleLogFilters;
  rules: AutomationRule[];
  onChange(filters: RuleLogFilters): void;
}) {
  const { t } = useTranslation();
  const { filters } = props;
  // The first day of a range being picked, until its last day is picked or the range cleared.
  const [draft, setDraft] = useState<[string | null, string | null] | null>(null);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('automation.logs.filters.rule')}
        placeholder={t('automation.logs.filters.allRules')}
        data={props.rules.map((rule) => ({ value: rule.id, label: rule.name }))}
        value={filters.ruleId ?? null}
        clearable
        searchable
        w={220}
        onChange={(ruleId) => props.onChange({ ...filters, ruleId: ruleId ?? undefined })}
      />
      <MultiSelect
        label={t('automation.logs.filters.statuses')}
        placeholder={filters.statuses?.length ? undefined : t('automation.logs.filters.anyStatus')}
        data={AUTOMATION_LOG_STATUSES.map((status) => ({
          value: status,
          label: statusLabel(status),
        }))}
        value={filters.statuses ?? []}
        clearable
        w={280}
        onChange={(statuses) => props.onChange({ ...filters, statuses })}
      />
      <DatePickerInput
        type="range"
        label={t('automation.logs.filters.dates')}
        placeholder={t('automation.logs.filters.anyDate')}
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={draft ?? [filters.from ?? null, filters.to ?? null]}
        valueFormat="D MMM YYYY"
        clearable
        allowSingleDateInRange
        w={260}
        onChange={([from, to]) => {
          if (Boolean(from) !== Boolean(to)) {
            setDraft([from, to]);
            return;
          }
          setDraft(null);
          props.onChange({ ...filters, from: from ?? undefined, to: to ?? undefined });
        }}
        popoverProps={{ onClose: () => setDraft(null) }}
      />
      <Checkbox
        label={t('automation.logs.filters.dryRunsOnly')}
        checked={filters.dryRun === true}
        mb={8}
        onChange={(event) =>
          props.onChange({ ...filters, dryRun: event.currentTarget.checked ? true : undefined })
        }
      />
    </Group>
  );
}

function ExportButton({ filters }: { filters: RuleLogFilters }) {
  const { t } = useTranslation();
  const file = useMutation({
    mutationFn: async (format: ReportExportFormat) => ({
      format,
      data: await automationApi.logsFile(filters, format),
    }),
    onSuccess: ({ format, data }) =>
      downloadFile(`automation-logs-${new Date().toISOString().slice(0, 10)}.${format}`, data),
    onError: () => notifyError(t('automation.logs.exportFailed')),
  });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={file.isPending}>
          {t('exports.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => file.mutate('csv')}>{t('exports.csv')}</Menu.Item>
        <Menu.Item onClick={() => file.mutate('xlsx')}>{t('exports.xlsx')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function LogTable(props: {
  entries: RuleLogEntry[];
  canWrite: boolean;
  onOpenRun(runId: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover data-testid="log-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('automation.logs.columns.time')}</Table.Th>
            <Table.Th>{t('automation.logs.columns.rule')}</Table.Th>
            <Table.Th>{t('automation.logs.columns.status')}</Table.Th>
            <Table.Th>{t('automation.logs.columns.trigger')}</Table.Th>
            <Table.Th>{t('automation.logs.columns.matched')}</Table.Th>
            <Table.Th>{t('automation.logs.columns.changes')}</Table.Th>
            <Table.Th>{t('automation.logs.columns.message')}</Table.Th>
            <Table.Th>{t('automation.logs.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.entries.map((entry) => (
            <LogRow key={`${entry.kind}-${entry.id}`} entry={entry} {...props} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const COUNT_KINDS = ['applied', 'planned', 'failed', 'skipped', 'reverted'] as const;

function LogRow(props: { entry: RuleLogEntry; canWrite: boolean; onOpenRun(runId: string): void }) {
  const { t } = useTranslation();
  const { entry } = props;
  const run = entry.kind === 'RUN';
  const counts = COUNT_KINDS.filter((kind) => entry[kind] > 0).map((kind) =>
    t(`automation.logs.counts.${kind}`, { count: formatInteger(entry[kind]) }),
  );
  return (
    <Table.Tr
      data-testid="log-row"
      style={run ? { cursor: 'pointer' } : undefined}
      onClick={run ? () => props.onOpenRun(entry.id) : undefined}
    >
      <Table.Td>{formatDateTime(entry.at)}</Table.Td>
      <Table.Td>{entry.ruleName}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge variant="light" color={statusColor(entry.status)}>
            {statusLabel(entry.status)}
          </Badge>
          {entry.dryRun && (
            <Badge variant="outline" size="sm">
              {t('automation.logs.dryRun')}
            </Badge>
          )}
        </Group>
        {entry.revertedAt && (
          <Text size="xs" c="dimmed">
            {t('automation.logs.reverted', { time: formatDateTime(entry.revertedAt) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{entry.trigger ? t(`automation.logs.triggers.${entry.trigger}`) : ''}</Table.Td>
      <Table.Td>
        {run &&
          t('automation.logs.matched', {
            matched: formatInteger(entry.matched),
            evaluated: formatInteger(entry.evaluated),
          })}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{counts.join(' · ')}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" lineClamp={2}>
          {entry.message ?? ''}
        </Text>
      </Table.Td>
      {/* The buttons act on their own: a click on them does not also open the run. */}
      <Table.Td onClick={(event) => event.stopPropagation()}>
        {run && (
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="subtle"
              aria-label={t('automation.logs.detailsOf', {
                name: entry.ruleName,
                time: formatDateTime(entry.at),
              })}
              onClick={() => props.onOpenRun(entry.id)}
            >
              {t('automation.logs.details')}
            </Button>
            <RevertButton entry={entry} canWrite={props.canWrite} />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
