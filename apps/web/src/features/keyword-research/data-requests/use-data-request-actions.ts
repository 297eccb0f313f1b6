// Cancel (running), delete (finished) and retry (failed) a data request, each confirmed where it
// loses work; a refusal says "Server error. Please try later" (spec 1 §8).
import type { DataRequest } from '@tapwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../shared/ui/confirm-dialog';
import { notifyError } from '../../../shared/ui/notify';
import { dataRequestsApi } from './data-requests-api';
import { DATA_REQUESTS_QUERY_KEY } from './use-data-requests';

export function useDataRequestActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch {
      notifyError(t('dataRequests.serverError'));
    } finally {
      await queryClient.invalidateQueries({ queryKey: DATA_REQUESTS_QUERY_KEY });
    }
  };

  /** Cancels a running request or deletes a finished one: the same call on the server. */
  const remove = async (request: DataRequest) => {
    const running = request.status === 'RUNNING';
    const confirmed = await confirm({
      icon: 1,
      title: t(running ? 'dataRequests.cancelTitle' : 'dataRequests.deleteTitle'),
      message: t(running ? 'dataRequests.cancelMessage' : 'dataRequests.deleteMessage'),
      okLabel: t(running ? 'dataRequests.cancelRequest' : 'dataRequests.delete'),
      cancelLabel: t('dataRequests.keep'),
    });
    if (confirmed) await run(() => dataRequestsApi.remove(request.id));
  };

  const retry = (request: DataRequest) => run(() => dataRequestsApi.retry(request.id));

  return { remove, retry };
}
