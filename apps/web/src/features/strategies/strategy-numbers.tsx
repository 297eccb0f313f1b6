// A strategy's numbers: its target entities' totals as the ads manager's metrics (metrics.ts),
// and the before/after table of a timeline entry with each change coloured by whether it serves
// the strategy's goals (strategyTone).
import { Badge, Table, Text } from '@mantine/core';
import {
  ZERO_COUNTS,
  metricValues,
  strategyTone,
  type MetricValues,
  type StrategyGoal,
  type StrategyWindow,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { TONE_COLOR, formatAbsoluteChange, formatMetric } from '../../shared/format/metric-format';

/** The numbers shown for a strategy, in order: its goals' metrics. */
export const STRATEGY_NUMBERS = [
  'spend',
  'impressions',
  'taps',
  'installs',
  'avgCpt',
  'avgCpa',
] as const satisfies readonly (keyof MetricValues)[];
export type StrategyNumber = (typeof STRATEGY_NUMBERS)[number];

export function windowValues(window: StrategyWindow): MetricValues {
  return metricValues({
    ...ZERO_COUNTS,
    impressions: window.impressions,
    taps: window.taps,
    totalInstalls: window.installs,
    tapInstalls: window.tapInstalls,
    localSpendMicros: window.spendMicros,
  });
}

export function BeforeAfterTable(props: {
  before: StrategyWindow;
  after: StrategyWindow;
  goals: readonly StrategyGoal[];
  currency: string;
}) {
  const { t } = useTranslation();
  const before = windowValues(props.before);
  const after = windowValues(props.after);
  return (
    <Table withTableBorder fz="xs" data-testid="before-after">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('strategies.numbers.metric')}</Table.Th>
          <Table.Th ta="right">
            {t('strategies.numbers.before', { start: props.before.start, end: props.before.end })}
          </Table.Th>
          <Table.Th ta="right">
            {t('strategies.numbers.after', { start: props.after.start, end: props.after.end })}
            {props.after.partial && (
              <Badge ml={4} size="xs" variant="light" color="yellow">
                {t('strategies.numbers.partial')}
              </Badge>
            )}
          </Table.Th>
          <Table.Th ta="right">{t('strategies.numbers.change')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {STRATEGY_NUMBERS.map((metric) => {
          const from = before[metric];
          const to = after[metric];
          const tone = strategyTone(props.goals, metric, from, to);
          const absolute = from === null || to === null ? null : to - from;
          return (
            <Table.Tr key={metric} data-testid={`number-${metric}`}>
              <Table.Td>{t(`strategies.metrics.${metric}`)}</Table.Td>
              <Table.Td ta="right">{formatMetric(metric, from, props.currency)}</Table.Td>
              <Table.Td ta="right">{formatMetric(metric, to, props.currency)}</Table.Td>
              <Table.Td ta="right">
                <Text
                  span
                  size="xs"
                  c={TONE_COLOR[tone]}
                  fw={tone === 'neutral' ? undefined : 600}
                  data-tone={tone}
                  data-testid={`delta-${metric}`}
                >
                  {formatAbsoluteChange(metric, { absolute, relative: null, tone }, props.currency)}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
