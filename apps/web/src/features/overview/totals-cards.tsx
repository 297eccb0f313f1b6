// The period's totals, one card per metric, each with its change against the previous period:
// absolute and percent, coloured by whether the change is good news (metricChange's tone), not by
// its sign.
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import {
  metricChange,
  metricValues,
  type MetricChange,
  type MetricKey,
  type OverviewTotals,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import {
  TONE_COLOR,
  formatAbsoluteChange,
  formatMetric,
  formatRelativeChange,
} from '../../shared/format/metric-format';

/** The cards, in the order the page shows them. */
export const TOTALS_METRICS = [
  'spend',
  'impressions',
  'taps',
  'installs',
  'newDownloads',
  'redownloads',
  'ttr',
  'conversionRate',
  'avgCpt',
  'avgCpm',
  'avgCpa',
  'cpi',
] as const satisfies readonly MetricKey[];

/** A change, coloured by its tone; `compact` leaves the absolute change to the tooltip. */
export function ChangeText(props: {
  metric: MetricKey;
  change: MetricChange;
  currency: string;
  compact?: boolean;
}) {
  const { change } = props;
  const Arrow =
    change.absolute === null || change.absolute === 0
      ? IconArrowRight
      : change.absolute > 0
        ? IconArrowUpRight
        : IconArrowDownRight;
  const absolute = formatAbsoluteChange(props.metric, change, props.currency);
  return (
    <Group
      gap={4}
      wrap="nowrap"
      c={TONE_COLOR[change.tone]}
      data-tone={change.tone}
      title={props.compact ? absolute : undefined}
    >
      <Arrow size={14} aria-hidden />
      <Text size="xs" c="inherit" fw={500} data-testid="change-relative">
        {formatRelativeChange(change)}
      </Text>
      {!props.compact && (
        <Text size="xs" c="inherit" data-testid="change-absolute">
          ({absolute})
        </Text>
      )}
    </Group>
  );
}

export function TotalsCards({ totals }: { totals: OverviewTotals }) {
  const { t } = useTranslation();
  const current = metricValues(totals.current);
  const previous = metricValues(totals.previous);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 6 }} spacing="sm">
      {TOTALS_METRICS.map((metric) => {
        const change = metricChange(metric, current[metric], previous[metric]);
        return (
          <Paper key={metric} withBorder p="sm" data-testid={`total-${metric}`}>
            <Stack gap={2}>
              <Text size="xs" c="dimmed" fw={500} tt="uppercase">
                {t(`overview.metrics.${metric}`)}
              </Text>
              <Text size="lg" fw={700} data-testid="total-value">
                {formatMetric(metric, current[metric], totals.currency)}
              </Text>
              <ChangeText metric={metric} change={change} currency={totals.currency} />
              <Text size="xs" c="dimmed">
                {t('overview.previousValue', {
                  value: formatMetric(metric, previous[metric], totals.currency),
                })}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
