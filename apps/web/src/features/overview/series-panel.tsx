// The period over time: one or two metrics (the second on its own axis) per day, week or month,
// with saved chart presets. The chart itself loads on demand.
import { Group, MultiSelect, SegmentedControl, Skeleton } from '@mantine/core';
import {
  METRIC_KEYS,
  SERIES_GRANULARITIES,
  chartPresetInput,
  type MetricKey,
  type SeriesGranularity,
  type SeriesPoint,
} from '@tapwise/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { OverviewPanel } from './overview-panel';
import { PresetMenu } from './preset-menu';
import { useChartPresets } from './use-presets';

const SeriesChart = lazy(() => import('./series-chart'));

/** Two metrics at once: one per axis keeps both readable. */
export const MAX_CHART_METRICS = 2;
const CHART_HEIGHT = 280;

export interface SeriesSettings {
  metrics: MetricKey[];
  granularity: SeriesGranularity;
}

export function SeriesPanel(props: {
  query: UseQueryResult<SeriesPoint[]>;
  currency: string;
  settings: SeriesSettings;
  onSettingsChange(settings: SeriesSettings): void;
}) {
  const { t } = useTranslation();
  const { settings, onSettingsChange } = props;
  const presets = useChartPresets();
  const metricLabel = (metric: MetricKey) => t(`overview.metrics.${metric}`);

  const controls = (
    <Group gap="sm" wrap="wrap">
      <MultiSelect
        aria-label={t('overview.chart.metrics')}
        data={METRIC_KEYS.map((metric) => ({ value: metric, label: metricLabel(metric) }))}
        value={settings.metrics}
        maxValues={MAX_CHART_METRICS}
        w={300}
        size="xs"
        onChange={(values) => {
          if (values.length > 0) {
            onSettingsChange({ ...settings, metrics: values as MetricKey[] });
          }
        }}
      />
      <SegmentedControl
        size="xs"
        aria-label={t('overview.chart.granularity')}
        data={SERIES_GRANULARITIES.map((value) => ({
          value,
          label: t(`overview.chart.granularities.${value}`),
        }))}
        value={settings.granularity}
        onChange={(value) =>
          onSettingsChange({ ...settings, granularity: value as SeriesGranularity })
        }
      />
      <PresetMenu
        label={t('overview.chart.presets')}
        testId="chart-presets"
        presets={presets.list.data}
        nameSchema={chartPresetInput.pick({ name: true })}
        onApply={(preset) =>
          onSettingsChange({
            metrics: preset.metrics.slice(0, MAX_CHART_METRICS),
            granularity: preset.granularity,
          })
        }
        onSave={(name) => presets.save({ name, ...settings })}
        onDelete={(preset) => presets.remove(preset.id)}
      />
    </Group>
  );

  return (
    <OverviewPanel
      title={t('overview.chart.title')}
      query={props.query}
      controls={controls}
      skeletonHeight={CHART_HEIGHT}
      testId="overview-series"
    >
      {(points) => (
        <Suspense fallback={<Skeleton height={CHART_HEIGHT} />}>
          <SeriesChart
            points={points}
            metrics={settings.metrics}
            granularity={settings.granularity}
            currency={props.currency}
            height={CHART_HEIGHT}
          />
        </Suspense>
      )}
    </OverviewPanel>
  );
}
