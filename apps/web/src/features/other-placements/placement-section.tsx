// One placement of the app: its totals against the compared period, its daily chart (the
// overview's chart library) and its campaigns; without campaigns, the way to create one.
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Button, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import {
  PLACEMENT_ROUTES,
  ZERO_COUNTS,
  metricChange,
  metricValues,
  type MetricCounts,
  type PlacementPerformance,
  type ReportTotals,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chartValue, formatMetric } from '../../shared/format/metric-format';
import { EmptyPageState } from '../../shared/ui/page-frame';
import { ChangeText } from '../overview/totals-cards';

/** The ads manager's columns this page shows, in its order. */
export const PLACEMENT_METRICS = [
  'spend',
  'impressions',
  'taps',
  'installs',
  'ttr',
  'conversionRate',
  'avgCpt',
  'avgCpa',
  'avgCpm',
] as const;

/** An app's campaigns share their ad account's currency: its one total, or none spent. */
export function totalsOf(totals: ReportTotals, fallbackCurrency: string) {
  const [first] = totals.byCurrency;
  return { counts: first?.counts ?? ZERO_COUNTS, currency: first?.currency ?? fallbackCurrency };
}

export function PlacementSection(props: { entry: PlacementPerformance; currency: string }) {
  const { t } = useTranslation();
  const { entry } = props;
  const name = t(`otherPlacements.placements.${entry.placement}`);
  return (
    <Paper withBorder p="md" data-testid={`placement-${entry.placement}`}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {name}
        </Title>
        {entry.campaigns.length === 0 ? (
          <EmptyPageState
            icon={<IconLayoutGrid size={28} />}
            title={t('otherPlacements.noCampaigns.title', { placement: name })}
            description={t('otherPlacements.noCampaigns.description', { placement: name })}
            action={
              <Button component={Link} to={PLACEMENT_ROUTES[entry.placement]}>
                {t('otherPlacements.noCampaigns.action', { placement: name })}
              </Button>
            }
          />
        ) : (
          <PlacementDetails entry={entry} currency={props.currency} />
        )}
      </Stack>
    </Paper>
  );
}

function PlacementDetails({ entry, currency }: { entry: PlacementPerformance; currency: string }) {
  const { t } = useTranslation();
  const current = totalsOf(entry.current, currency);
  const previous = totalsOf(entry.previous, current.currency);
  const now = metricValues(current.counts);
  const before = metricValues(previous.counts);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5, xl: 9 }} spacing="xs">
        {PLACEMENT_METRICS.map((metric) => (
          <Stack key={metric} gap={2} data-testid={`placement-total-${metric}`}>
            <Text size="xs" c="dimmed">
              {t(`overview.metrics.${metric}`)}
            </Text>
            <Text fw={600} data-testid="placement-total-value">
              {formatMetric(metric, now[metric], current.currency)}
            </Text>
            <ChangeText
              metric={metric}
              change={metricChange(metric, now[metric], before[metric])}
              currency={current.currency}
              compact
            />
          </Stack>
        ))}
      </SimpleGrid>
      <LineChart
        h={200}
        data={entry.series.map((point) => ({
          date: point.date,
          spend: chartValue('spend', metricValues(point.counts).spend),
          installs: metricValues(point.counts).installs,
        }))}
        dataKey="date"
        withLegend
        withRightYAxis
        aria-label={t('otherPlacements.chartLabel')}
        series={[
          { name: 'spend', label: t('overview.metrics.spend'), color: 'blue.6' },
          {
            name: 'installs',
            label: t('overview.metrics.installs'),
            color: 'teal.6',
            yAxisId: 'right',
          },
        ]}
      />
      <CampaignTable rows={entry.campaigns} currency={current.currency} />
    </Stack>
  );
}

function CampaignTable(props: { rows: PlacementPerformance['campaigns']; currency: string }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('otherPlacements.campaign')}</Table.Th>
            {PLACEMENT_METRICS.map((metric) => (
              <Table.Th key={metric} ta="right">
                {t(`overview.metrics.${metric}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => {
            const values = metricValues(row.counts as MetricCounts);
            return (
              <Table.Tr key={row.id} data-testid="placement-campaign">
                <Table.Td>{row.name}</Table.Td>
                {PLACEMENT_METRICS.map((metric) => (
                  <Table.Td key={metric} ta="right">
                    {formatMetric(metric, values[metric], row.details.currency ?? props.currency)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
