// Settings → Invoice history: the company's invoices, newest first, each with its PDF, which the
// provider serves at a short-lived address opened in a new tab.
import { ActionIcon, Badge, Table, Tooltip } from '@mantine/core';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/ui/notify';
import { billingApi, billingKeys } from './billing-api';
import { billingFailureKey, formatBillingDate, formatMinorUnits } from './billing-messages';
import { BillingTableSection } from './billing-table';

export function InvoiceHistory() {
  const { t } = useTranslation();
  const invoices = useQuery({ queryKey: billingKeys.invoices, queryFn: billingApi.invoices });
  const download = useMutation({
    mutationFn: billingApi.invoicePdf,
    onSuccess: ({ downloadUrl }) => {
      window.open(downloadUrl, '_blank', 'noopener');
    },
    onError: (error) => notifyError(t(billingFailureKey(error, 'billing.invoices.downloadFailed'))),
  });

  return (
    <BillingTableSection
      id="invoice-history-title"
      title={t('billing.invoices.title')}
      loadingLabel={t('billing.invoices.loading')}
      emptyIcon={<IconFileInvoice size={18} aria-hidden />}
      emptyText={t('billing.invoices.empty')}
      query={invoices}
      minWidth={720}
      columns={[
        { label: t('billing.invoices.id') },
        { label: t('billing.invoices.date') },
        { label: t('billing.invoices.dueDate') },
        { label: t('billing.invoices.paidAt') },
        { label: t('billing.invoices.recurring') },
        { label: t('billing.invoices.total'), align: 'right' },
        { label: t('billing.invoices.status') },
        { label: t('billing.invoices.pdf') },
      ]}
      renderRow={(invoice) => (
        <Table.Tr key={invoice.id} data-testid="invoice-row">
          <Table.Td>{invoice.id}</Table.Td>
          <Table.Td>{formatBillingDate(invoice.date)}</Table.Td>
          <Table.Td>{formatBillingDate(invoice.dueDate) || '—'}</Table.Td>
          <Table.Td>{formatBillingDate(invoice.paidAt) || '—'}</Table.Td>
          <Table.Td>{t(invoice.subscriptionId ? 'billing.yes' : 'billing.no')}</Table.Td>
          <Table.Td ta="right" data-testid="invoice-total">
            {formatMinorUnits(invoice.total, invoice.currency)}
          </Table.Td>
          <Table.Td>
            <Badge variant="light" color={invoice.status === 'paid' ? 'teal' : 'orange'}>
              {t(`billing.invoiceStatus.${invoice.status}`, {
                defaultValue: invoice.status,
              })}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Tooltip label={t('billing.invoices.download')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('billing.invoices.downloadOf', { id: invoice.id })}
                loading={download.isPending && download.variables === invoice.id}
                onClick={() => download.mutate(invoice.id)}
              >
                <IconDownload size={16} />
              </ActionIcon>
            </Tooltip>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
