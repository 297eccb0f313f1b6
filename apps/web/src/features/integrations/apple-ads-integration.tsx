// The Apple Ads integration of the company, as /integrations and the setup screen show it: its
// state when there is one, otherwise the connect flow (for those who may connect) or a note.
import { Skeleton, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyPageState } from '../../shared/ui/page-frame';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { ConnectAppleAds } from './connect-apple-ads';
import { IntegrationDetails } from './integration-details';
import { integrationKeys, integrationsApi } from './integrations-api';

export function AppleAdsIntegration() {
  const { t } = useTranslation();
  const session = useSession();
  const canWrite = hasPermission(session, 'integrations.write');
  const details = useQuery({ queryKey: integrationKeys.details, queryFn: integrationsApi.details });

  if (details.isPending) return <Skeleton height={160} aria-label={t('common.loading')} />;
  if (details.isError) {
    return (
      <Text c="red" role="alert">
        {t('errors.loadFailed')}
      </Text>
    );
  }
  if (details.data) return <IntegrationDetails integration={details.data} canWrite={canWrite} />;
  if (canWrite) return <ConnectAppleAds />;
  return (
    <EmptyPageState
      icon={<IconPlugConnected size={28} />}
      title={t('integrations.noneTitle')}
      description={t('integrations.askAdmin')}
    />
  );
}
