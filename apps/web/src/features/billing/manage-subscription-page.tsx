// /manage-subscription (spec 1 §3): the subscription's summary, changing plan, cancelling at the
// end of the term (confirmed), reactivating, the provider's self-service portal, and the
// transactions. /cb-poc returns here after the provider's pages.
import { Alert, Badge, Button, Group, Stack, Table } from '@mantine/core';
import { IconExternalLink, IconReceipt } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { PanelFailure } from '../../shared/ui/panel';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { billingApi, billingKeys, refreshBilling } from './billing-api';
import { billingFailureKey, formatBillingDate, formatMinorUnits } from './billing-messages';
import { BillingTableSection } from './billing-table';
import { BillingPageFrame } from './billing-page-frame';
import { useBillingStatus } from './billing-status';
import { BillingSummary } from './billing-summary';
import { liveSubscription } from './use-choose-plan';

export default function ManageSubscriptionPage() {
  const { t } = useTranslation();
  return (
    <BillingPageFrame title={t('pages.manageSubscription.title')}>
      <ManageSubscription />
    </BillingPageFrame>
  );
}

function ManageSubscription() {
  const { t } = useTranslation();
  const session = useSession();
  const canRead = hasPermission(session, 'billing.read');
  const canWrite = hasPermission(session, 'billing.write');
  const queryClient = useQueryClient();
  const { status } = useBillingStatus();
  const subscriptions = useQuery({
    queryKey: billingKeys.subscriptions,
    queryFn: billingApi.subscriptions,
    enabled: canRead,
  });
  const live = liveSubscription(subscriptions.data);
  const ended = subscriptions.data?.find((sub) => sub.status === 'cancelled');
  const refresh = () => refreshBilling(queryClient);

  const cancel = useMutation({
    mutationFn: billingApi.endSubscription,
    onSuccess: () => {
      notifySuccess(t('billing.manage.cancelled'));
      refresh();
    },
    onError: (error) => notifyError(t(billingFailureKey(error, 'billing.manage.cancelFailed'))),
  });
  const reactivate = useMutation({
    mutationFn: billingApi.reactivate,
    onSuccess: () => {
      notifySuccess(t('billing.manage.reactivated'));
      refresh();
    },
    onError: (error) => notifyError(t(billingFailureKey(error, 'billing.manage.reactivateFailed'))),
  });
  const portal = useMutation({
    mutationFn: billingApi.portalSession,
    onSuccess: ({ access_url }) => {
      window.open(access_url, '_blank', 'noopener');
    },
    onError: (error) => notifyError(t(billingFailureKey(error, 'billing.manage.portalFailed'))),
  });

  async function askCancel() {
    const confirmed = await confirm({
      title: t('billing.manage.cancelTitle'),
      message: t('billing.manage.cancelMessage', {
        date: formatBillingDate(live?.currentTermEnd ?? status.currentTermEnd),
      }),
      icon: 1,
      okLabel: t('billing.manage.cancel'),
    });
    if (confirmed) cancel.mutate();
  }

  const nonRenewing = live?.providerStatus === 'non_renewing';
  const mayReactivate = nonRenewing || (!live && Boolean(ended)) || status.status === 'cancelled';

  return (
    <Stack gap="lg">
      <BillingSummary status={status} subscription={live} />
      {subscriptions.isError && <PanelFailure onRetry={() => void subscriptions.refetch()} />}
      {!canWrite ? (
        <Alert color="blue">{t('billing.plans.adminsOnly')}</Alert>
      ) : (
        <Group>
          <Button component={Link} to="/subscription-plan" variant="default">
            {t('billing.manage.changePlan')}
          </Button>
          {live && !nonRenewing && (
            <Button
              color="red"
              variant="light"
              loading={cancel.isPending}
              onClick={() => void askCancel()}
            >
              {t('billing.manage.cancel')}
            </Button>
          )}
          {mayReactivate && (
            <Button loading={reactivate.isPending} onClick={() => reactivate.mutate()}>
              {t('billing.manage.reactivate')}
            </Button>
          )}
          <Button
            variant="subtle"
            rightSection={<IconExternalLink size={14} />}
            loading={portal.isPending}
            onClick={() => portal.mutate()}
          >
            {t('billing.manage.portal')}
          </Button>
        </Group>
      )}
      {canRead && <Transactions />}
    </Stack>
  );
}

function Transactions() {
  const { t } = useTranslation();
  const transactions = useQuery({
    queryKey: billingKeys.transactions,
    queryFn: billingApi.transactions,
  });
  return (
    <BillingTableSection
      id="transactions-title"
      title={t('billing.transactions.title')}
      loadingLabel={t('billing.transactions.loading')}
      emptyIcon={<IconReceipt size={18} aria-hidden />}
      emptyText={t('billing.transactions.empty')}
      query={transactions}
      minWidth={560}
      columns={[
        { label: t('billing.transactions.date') },
        { label: t('billing.transactions.id') },
        { label: t('billing.transactions.type') },
        { label: t('billing.transactions.amount'), align: 'right' },
        { label: t('billing.transactions.status') },
      ]}
      renderRow={(row) => (
        <Table.Tr key={row.id} data-testid="transaction-row">
          <Table.Td>{formatBillingDate(row.date)}</Table.Td>
          <Table.Td>{row.id}</Table.Td>
          <Table.Td>
            {t(`billing.transactionType.${row.type}`, { defaultValue: row.type })}
          </Table.Td>
          <Table.Td ta="right">{formatMinorUnits(row.amount, row.currency)}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={row.status === 'success' ? 'teal' : 'orange'}>
              {t(`billing.transactionStatus.${row.status}`, { defaultValue: row.status })}
            </Badge>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
