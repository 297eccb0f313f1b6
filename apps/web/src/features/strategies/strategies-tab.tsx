// The ads manager's Strategies tab (spec 1 §4): the strategies of the app in view (of every app
// at the accounts level) with their target entities' numbers over the page's period, each
// linking to its timeline on /strategies.
import { Anchor, Badge, Group, Skeleton, Table } from '@mantine/core';
import type { DateRange, Strategy } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMetric } from '../../shared/format/metric-format';
import { PanelFailure } from '../../shared/ui/panel';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { strategiesApi, strategyKeys } from './strategies-api';
import { STRATEGY_NUMBERS, windowValues } from './strategy-numbers';

/** The strategies of the app in view (all when none is), when the member may read them. */
export function useAppStrategies(adamId: number | null, period: DateRange | null = null) {
  const mayRead = hasPermission(useSession(), 'strategies.read');
  return useQuery({
    queryKey: strategyKeys.list(adamId, period),
    queryFn: () => strategiesApi.list(adamId, period),
    enabled: mayRead,
  });
}

export function StrategiesTab(props: { adamId: number | null; period: DateRange }) {
  const { t } = useTranslation();
  const strategies = useAppStrategies(props.adamId, props.period);
  if (strategies.isPending) return <Skeleton height={200} aria-label={t('strategies.loading')} />;
  if (strategies.isError) return <PanelFailure onRetry={() => void strategies.refetch()} />;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover data-testid="strategies-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('strategies.columns.name')}</Table.Th>
            <Table.Th>{t('strategies.columns.app')}</Table.Th>
            <Table.Th>{t('strategies.columns.goals')}</Table.Th>
            {STRATEGY_NUMBERS.map((metric) => (
              <Table.Th key={metric} ta="right">
                {t(`strategies.metrics.${metric}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {strategies.data.map((strategy) => (
            <StrategyRow key={strategy.strategyId} strategy={strategy} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StrategyRow({ strategy }: { strategy: Strategy }) {
  const { t } = useTranslation();
  const values = strategy.numbers ? windowValues(strategy.numbers) : null;
  return (
    <Table.Tr data-testid="strategy-row">
      <Table.Td>
        <Anchor component={Link} to={`/strategies?strategy=${strategy.strategyId}`} fw={500}>
          {strategy.name}
        </Anchor>
      </Table.Td>
      <Table.Td>{strategy.appName}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {strategy.goals.map((goal) => (
            <Badge key={goal} size="xs" variant="light">
              {t(`strategies.goals.${goal}`)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      {STRATEGY_NUMBERS.map((metric) => (
        <Table.Td key={metric} ta="right" data-testid={`strategy-${metric}`}>
          {formatMetric(metric, values?.[metric] ?? null, strategy.currency)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
