// The choices of a series chart: up to CHART_METRICS_MAX metrics of at most two units (one axis
// each, see chart-axes.ts) and the bucket size (day, week or month).
import { MultiSelect, SegmentedControl } from '@mantine/core';
import {
  CHART_METRICS_MAX,
  METRIC_KEYS,
  SERIES_GRANULARITIES,
  type MetricKey,
  type SeriesGranularity,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { canAddChartMetric } from './chart-axes';

export const MAX_CHART_METRICS = CHART_METRICS_MAX;

export interface SeriesSettings {
  metrics: MetricKey[];
  granularity: SeriesGranularity;
}

export function SeriesControls(props: {
  settings: SeriesSettings;
  onSettingsChange(settings: SeriesSettings): void;
}) {
  const { t } = useTranslation();
  const { settings, onSettingsChange } = props;
  return (
    <>
      <MultiSelect
        aria-label={t('overview.chart.metrics')}
        data={METRIC_KEYS.map((metric) => ({
          value: metric,
          label: t(`overview.metrics.${metric}`),
          disabled: !canAddChartMetric(settings.metrics, metric),
        }))}
        value={settings.metrics}
        maxValues={MAX_CHART_METRICS}
        w={360}
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
    </>
  );
}
