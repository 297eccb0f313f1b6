// What can be done to a generation: fetch its keywords again, launch or resume it (after a
// confirmation naming what Apple Ads will get), delete it (after a confirmation). Each answers
// with a toast and refreshes the list and the generation.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { generatorApi, generatorKeys, type CampaignGeneration } from './generator-api';
import { generatorFailureText } from './generator-messages';
import { planTotals } from './plan-edits';

export function useGenerationActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  function settle(generation: CampaignGeneration) {
    queryClient.setQueryData(generatorKeys.generation(generation.id), generation);
    void queryClient.invalidateQueries({ queryKey: generatorKeys.generations });
  }

  async function run(request: () => Promise<CampaignGeneration>, success: string) {
    try {
      settle(await request());
      notifySuccess(success);
    } catch (error) {
      notifyError(generatorFailureText(error));
    }
  }

  return {
    retryKeywords: (generation: CampaignGeneration) =>
      run(
        () => generatorApi.retryKeywords(generation.id),
        t('campaignGenerator.toasts.fetchingAgain'),
      ),

    /** Launches a READY generation, or resumes an INCOMPLETE one (nothing is created twice). */
    async launch(generation: CampaignGeneration) {
      const totals = generation.plan ? planTotals(generation.plan) : undefined;
      const confirmed = await confirm({
        icon: 3,
        title: t('campaignGenerator.launch.title'),
        message:
          generation.status === 'INCOMPLETE' || !totals
            ? t('campaignGenerator.launch.resumeMessage')
            : t('campaignGenerator.launch.message', totals),
        okLabel: t('campaignGenerator.launch.ok'),
      });
      if (!confirmed) return;
      await run(() => generatorApi.launch(generation.id), t('campaignGenerator.toasts.launched'));
    },

    async remove(generation: CampaignGeneration, onRemoved?: () => void) {
      const confirmed = await confirm({
        icon: 1,
        title: t('campaignGenerator.deleteGeneration.title'),
        message: t('campaignGenerator.deleteGeneration.message'),
        okLabel: t('campaignGenerator.deleteGeneration.ok'),
      });
      if (!confirmed) return;
      try {
        await generatorApi.deleteGeneration(generation.id);
        queryClient.removeQueries({ queryKey: generatorKeys.generation(generation.id) });
        void queryClient.invalidateQueries({ queryKey: generatorKeys.generations });
        notifySuccess(t('campaignGenerator.toasts.generationDeleted'));
        onRemoved?.();
      } catch (error) {
        notifyError(generatorFailureText(error, 'errors.deleteFailed'));
      }
    },
  };
}
