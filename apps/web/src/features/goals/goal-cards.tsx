// The overview's goal cards: one goal's goals, cost per goal, revenue and ROAS over the period,
// each with its change against the previous period, from getAppEventsDataForOverview and the
// overview's own spend.
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  metricChange,
  type GoalMetricKey,
  type GoalOverviewQuery,
  type OverviewTotals,
} from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TONE_COLOR, formatMetric, formatRelativeChange } from '../../shared/format/metric-format';
import { PanelFailure } from '../../shared/ui/panel';
import { rowGoalValues } from './goal-values';
import { goalKeys, goalsApi } from './goals-api';

export const GOAL_CARD_METRICS = [
  'goals',
  'costPerGoal',
  'goalsRevenue',
  'goalsRoas',
] as const satisfies readonly GoalMetricKey[];

export function GoalCards(props: { query: GoalOverviewQuery; totals: OverviewTotals | undefined }) {
  const { t } = useTranslation();
  const overview = useQuery({
    queryKey: goalKeys.overview(props.query),
    queryFn: () => goalsApi.overview(props.query),
  });
  if (overview.isPending || !props.totals)
    return <Skeleton height={110} aria-label={t('goals.loading')} />;
  if (overview.isError) return <PanelFailure onRetry={() => void overview.refetch()} />;
  const { currency } = overview.data;
  const current = rowGoalValues(props.totals.current, overview.data.current);
  const previous = rowGoalValues(props.totals.previous, overview.data.previous);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="goal-cards">
      {GOAL_CARD_METRICS.map((metric) => {
        const change = metricChange(metric, current[metric], previous[metric]);
        return (
          <Paper
            key={metric}
            withBorder
            p="sm"
            role="group"
            aria-label={t(`goals.metrics.${metric}`)}
            data-testid={`goal-card-${metric}`}
          >
            <Stack gap={2}>
              <Text size="xs" c="dimmed" fw={500} tt="uppercase">
                {t(`goals.metrics.${metric}`)}
              </Text>
              <Text size="lg" fw={700} data-testid="goal-card-value">
                {formatMetric(metric, current[metric], currency)}
              </Text>
              <Group gap={4} c={TONE_COLOR[change.tone]} data-tone={change.tone}>
                <Text size="xs" c="inherit" fw={500}>
                  {formatRelativeChange(change)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t('goals.previousValue', {
                  value: formatMetric(metric, previous[metric], currency),
                })}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
