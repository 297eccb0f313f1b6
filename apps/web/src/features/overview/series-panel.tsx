// The period over time: one or two metrics (the second on its own axis) per day, week or month,
// with saved chart presets.
import { chartPresetInput, type SeriesPoint } from '@tapwise/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_CHART_METRICS, type SeriesSettings } from '../../shared/charts/series-controls';
import { SeriesChartPanel } from '../../shared/charts/series-panel';
import { PresetMenu } from '../../shared/ui/preset-menu';
import { useChartPresets } from './use-presets';

export type { SeriesSettings };

export function SeriesPanel(props: {
  query: UseQueryResult<SeriesPoint[]>;
  currency: string;
  settings: SeriesSettings;
  onSettingsChange(settings: SeriesSettings): void;
}) {
  const { t } = useTranslation();
  const { settings, onSettingsChange } = props;
  const presets = useChartPresets();
  return (
    <SeriesChartPanel
      title={t('overview.chart.title')}
      testId="overview-series"
      query={props.query}
      currency={props.currency}
      settings={settings}
      onSettingsChange={onSettingsChange}
      extraControls={
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
      }
    />
  );
}
