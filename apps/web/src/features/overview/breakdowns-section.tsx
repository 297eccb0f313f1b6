// The period split by gender, device, placement and age, and by country or region on a world map,
// all for one chosen metric. The map's code and geography load when its tab is first opened.
import {
  Alert,
  Box,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Title,
} from '@mantine/core';
import {
  METRIC_KEYS,
  metricValues,
  type BreakdownDimension,
  type BreakdownRow,
  type MetricKey,
} from '@tapwise/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Suspense, lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { breakdownValueLabel, countryName } from './breakdown-labels';
import { BreakdownTable } from './breakdown-table';
import { formatMetric } from '../../shared/format/metric-format';
import { PanelBody } from '../../shared/ui/panel';

const WorldMap = lazy(() => import('./world-map'));

const SMALL_BREAKDOWNS = [
  'gender',
  'deviceClass',
  'placement',
  'ageRange',
] as const satisfies readonly BreakdownDimension[];

export function BreakdownsSection(props: {
  queries: Record<BreakdownDimension, UseQueryResult<BreakdownRow[]>>;
  /** False while the period is still running: Apple reports these splits per day, not hour. */
  withChange: boolean;
  currency: string;
  metric: MetricKey;
  onMetricChange(metric: MetricKey): void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { metric, currency } = props;
  const label = (dimension: BreakdownDimension) => (value: string) =>
    breakdownValueLabel(dimension, value, t, language);

  return (
    <Paper withBorder p="md" data-testid="overview-breakdowns">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            {t('overview.breakdowns.title')}
          </Title>
          <Select
            aria-label={t('overview.breakdowns.metric')}
            data={METRIC_KEYS.map((key) => ({ value: key, label: t(`overview.metrics.${key}`) }))}
            value={metric}
            allowDeselect={false}
            size="xs"
            w={200}
            onChange={(value) => value && props.onMetricChange(value as MetricKey)}
          />
        </Group>
        {!props.withChange && (
          <Alert color="blue" variant="light" data-testid="breakdowns-running-note">
            {t('overview.breakdowns.runningNote')}
          </Alert>
        )}
        {/* Not kept mounted: the map and its geography load when its tab is first opened. */}
        <Tabs defaultValue="audience" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="audience">{t('overview.breakdowns.audienceTab')}</Tabs.Tab>
            <Tabs.Tab value="countries">{t('overview.breakdowns.countryOrRegion')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="audience" pt="md">
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
              {SMALL_BREAKDOWNS.map((dimension) => (
                <Stack key={dimension} gap="xs" data-testid={`breakdown-${dimension}`}>
                  <Title order={3} size="h5">
                    {t(`overview.breakdowns.${dimension}`)}
                  </Title>
                  <PanelBody query={props.queries[dimension]} skeletonHeight={140}>
                    {(rows) => (
                      <BreakdownTable
                        rows={rows}
                        metric={metric}
                        currency={currency}
                        order={dimension === 'ageRange' ? 'given' : 'byValue'}
                        withChange={props.withChange}
                        valueHeader={t(`overview.breakdowns.${dimension}`)}
                        valueLabel={label(dimension)}
                        testId={`breakdown-table-${dimension}`}
                      />
                    )}
                  </PanelBody>
                </Stack>
              ))}
            </SimpleGrid>
          </Tabs.Panel>
          <Tabs.Panel value="countries" pt="md">
            <CountryPanel
              query={props.queries.countryOrRegion}
              withChange={props.withChange}
              metric={metric}
              currency={currency}
              countryLabel={label('countryOrRegion')}
              language={language}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}

function CountryPanel(props: {
  query: UseQueryResult<BreakdownRow[]>;
  withChange: boolean;
  metric: MetricKey;
  currency: string;
  countryLabel(code: string): string;
  language: string;
}) {
  const { t } = useTranslation();
  const { metric, currency } = props;
  const rows = props.query.data;
  const values = useMemo(
    () => new Map((rows ?? []).map((row) => [row.value, metricValues(row.counts)[metric]])),
    [rows, metric],
  );
  return (
    <Box data-testid="breakdown-countryOrRegion">
      <PanelBody query={props.query} skeletonHeight={320}>
        {(countries) => (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Suspense fallback={<Skeleton height={320} />}>
                <Box maw={900}>
                  <WorldMap
                    values={values}
                    label={t('overview.breakdowns.mapLabel', {
                      metric: t(`overview.metrics.${metric}`),
                    })}
                    formatValue={(value) => formatMetric(metric, value, currency)}
                    countryName={(code) => countryName(code, props.language)}
                  />
                </Box>
              </Suspense>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <ScrollArea.Autosize mah={420}>
                <BreakdownTable
                  rows={countries}
                  metric={metric}
                  currency={currency}
                  order="byValue"
                  withChange={props.withChange}
                  valueHeader={t('overview.breakdowns.countryColumn')}
                  valueLabel={props.countryLabel}
                  testId="breakdown-table-countryOrRegion"
                />
              </ScrollArea.Autosize>
            </Grid.Col>
          </Grid>
        )}
      </PanelBody>
    </Box>
  );
}
