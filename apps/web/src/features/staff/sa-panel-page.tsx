// /searchads-manage, listed as SA Panel (spec 1 §2): the activity log of every company with
// filters (each entry marked watched or deleted), the job queue's tasks of every company, and the
// outbox of mail the server kept instead of sending (no SMTP configured).
import { Group, Select, Table, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { ACTIVITY_KINDS } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { PageFrame } from '../../shared/ui/page-frame';
import { QueryTable } from '../../shared/ui/query-table';
import { ActivityLogActions, QueuedTasksPanel } from './company-tools';
import { MailOutbox } from './mail-outbox';
import { staffApi } from './staff-api';

const LOG_LIMIT = 200;

function ActivityLog() {
  const { t } = useTranslation();
  const [teamId, setTeamId] = useState<string | null>(null);
  const [logType, setLogType] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const companies = useQuery({ queryKey: ['staff', 'companies'], queryFn: staffApi.companies });
  const filter = {
    teamId: teamId ?? undefined,
    logType: logType ?? undefined,
    search: debouncedSearch || undefined,
    limit: LOG_LIMIT,
  };
  const logs = useQuery({
    queryKey: ['staff', 'activity-logs', filter],
    queryFn: () => staffApi.activityLogs(filter),
  });

  return (
    <>
      <Group mb="md" align="flex-end">
        <Select
          label={t('staff.company')}
          placeholder={t('staff.allCompanies')}
          data={(companies.data ?? []).map((company) => ({
            value: company.id,
            label: company.name,
          }))}
          value={teamId}
          onChange={setTeamId}
          searchable
          clearable
        />
        <Select
          label={t('saPanel.type')}
          placeholder={t('saPanel.allTypes')}
          data={ACTIVITY_KINDS.map((kind) => ({ value: kind, label: t(`activityKinds.${kind}`) }))}
          value={logType}
          onChange={setLogType}
          searchable
          clearable
        />
        <TextInput
          label={t('saPanel.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Group>
      <QueryTable
        query={logs}
        emptyText={t('pages.saPanel.empty')}
        minWidth={720}
        columns={[
          t('saPanel.when'),
          t('staff.company'),
          t('saPanel.type'),
          t('saPanel.message'),
          t('staff.tools.watched'),
        ]}
        renderRow={(log) => (
          <Table.Tr key={log.logId}>
            <Table.Td>{formatDateTime(log.createdAt)}</Table.Td>
            <Table.Td>{log.company ?? '—'}</Table.Td>
            <Table.Td>{t(`activityKinds.${log.logType}`, { defaultValue: log.logType })}</Table.Td>
            <Table.Td>{log.message}</Table.Td>
            <Table.Td>
              <ActivityLogActions logId={log.logId} watched={log.watched} message={log.message} />
            </Table.Td>
          </Table.Tr>
        )}
      />
    </>
  );
}

function AllQueuedTasks() {
  const { t } = useTranslation();
  const companies = useQuery({ queryKey: ['staff', 'companies'], queryFn: staffApi.companies });
  const names = new Map((companies.data ?? []).map((company) => [company.id, company.name]));
  return (
    <QueuedTasksPanel
      companyName={(teamId) =>
        teamId ? (names.get(teamId) ?? teamId) : t('staff.tools.installationWide')
      }
    />
  );
}

export default function SaPanelPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.saPanel.title')}>
      <Tabs defaultValue="activity" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="activity">{t('saPanel.tabs.activity')}</Tabs.Tab>
          <Tabs.Tab value="tasks">{t('staff.tools.queuedTasks')}</Tabs.Tab>
          <Tabs.Tab value="outbox">{t('saPanel.tabs.outbox')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="activity">
          <ActivityLog />
        </Tabs.Panel>
        <Tabs.Panel value="tasks">
          <AllQueuedTasks />
        </Tabs.Panel>
        <Tabs.Panel value="outbox">
          <MailOutbox />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
