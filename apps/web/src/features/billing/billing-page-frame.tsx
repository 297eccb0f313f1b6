// The frame of the billing pages (/subscription-plan, /pricing-plan, /manage-subscription): the
// billing-off state while billing is off, else the page once the company's billing status is read.
import { Skeleton } from '@mantine/core';
import { IconCreditCardOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../shared/api/client-config';
import { EmptyPageState, PageFrame } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { useBillingStatus } from './billing-status';

/** Shown while billing is off: nothing to buy, every feature on. */
export function BillingOffState() {
  const { t } = useTranslation();
  return (
    <EmptyPageState
      icon={<IconCreditCardOff size={28} />}
      title={t('billing.off.title')}
      description={t('billing.off.description')}
    />
  );
}

export function BillingPageFrame(props: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const billingOn = useClientConfig().billing !== null;
  const billing = useBillingStatus();
  return (
    <PageFrame title={props.title}>
      {!billingOn || (!billing.isLoading && !billing.status.enabled) ? (
        <BillingOffState />
      ) : billing.isLoading ? (
        <Skeleton height={240} aria-label={t('billing.loading')} />
      ) : billing.isError ? (
        <PanelFailure onRetry={() => void billing.refetch()} />
      ) : (
        props.children
      )}
    </PageFrame>
  );
}
