// The choices of a series chart: one or two metrics (one per axis keeps both readable) and the
// bucket size (day, week or month).
import { MultiSelect, SegmentedControl } from '@mantine/core';
import {
  METRIC_KEYS,
  SERIES_GRANULARITIES,
  type MetricKey,
  type SeriesGranularity,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';

export const MAX_CHART_METRICS = 2;

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
        }))}
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
    </>
  );
}
