// Staff tools of one company (docs/staff-tools.md): mock data, retention periods, a note on its
// activity log, and its queued tasks. Opened from the Companies table.
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Progress,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  QUEUED_TASK_STATES,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  SAM_ACTIVITY_MAX_LENGTH,
} from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/http';
import { formatDateTime, formatInteger } from '../../shared/format/format';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { staffApi, type QueuedTask, type StaffCompany } from './staff-api';

/** How often a running first sync or removal is asked about. */
const MOCK_DATA_POLL_MS = 2000;

function MockDataSection({ company }: { company: StaffCompany }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['staff', 'mock-data', company.id];
  const state = useQuery({
    queryKey: key,
    queryFn: () => staffApi.mockData(company.id),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && (data.deleting || (data.present && data.progress < 100))
        ? MOCK_DATA_POLL_MS
        : false;
    },
  });
  const add = useMutation({
    mutationFn: () => staffApi.addMockData(company.id),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      notifySuccess(t('staff.tools.mockAdded'));
    },
    onError: (error) =>
      notifyError(
        error instanceof ApiError && error.body?.error === 'CONFLICT'
          ? t('staff.tools.mockRefused')
          : t('errors.updateFailed'),
      ),
  });
  const remove = useMutation({
    mutationFn: () => staffApi.removeMockData(company.id),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      notifySuccess(t('staff.tools.mockRemoving'));
    },
    onError: () => notifyError(t('errors.deleteFailed')),
  });

  async function confirmRemove() {
    const confirmed = await confirm({
      title: t('staff.tools.removeMock'),
      message: t('staff.tools.removeMockMessage', { company: company.name }),
      icon: 1,
    });
    if (confirmed) remove.mutate();
  }

  const data = state.data;
  return (
    <Stack gap="xs">
      <Title order={4}>{t('staff.tools.mockData')}</Title>
      <Text size="sm" c="dimmed">
        {t('staff.tools.mockDataHint')}
      </Text>
      {data?.present ? (
        <>
          <Group justify="space-between">
            <Text size="sm">
              {data.deleting
                ? t('staff.tools.mockDeleting')
                : data.progress < 100
                  ? t('staff.tools.mockSyncing', { progress: data.progress })
                  : t('staff.tools.mockReady')}
            </Text>
            <Button
              color="red"
              variant="light"
              size="xs"
              disabled={data.deleting}
              loading={remove.isPending}
              onClick={() => void confirmRemove()}
            >
              {t('staff.tools.removeMock')}
            </Button>
          </Group>
          <Progress
            value={data.deleting ? 100 : data.progress}
            animated={data.deleting || data.progress < 100}
            color={data.deleting ? 'red' : 'blue'}
            aria-label={t('staff.tools.mockProgress')}
          />
        </>
      ) : (
        <Group justify="space-between">
          <Text size="sm">
            {data?.realIntegration
              ? t('staff.tools.mockRealIntegration')
              : t('staff.tools.mockNone')}
          </Text>
          <Button
            size="xs"
            disabled={!data || data.realIntegration}
            loading={add.isPending}
            onClick={() => add.mutate()}
          >
            {t('staff.tools.addMock')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function RetentionSection({ company }: { company: StaffCompany }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const retention = useQuery({
    queryKey: ['staff', 'log-retention', company.id],
    queryFn: () => staffApi.logRetention(company.id),
  });
  const [logDays, setLogDays] = useState<number | string>(company.logRetentionDays ?? '');
  const [dataDays, setDataDays] = useState<number | string>(company.dataRetentionDays);
  const save = useMutation({
    mutationFn: async () => {
      await staffApi.changeLogRetention(company.id, logDays === '' ? null : Number(logDays));
      await staffApi.changeDataRetention(company.id, Number(dataDays));
    },
    onSuccess: () => {
      notifySuccess(t('staff.tools.retentionSaved'));
      void queryClient.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: () => notifyError(t('errors.updateFailed')),
  });
  const valid = (value: number | string, optional: boolean) =>
    (optional && value === '') ||
    (typeof value === 'number' && value >= RETENTION_DAYS_MIN && value <= RETENTION_DAYS_MAX);

  return (
    <Stack gap="xs">
      <Title order={4}>{t('staff.tools.retention')}</Title>
      <Group align="flex-end">
        <NumberInput
          label={t('staff.tools.logRetention')}
          description={t('staff.tools.logRetentionDefault', {
            days: retention.data?.defaultDays ?? '…',
          })}
          placeholder={t('staff.tools.useDefault')}
          min={RETENTION_DAYS_MIN}
          max={RETENTION_DAYS_MAX}
          allowDecimal={false}
          value={logDays}
          onChange={setLogDays}
          error={valid(logDays, true) ? undefined : t('staff.tools.retentionBounds')}
        />
        <NumberInput
          label={t('staff.tools.dataRetention')}
          min={RETENTION_DAYS_MIN}
          max={RETENTION_DAYS_MAX}
          allowDecimal={false}
          value={dataDays}
          onChange={setDataDays}
          error={valid(dataDays, false) ? undefined : t('staff.tools.retentionBounds')}
        />
        <Button
          disabled={!valid(logDays, true) || !valid(dataDays, false)}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          {t('staff.tools.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function NoteSection({ company }: { company: StaffCompany }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: () => staffApi.saveSamActivity(company.id, note.trim()),
    onSuccess: () => {
      setNote('');
      notifySuccess(t('staff.tools.noteSaved'));
      void queryClient.invalidateQueries({ queryKey: ['staff', 'activity-logs'] });
    },
    onError: () => notifyError(t('errors.updateFailed')),
  });
  return (
    <Stack gap="xs">
      <Title order={4}>{t('staff.tools.note')}</Title>
      <Textarea
        aria-label={t('staff.tools.note')}
        placeholder={t('staff.tools.notePlaceholder')}
        maxLength={SAM_ACTIVITY_MAX_LENGTH}
        rows={3}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          size="xs"
          disabled={note.trim() === ''}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          {t('staff.tools.saveNote')}
        </Button>
      </Group>
    </Stack>
  );
}

const STATUS_COLORS: Record<string, string> = {
  created: 'blue',
  retry: 'orange',
  active: 'teal',
  failed: 'red',
  cancelled: 'gray',
  completed: 'green',
};

/** The job queue's tasks of one company, or of every company (teamId undefined). */
export function QueuedTasksPanel({
  teamId,
  companyName,
}: {
  teamId?: string;
  companyName?: (teamId: string | null) => string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['staff', 'queued-tasks', teamId ?? null];
  const tasks = useQuery({ queryKey: key, queryFn: () => staffApi.queuedTasks(teamId) });
  const remove = useMutation({
    mutationFn: (task: QueuedTask) => staffApi.deleteQueuedTask(task.taskId),
    onSuccess: () => {
      notifySuccess(t('staff.tools.taskDeleted'));
      void queryClient.invalidateQueries({ queryKey: ['staff', 'queued-tasks'] });
    },
    onError: (error) =>
      notifyError(
        error instanceof ApiError && error.body?.error === 'CONFLICT'
          ? t('staff.tools.taskRunning')
          : t('errors.deleteFailed'),
      ),
  });

  async function confirmDelete(task: QueuedTask) {
    const confirmed = await confirm({
      title: t('staff.tools.deleteTask'),
      message: t('staff.tools.deleteTaskMessage', { category: task.category }),
      icon: 1,
    });
    if (confirmed) remove.mutate(task);
  }

  const groups = tasks.data?.groups ?? [];
  const list = tasks.data?.tasks ?? [];
  const status = (state: string) => (
    <Badge variant="light" color={STATUS_COLORS[state] ?? 'gray'}>
      {t(`staff.tools.states.${state}`)}
    </Badge>
  );
  return (
    <Stack gap="xs">
      <Title order={4}>{t('staff.tools.queuedTasks')}</Title>
      {tasks.isError ? <Text c="red">{t('errors.loadFailed')}</Text> : null}
      {tasks.isSuccess && groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('staff.tools.noTasks')}
        </Text>
      ) : null}
      {groups.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('staff.tools.taskCounts')}>
            <Table.Thead>
              <Table.Tr>
                {companyName ? <Table.Th>{t('staff.company')}</Table.Th> : null}
                <Table.Th>{t('staff.tools.category')}</Table.Th>
                {QUEUED_TASK_STATES.map((state) => (
                  <Table.Th key={state}>{t(`staff.tools.states.${state}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map((group) => (
                <Table.Tr key={`${group.teamId ?? ''}|${group.category}`}>
                  {companyName ? <Table.Td>{companyName(group.teamId)}</Table.Td> : null}
                  <Table.Td>{group.category}</Table.Td>
                  {QUEUED_TASK_STATES.map((state) => (
                    <Table.Td key={state}>{formatInteger(group.counts[state])}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {list.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t('staff.tools.taskList')}>
            <Table.Thead>
              <Table.Tr>
                {companyName ? <Table.Th>{t('staff.company')}</Table.Th> : null}
                <Table.Th>{t('staff.tools.category')}</Table.Th>
                <Table.Th>{t('staff.tools.status')}</Table.Th>
                <Table.Th>{t('staff.tools.retries')}</Table.Th>
                <Table.Th>{t('staff.tools.queuedAt')}</Table.Th>
                <Table.Th>{t('team.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((task) => (
                <Table.Tr key={task.taskId}>
                  {companyName ? <Table.Td>{companyName(task.teamId)}</Table.Td> : null}
                  <Table.Td>{task.category}</Table.Td>
                  <Table.Td>{status(task.status)}</Table.Td>
                  <Table.Td>{formatInteger(task.retryCount)}</Table.Td>
                  <Table.Td>{formatDateTime(task.createdOn)}</Table.Td>
                  <Table.Td>
                    <Tooltip label={t('staff.tools.deleteTask')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        disabled={task.status === 'active'}
                        aria-label={t('staff.tools.deleteTaskOf', { category: task.category })}
                        onClick={() => void confirmDelete(task)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

export function CompanyToolsModal(props: { company: StaffCompany | null; onClose(): void }) {
  const { t } = useTranslation();
  const company = props.company;
  return (
    <Modal
      opened={company !== null}
      onClose={props.onClose}
      title={company ? t('staff.tools.title', { company: company.name }) : ''}
      size="xl"
    >
      {company ? (
        <Stack gap="lg">
          <MockDataSection company={company} />
          <RetentionSection company={company} />
          <NoteSection company={company} />
          <QueuedTasksPanel teamId={company.id} />
        </Stack>
      ) : null}
    </Modal>
  );
}

/** The watched toggle and the confirmed delete of one activity-log entry (SA panel). */
export function ActivityLogActions(props: { logId: string; watched: boolean; message: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ['staff', 'activity-logs'] });
  const watch = useMutation({
    mutationFn: (watched: boolean) => staffApi.changeActivityWatched(props.logId, watched),
    onSuccess: refresh,
    onError: () => notifyError(t('errors.updateFailed')),
  });
  const remove = useMutation({
    mutationFn: () => staffApi.deleteActivityLog(props.logId),
    onSuccess: () => {
      notifySuccess(t('staff.tools.logDeleted'));
      refresh();
    },
    onError: () => notifyError(t('errors.deleteFailed')),
  });
  async function confirmDelete() {
    const confirmed = await confirm({
      title: t('staff.tools.deleteLog'),
      message: t('staff.tools.deleteLogMessage', { message: props.message }),
      icon: 1,
    });
    if (confirmed) remove.mutate();
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Switch
        size="sm"
        aria-label={t('staff.tools.watched')}
        checked={watch.isPending ? (watch.variables ?? props.watched) : props.watched}
        disabled={watch.isPending}
        onChange={(event) => watch.mutate(event.currentTarget.checked)}
      />
      <Tooltip label={t('staff.tools.deleteLog')}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('staff.tools.deleteLog')}
          loading={remove.isPending}
          onClick={() => void confirmDelete()}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
