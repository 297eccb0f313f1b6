// The member's saved views and table presets for one tab: read, saved, pinned and deleted.
import type { AdsManagerTab, CustomViewInput, TablePresetInput } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { usePresetChanges } from '../../shared/ui/use-preset-changes';
import { adsManagerApi, adsManagerKeys } from './ads-manager-api';

export function useCustomViews(tab: AdsManagerTab) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: adsManagerKeys.views(tab),
    queryFn: () => adsManagerApi.views(tab),
  });
  const changes = usePresetChanges<CustomViewInput>(
    adsManagerKeys.views(tab),
    adsManagerApi.saveView,
    adsManagerApi.deleteView,
  );
  const resetting = useMutation({
    mutationFn: () => adsManagerApi.resetPinnedView(tab),
    onSuccess: () => {
      notifySuccess(t('adsManager.views.resetDone'));
      return queryClient.invalidateQueries({ queryKey: adsManagerKeys.views(tab) });
    },
    onError: () => notifyError(t('errors.updateFailed')),
  });
  return {
    list,
    ...changes,
    resetPinned: () =>
      resetting.mutateAsync().then(
        () => true,
        () => false,
      ),
  };
}

export function useTablePresets(tab: AdsManagerTab) {
  const list = useQuery({
    queryKey: adsManagerKeys.tablePresets(tab),
    queryFn: () => adsManagerApi.tablePresets(tab),
  });
  const changes = usePresetChanges<TablePresetInput>(
    adsManagerKeys.tablePresets(tab),
    adsManagerApi.saveTablePreset,
    adsManagerApi.deleteTablePreset,
  );
  return { list, ...changes };
}
