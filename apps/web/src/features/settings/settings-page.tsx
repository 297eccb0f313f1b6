// /settings (spec 1 §3): the user's profile and, when billing is on (the client config's billing
// is not null) and the user may read billing, the company's payment cards, invoices and billing
// address (docs/billing-pages.md).
import { Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../shared/api/client-config';
import { PageFrame } from '../../shared/ui/page-frame';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { BillingAddressSection } from '../billing/billing-address-form';
import { InvoiceHistory } from '../billing/invoice-history';
import { PaymentCards } from '../billing/payment-cards';
import { ProfileSection } from './profile-section';

export default function SettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const billingOn = useClientConfig().billing !== null;
  const canRead = hasPermission(session, 'billing.read');
  const canWrite = hasPermission(session, 'billing.write');
  if (!session) return null;
  return (
    <PageFrame title={t('pages.settings.title')}>
      <Stack gap="xl">
        <ProfileSection session={session} />
        {billingOn && canRead && (
          <>
            <Divider />
            <PaymentCards canWrite={canWrite} />
            <Divider />
            <InvoiceHistory />
            <Divider />
            <BillingAddressSection canWrite={canWrite} />
          </>
        )}
      </Stack>
    </PageFrame>
  );
}
