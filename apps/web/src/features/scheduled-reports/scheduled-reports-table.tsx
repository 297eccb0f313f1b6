// The table of scheduled reports. Times are shown in the member's own time zone (the list is
// about "when will it arrive"), the form shows the UTC hours the server keeps.
import { ActionIcon, Badge, Group, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconSend, IconTrash } from '@tabler/icons-react';
import type { ReportDeliveryStatus, ScheduledReport } from '@tapwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../shared/time/use-now';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { relativeTime } from '../automation/relative-time';
import { repeatSummary } from './report-times';
import { scheduledReportKeys, scheduledReportsApi } from './scheduled-reports-api';

const MINUTE_MS = 60_000;

const STATUS_COLORS: Record<ReportDeliveryStatus, string> = {
  RUNNING: 'blue',
  SENT: 'teal',
  PARTIAL: 'yellow',
  FAILED: 'red',
};

export function ScheduledReportsTable(props: {
  reports: ScheduledReport[];
  canWrite: boolean;
  onEdit(report: ScheduledReport): void;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow(MINUTE_MS);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: scheduledReportKeys.all });
  const failed = () => notifyError(t('scheduledReports.messages.actionFailed'));

  const setDisabled = useMutation({
    mutationFn: (change: { id: string; disabled: boolean }) =>
      scheduledReportsApi.setDisabled(change.id, change.disabled),
    onSuccess: (report) => {
      notifySuccess(t(report.disabled ? 'scheduledReports.disabled' : 'scheduledReports.enabled'));
      refresh();
    },
    onError: failed,
  });
  const sendNow = useMutation({
    mutationFn: scheduledReportsApi.sendNow,
    onSuccess: () => {
      notifySuccess(t('scheduledReports.sent'));
      refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: scheduledReportsApi.remove,
    onSuccess: () => {
      notifySuccess(t('scheduledReports.deleted'));
      refresh();
    },
    onError: () => notifyError(t('scheduledReports.deleteFailed')),
  });

  async function askDelete(report: ScheduledReport) {
    const confirmed = await confirm({
      title: t('scheduledReports.deleteTitle'),
      message: t('scheduledReports.deleteMessage', { name: report.name }),
      icon: 1,
      okLabel: t('scheduledReports.delete'),
      cancelLabel: t('scheduledReports.cancel'),
    });
    if (confirmed) remove.mutate(report.id);
  }

  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover data-testid="scheduled-reports-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('scheduledReports.columns.name')}</Table.Th>
            <Table.Th>{t('scheduledReports.columns.level')}</Table.Th>
            <Table.Th>{t('scheduledReports.columns.repeat')}</Table.Th>
            <Table.Th>{t('scheduledReports.columns.recipients')}</Table.Th>
            <Table.Th>{t('scheduledReports.columns.nextRun')}</Table.Th>
            <Table.Th>{t('scheduledReports.columns.lastDelivery')}</Table.Th>
            <Table.Th>{t('scheduledReports.columns.enabled')}</Table.Th>
            {props.canWrite && <Table.Th>{t('scheduledReports.columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.reports.map((report) => (
            <Table.Tr key={report.id} data-testid="scheduled-report-row">
              <Table.Td fw={500}>{report.name}</Table.Td>
              <Table.Td>{t(`scheduledReports.levels.${report.level}`)}</Table.Td>
              <Table.Td data-testid="report-repeat">
                {repeatSummary(report, new Date(now), t, i18n.language)}
              </Table.Td>
              <Table.Td data-testid="report-recipients">
                {t('scheduledReports.recipientCounts', {
                  emails: report.emails.length + report.externalEmails.length,
                  channels: report.slackChannels.length,
                })}
              </Table.Td>
              <Table.Td data-testid="report-next-run">
                {report.nextRunAt ? (
                  <Text size="sm">
                    {dateTime.format(new Date(report.nextRunAt))}
                    <Text span size="xs" c="dimmed" ml={6}>
                      {relativeTime(report.nextRunAt, now, i18n.language)}
                    </Text>
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t(report.completed ? 'scheduledReports.completed' : 'scheduledReports.paused')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-testid="report-last-delivery">
                {report.lastDelivery ? (
                  <Tooltip label={report.lastDelivery.error} disabled={!report.lastDelivery.error}>
                    <Badge color={STATUS_COLORS[report.lastDelivery.status]} variant="light">
                      {t(`scheduledReports.statuses.${report.lastDelivery.status}`)}
                    </Badge>
                  </Tooltip>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('scheduledReports.neverSent')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={t('scheduledReports.enabledOf', { name: report.name })}
                  checked={!report.disabled}
                  disabled={!props.canWrite || report.completed}
                  onChange={(event) =>
                    setDisabled.mutate({ id: report.id, disabled: !event.currentTarget.checked })
                  }
                />
              </Table.Td>
              {props.canWrite && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('scheduledReports.editOf', { name: report.name })}
                      onClick={() => props.onEdit(report)}
                    >
                      <IconEdit size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('scheduledReports.sendNowOf', { name: report.name })}
                      onClick={() => sendNow.mutate(report.id)}
                      loading={sendNow.isPending && sendNow.variables === report.id}
                    >
                      <IconSend size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('scheduledReports.deleteOf', { name: report.name })}
                      onClick={() => void askDelete(report)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
