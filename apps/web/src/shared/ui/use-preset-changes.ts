// Saving and deleting a user's presets through the API: a toast either way, the list refreshed
// after every change. Save resolves to whether it worked, so a dialog knows whether to close.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from './notify';

export function usePresetChanges<Input>(
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
