// Choosing a plan: a confirmation, then a new subscription (creating the company's customer at
// the provider first when it has none) or a prorated change of the live one, with progress and
// toasts.
import { planPriceId, type BillingPeriod, type PlanId } from '@tapwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { useSession } from '../auth/session/use-session';
import { billingApi, refreshBilling, type BillingSubscription } from './billing-api';
import { billingFailureKey } from './billing-messages';

/** A subscription that can still change plan: anything not ended. */
export function liveSubscription(
  subscriptions: readonly BillingSubscription[] | undefined,
): BillingSubscription | undefined {
  return subscriptions?.find((sub) => sub.status !== 'cancelled');
}

export interface PlanChoice {
  plan: PlanId;
  period: BillingPeriod;
}

export function useChoosePlan(live: BillingSubscription | undefined) {
  const { t } = useTranslation();
  const claims = useSession()?.claims;
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ plan, period }: PlanChoice) => {
      const priceId = planPriceId(plan, period);
      if (live) return billingApi.changePlan(priceId);
      if (!(await billingApi.customer())) {
        await billingApi.createCustomer({
          first_name: claims?.FirstName ?? '',
          last_name: claims?.LastName ?? '',
          email: claims?.Email ?? '',
          company: claims?.CompanyName ?? '',
        });
      }
      return billingApi.subscribe(priceId);
    },
    onSuccess: () => {
      notifySuccess(t(live ? 'billing.plans.changed' : 'billing.plans.subscribed'));
      refreshBilling(queryClient);
    },
    onError: (error) => notifyError(t(billingFailureKey(error, 'billing.plans.failed'))),
  });

  async function choose(choice: PlanChoice) {
    const plan = t(`billing.plans.${choice.plan}.name`);
    const period = t(`billing.periodInSentence.${choice.period}`);
    const confirmed = await confirm({
      title: t(live ? 'billing.plans.changeTitle' : 'billing.plans.subscribeTitle'),
      message: t(live ? 'billing.plans.changeMessage' : 'billing.plans.subscribeMessage', {
        plan,
        period,
      }),
      icon: 3,
      okLabel: t(live ? 'billing.plans.change' : 'billing.plans.subscribe'),
    });
    if (confirmed) mutation.mutate(choice);
  }

  return { choose, pending: mutation.isPending, choosing: mutation.variables };
}
