// /strategies (spec 2 §3.7): the company's strategies — name, app, goals, target entities —
// created and edited in a modal, deleted after a confirmation; the one picked (?strategy=id,
// so the ads manager can link to it) shows its timeline with the numbers before and after.
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconPlus, IconTarget, IconTrash } from '@tabler/icons-react';
import type { Strategy } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { EmptyPageState, PageFrame } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { strategiesApi, strategyKeys } from './strategies-api';
import { StrategyFormModal } from './strategy-form';
import { StrategyTimeline } from './strategy-timeline';

type Editing = { strategy: Strategy | null } | null;

export default function StrategiesPage() {
  const { t } = useTranslation();
  const canWrite = hasPermission(useSession(), 'strategies.write');
  const [params, setParams] = useSearchParams();
  const strategies = useQuery({
    queryKey: strategyKeys.list(null, null),
    queryFn: () => strategiesApi.list(),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const pickedId = params.get('strategy');
  const picked =
    strategies.data?.find((strategy) => strategy.strategyId === pickedId) ?? strategies.data?.[0];

  const create = canWrite && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ strategy: null })}>
      {t('strategies.create')}
    </Button>
  );

  return (
    <PageFrame title={t('strategies.title')} actions={create}>
      {strategies.isPending ? (
        <Skeleton height={160} aria-label={t('strategies.loading')} />
      ) : strategies.isError ? (
        <PanelFailure onRetry={() => void strategies.refetch()} />
      ) : strategies.data.length === 0 || !picked ? (
        <EmptyPageState
          icon={<IconTarget size={28} />}
          title={t('strategies.empty.title')}
          description={t('strategies.empty.description')}
          action={create || undefined}
        />
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <Stack gap="xs" w={340} data-testid="strategy-list">
            {strategies.data.map((strategy) => (
              <StrategyCard
                key={strategy.strategyId}
                strategy={strategy}
                picked={strategy.strategyId === picked.strategyId}
                canWrite={canWrite}
                onPick={() => setParams({ strategy: strategy.strategyId })}
                onEdit={() => setEditing({ strategy })}
              />
            ))}
          </Stack>
          <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
            <Title order={3}>{picked.name}</Title>
            <Text size="sm" c="dimmed">
              {picked.description}
            </Text>
            <StrategyTimeline key={picked.strategyId} strategy={picked} canWrite={canWrite} />
          </Stack>
        </Group>
      )}
      {editing && (
        <StrategyFormModal strategy={editing.strategy} onClose={() => setEditing(null)} />
      )}
    </PageFrame>
  );
}

function StrategyCard(props: {
  strategy: Strategy;
  picked: boolean;
  canWrite: boolean;
  onPick(): void;
  onEdit(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { strategy } = props;
  const remove = useMutation({
    mutationFn: () => strategiesApi.remove(strategy.strategyId),
    onSuccess: () => {
      notifySuccess(t('strategies.deleted'));
      void queryClient.invalidateQueries({ queryKey: strategyKeys.all });
    },
    onError: () => notifyError(t('strategies.deleteFailed')),
  });

  async function askDelete() {
    const confirmed = await confirm({
      title: t('strategies.deleteTitle'),
      message: t('strategies.deleteMessage', { name: strategy.name }),
      icon: 1,
      okLabel: t('strategies.delete'),
      cancelLabel: t('strategies.cancel'),
    });
    if (confirmed) remove.mutate();
  }

  return (
    <Card
      withBorder
      padding="sm"
      data-testid="strategy-card"
      aria-current={props.picked ? 'true' : undefined}
      style={props.picked ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text
            component="button"
            type="button"
            fw={600}
            ta="left"
            onClick={props.onPick}
            style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
          >
            {strategy.name}
          </Text>
          <Text size="xs" c="dimmed">
            {strategy.appName} ·{' '}
            {t('strategies.targetCount', { count: strategy.targetEntities.length })}
          </Text>
          <Group gap={4}>
            {strategy.goals.map((goal) => (
              <Badge key={goal} size="xs" variant="light">
                {t(`strategies.goals.${goal}`)}
              </Badge>
            ))}
            {strategy.secondaryGoal && (
              <Badge size="xs" variant="outline" color="gray">
                {t(`strategies.goals.${strategy.secondaryGoal}`)}
              </Badge>
            )}
          </Group>
        </Stack>
        {props.canWrite && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label={t('strategies.edit')}>
              <ActionIcon variant="subtle" aria-label={t('strategies.edit')} onClick={props.onEdit}>
                <IconEdit size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('strategies.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('strategies.delete')}
                loading={remove.isPending}
                onClick={() => void askDelete()}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Card>
  );
}
