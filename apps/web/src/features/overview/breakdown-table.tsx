// One breakdown of the period (by gender, device, age or country) for the chosen metric: each
// value with its share of the whole and its change against the previous period.
import { Group, Progress, Table, Text } from '@mantine/core';
import {
  addCounts,
  metricChange,
  metricValues,
  ZERO_COUNTS,
  type BreakdownRow,
  type MetricKey,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../shared/format/format';
import { NO_VALUE, formatMetric, isAdditive } from '../../shared/format/metric-format';
import { ChangeText } from './totals-cards';

export interface BreakdownLine {
  value: string;
  current: number | null;
  previous: number | null;
  /** Share of the whole for additive metrics (spend, counts); null for rates and averages. */
  share: number | null;
}

/** The rows with the chosen metric computed from their counts, in the order given or by value. */
export function breakdownLines(
  rows: readonly BreakdownRow[],
  metric: MetricKey,
  order: 'given' | 'byValue',
): BreakdownLine[] {
  const whole = metricValues(rows.reduce((sum, row) => addCounts(sum, row.counts), ZERO_COUNTS));
  const lines = rows.map((row) => {
    const current = metricValues(row.counts)[metric];
    const total = whole[metric];
    return {
      value: row.value,
      current,
      previous: metricValues(row.previous)[metric],
      share: isAdditive(metric) && current !== null && total ? current / total : null,
    };
  });
  if (order === 'byValue')
    lines.sort((a, b) => (b.current ?? -Infinity) - (a.current ?? -Infinity));
  return lines;
}

export function BreakdownTable(props: {
  rows: readonly BreakdownRow[];
  metric: MetricKey;
  currency: string;
  order: 'given' | 'byValue';
  /** Whether the change against the previous period is shown. */
  withChange: boolean;
  /** The column naming the values ("Gender", "Country or region"). */
  valueHeader: string;
  valueLabel(value: string): string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { metric, currency } = props;
  if (props.rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('overview.breakdowns.empty')}
      </Text>
    );
  }
  return (
    <Table verticalSpacing={4} fz="sm" data-testid={props.testId} layout="auto">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{props.valueHeader}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t(`overview.metrics.${metric}`)}</Table.Th>
          <Table.Th>{t('overview.breakdowns.share')}</Table.Th>
          {props.withChange && <Table.Th>{t('overview.breakdowns.change')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {breakdownLines(props.rows, metric, props.order).map((line) => (
          <Table.Tr key={line.value}>
            <Table.Td>{props.valueLabel(line.value)}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>
              {formatMetric(metric, line.current, currency)}
            </Table.Td>
            <Table.Td>
              {line.share === null ? (
                NO_VALUE
              ) : (
                <Group gap={6} wrap="nowrap">
                  <Progress value={line.share * 100} w={48} size="sm" aria-hidden />
                  <Text size="xs">{formatPercent(line.share)}</Text>
                </Group>
              )}
            </Table.Td>
            {props.withChange && (
              <Table.Td>
                <ChangeText
                  metric={metric}
                  change={metricChange(metric, line.current, line.previous)}
                  currency={currency}
                  compact
                />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
