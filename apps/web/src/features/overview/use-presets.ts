// The user's saved chart and overview presets: read, saved and deleted through the API, the list
// refreshed after every change.
import type { ChartPresetInput, OverviewPresetInput } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { overviewApi, overviewKeys } from './overview-api';

function usePresetChanges<Input>(
  listKey: QueryKey,
  save: (input: Input) => Promise<unknown>,
  remove: (id: string) => Promise<unknown>,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  const saving = useMutation({
    mutationFn: save,
    onSuccess: () => {
      notifySuccess(t('overview.presets.saved'));
      return refresh();
    },
    onError: () => notifyError(t('errors.updateFailed')),
  });
  const deleting = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      notifySuccess(t('overview.presets.deleted'));
      return refresh();
    },
    onError: () => notifyError(t('errors.deleteFailed')),
  });
  return {
    save: (input: Input) =>
      saving.mutateAsync(input).then(
        () => true,
        () => false,
      ),
    remove: (id: string) => deleting.mutateAsync(id).catch(() => undefined),
  };
}

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
