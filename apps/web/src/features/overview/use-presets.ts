// The user's saved chart and overview presets: read, saved and deleted through the API.
import type { ChartPresetInput, OverviewPresetInput } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { usePresetChanges } from '../../shared/ui/use-preset-changes';
import { overviewApi, overviewKeys } from './overview-api';

export function useChartPresets() {
  const list = useQuery({
    queryKey: overviewKeys.chartPresets,
    queryFn: overviewApi.chartPresets,
  });
  const changes = usePresetChanges<ChartPresetInput>(
    overviewKeys.chartPresets,
    overviewApi.saveChartPreset,
    overviewApi.deleteChartPreset,
  );
  return { list, ...changes };
}

export function useOverviewPresets() {
  const list = useQuery({
    queryKey: overviewKeys.overviewPresets,
    queryFn: overviewApi.overviewPresets,
  });
  const changes = usePresetChanges<OverviewPresetInput>(
    overviewKeys.overviewPresets,
    overviewApi.saveOverviewPreset,
    overviewApi.deleteOverviewPreset,
  );
  return { list, ...changes };
}
