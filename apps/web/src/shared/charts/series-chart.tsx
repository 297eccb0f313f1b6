// The series drawn with Mantine's LineChart (recharts): loaded on its own so the totals and
// tables do not wait for the charting code. Metrics of one unit share an axis (chart-axes.ts);
// each axis is labelled with its metrics (and the currency), the bottom one with the bucket.
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import {
  NUMBER_LOCALE,
  metricValues,
  type MetricKey,
  type SeriesGranularity,
  type SeriesPoint,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { chartValue, formatMetric } from '../format/metric-format';
import { chartAxes, type ChartAxis } from './chart-axes';

const SERIES_COLORS = ['blue.6', 'orange.6', 'teal.6', 'grape.6'];

const compact = new Intl.NumberFormat(NUMBER_LOCALE, {
  notation: 'compact',
  maximumFractionDigits: 1,
});
const compactPercent = new Intl.NumberFormat(NUMBER_LOCALE, {
  style: 'percent',
  maximumFractionDigits: 1,
});

/** Axis ticks: short, in the metric's unit (money is already in currency units on the chart). */
function tickFormat(axis: ChartAxis | undefined) {
  return (value: number) =>
    axis?.unit === 'ratio' ? compactPercent.format(value) : compact.format(value);
}

function bucketLabel(date: string, granularity: SeriesGranularity, language: string): string {
  const options: Intl.DateTimeFormatOptions =
    granularity === 'MONTH'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(language, options).format(new Date(`${date}T00:00:00Z`));
}

interface ChartRow {
  label: string;
  values: Record<MetricKey, number | null>;
  [metric: string]: unknown;
}

export interface SeriesChartProps {
  points: readonly SeriesPoint[];
  metrics: readonly MetricKey[];
  granularity: SeriesGranularity;
  currency: string;
  height: number;
}

/**
 * Memoised: pages around the chart re-render as data streams in (the ads manager's "All"), and
 * a chart drawn again with the same points costs a long task.
 */
export default memo(function SeriesChart(props: SeriesChartProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const metricLabel = (metric: MetricKey) => t(`overview.metrics.${metric}`);
  const rows: ChartRow[] = props.points.map((point) => {
    const values = metricValues(point.counts);
    const row: ChartRow = { label: bucketLabel(point.date, props.granularity, language), values };
    for (const metric of props.metrics) row[metric] = chartValue(metric, values[metric]);
    return row;
  });
  const [left, right] = chartAxes(props.metrics);
  const axisLabel = (axis: ChartAxis | undefined) => {
    if (!axis) return undefined;
    const names = axis.metrics.map(metricLabel).join(', ');
    return axis.unit === 'money' ? `${names} (${props.currency})` : names;
  };
  return (
    <LineChart
      h={props.height}
      data={rows}
      dataKey="label"
      withLegend
      withDots={rows.length <= 45}
      connectNulls={false}
      withRightYAxis={right !== undefined}
      xAxisLabel={t(`overview.chart.granularities.${props.granularity}`)}
      yAxisLabel={axisLabel(left)}
      rightYAxisLabel={axisLabel(right)}
      yAxisProps={{ tickFormatter: tickFormat(left), width: 64 }}
      rightYAxisProps={{ tickFormatter: tickFormat(right), width: 64 }}
      series={props.metrics.map((metric, index) => ({
        name: metric,
        label: metricLabel(metric),
        color: SERIES_COLORS[index % SERIES_COLORS.length]!,
        ...(right?.metrics.includes(metric) ? { yAxisId: 'right' } : {}),
      }))}
      tooltipProps={{
        content: ({ label, payload }) => {
          const row = payload?.[0]?.payload as ChartRow | undefined;
          if (!row) return null;
          return (
            <Paper withBorder shadow="md" p="xs">
              <Stack gap={2}>
                <Text size="xs" fw={600}>
                  {label}
                </Text>
                {props.metrics.map((metric) => (
                  <Text key={metric} size="xs">
                    {metricLabel(metric)}:{' '}
                    {formatMetric(metric, row.values[metric], props.currency)}
                  </Text>
                ))}
              </Stack>
            </Paper>
          );
        },
      }}
    />
  );
});
