// /goals (spec 2 §3.7): the company's goals with their numbers over a period — goals, cost per
// goal, goal rate, revenue and ROAS from the contracts' goal metrics — created and edited in a
// modal, deleted after a confirmation. A goal waits until its partner's events are recognised.
import '@mantine/dates/styles.css';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconPlus, IconPlugConnected, IconTarget, IconTrash } from '@tabler/icons-react';
import {
  ATTRIBUTION_MESSAGES,
  DEFAULT_CURRENCY,
  type GoalMetricKey,
  type Goal,
} from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OverviewDates, PeriodPicker } from '../../shared/period/period-picker';
import { DEFAULT_PERIOD, resolveChoice, type PeriodChoice } from '../../shared/period/period';
import { useNow } from '../../shared/time/use-now';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { EmptyPageState, PageFrame } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { useOwnAppChoices } from '../attribution/own-apps';
import { GoalFormModal } from './goal-form';
import { formatMetric } from '../../shared/format/metric-format';
import { goalNumbersValues } from './goal-values';
import { goalKeys, goalsApi } from './goals-api';

const MINUTE_MS = 60_000;

/** The numbers the table shows for each goal, in order. */
export const GOAL_TABLE_METRICS = [
  'goals',
  'costPerGoal',
  'goalRate',
  'goalsRevenue',
  'goalsRoas',
] as const satisfies readonly GoalMetricKey[];

type Editing = { goal: Goal | null } | null;

export default function GoalsPage() {
  const { t } = useTranslation();
  const canWrite = hasPermission(useSession(), 'goals.write');
  const [period, setPeriod] = useState<PeriodChoice>(DEFAULT_PERIOD);
  const now = useNow(MINUTE_MS);
  const resolved = resolveChoice(period, new Date(now));
  const goals = useQuery({
    queryKey: goalKeys.list(resolved.currdate),
    queryFn: () => goalsApi.list(resolved.currdate),
  });
  const apps = useOwnAppChoices();
  const [editing, setEditing] = useState<Editing>(null);

  const create = canWrite && (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => setEditing({ goal: null })}
      disabled={!apps.data?.length}
    >
      {t('goals.create')}
    </Button>
  );

  return (
    <OverviewDates>
      <PageFrame title={t('goals.title')} actions={create}>
        <PeriodPicker
          period={period}
          range={resolved.currdate}
          now={new Date(now)}
          onChange={setPeriod}
        />
        {goals.isPending ? (
          <Skeleton height={160} aria-label={t('goals.loading')} />
        ) : goals.isError ? (
          <PanelFailure onRetry={() => void goals.refetch()} />
        ) : goals.data.length === 0 ? (
          <EmptyPageState
            icon={<IconTarget size={28} />}
            title={t('goals.empty.title')}
            description={t('goals.empty.description')}
            action={
              <Group>
                <Button
                  component={Link}
                  to="/integrations"
                  variant="default"
                  leftSection={<IconPlugConnected size={16} />}
                >
                  {t('goals.empty.integrations')}
                </Button>
                {create}
              </Group>
            }
          />
        ) : (
          <GoalsTable
            goals={goals.data}
            canWrite={canWrite}
            onEdit={(goal) => setEditing({ goal })}
          />
        )}
        {editing && (
          <GoalFormModal
            goal={editing.goal}
            apps={apps.data ?? []}
            onClose={() => setEditing(null)}
          />
        )}
      </PageFrame>
    </OverviewDates>
  );
}

function GoalsTable(props: { goals: Goal[]; canWrite: boolean; onEdit(goal: Goal): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: goalsApi.remove,
    onSuccess: () => {
      notifySuccess(t('goals.deleted'));
      void queryClient.invalidateQueries({ queryKey: goalKeys.all });
    },
    onError: () => notifyError(t('goals.deleteFailed')),
  });

  async function askDelete(goal: Goal) {
    const confirmed = await confirm({
      title: t('goals.deleteTitle'),
      message: t('goals.deleteMessage', { name: goal.name }),
      icon: 1,
      okLabel: t('goals.delete'),
      cancelLabel: t('goals.cancel'),
    });
    if (confirmed) remove.mutate(goal.id);
  }

  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover data-testid="goals-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('goals.columns.name')}</Table.Th>
            <Table.Th>{t('goals.columns.app')}</Table.Th>
            <Table.Th>{t('goals.columns.type')}</Table.Th>
            <Table.Th>{t('goals.columns.events')}</Table.Th>
            <Table.Th ta="right">{t('goals.columns.daysSinceInstall')}</Table.Th>
            <Table.Th>{t('goals.columns.status')}</Table.Th>
            {GOAL_TABLE_METRICS.map((metric) => (
              <Table.Th key={metric} ta="right">
                {t(`goals.metrics.${metric}`)}
              </Table.Th>
            ))}
            {props.canWrite && <Table.Th>{t('goals.columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.goals.map((goal) => {
            const values = goal.numbers ? goalNumbersValues(goal.numbers) : null;
            return (
              <Table.Tr key={goal.id} data-testid="goal-row">
                <Table.Td fw={500}>{goal.name}</Table.Td>
                <Table.Td>{goal.appName}</Table.Td>
                <Table.Td>{t(`goals.types.${goal.type}`, { defaultValue: goal.type })}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {goal.events.join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{goal.daysSinceInstall}</Table.Td>
                <Table.Td>
                  <GoalStatusBadge status={goal.status} />
                </Table.Td>
                {GOAL_TABLE_METRICS.map((metric) => (
                  <Table.Td key={metric} ta="right" data-testid={`goal-${metric}`}>
                    {formatMetric(
                      metric,
                      values?.[metric] ?? null,
                      goal.numbers?.currency ?? DEFAULT_CURRENCY,
                    )}
                  </Table.Td>
                ))}
                {props.canWrite && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('goals.editOf', { name: goal.name })}
                        onClick={() => props.onEdit(goal)}
                      >
                        <IconEdit size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('goals.deleteOf', { name: goal.name })}
                        onClick={() => void askDelete(goal)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function GoalStatusBadge({ status }: { status: Goal['status'] }) {
  const { t } = useTranslation();
  const badge = (
    <Badge color={status === 'ACTIVE' ? 'teal' : 'yellow'} variant="light" tabIndex={0}>
      {t(`goals.statuses.${status}`)}
    </Badge>
  );
  if (status !== 'WAITING') return badge;
  const hint = t('goals.waitingHint', { defaultValue: ATTRIBUTION_MESSAGES.EVENTS_DELAY });
  return (
    <Stack gap={2}>
      <Tooltip label={hint}>{badge}</Tooltip>
      <Text size="xs" c="dimmed" data-testid="waiting-hint">
        {hint}
      </Text>
    </Stack>
  );
}
