// A page whose data does not exist yet: its real frame and title with an empty state that says
// what will appear here and, where it helps, the step that brings it.
import { Button } from '@mantine/core';
import { IconDatabase, IconInbox, IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageKey } from '../../app/route-table';
import { EmptyPageState, PageFrame } from '../../shared/ui/page-frame';
import { useIntegrationInfo } from '../integrations/use-integration-info';
import { EMPTY_KIND } from './empty-pages';

export default function PageEmptyState({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  const integration = useIntegrationInfo();
  const kind = EMPTY_KIND[page] ?? 'nothingYet';
  // Once the data is synced, asking to connect would be false: say what is true instead.
  const synced = integration.data?.APPLE_SEARCH_ADS === true && integration.data.firstSyncDone;
  return (
    <PageFrame title={t(`pages.${page}.title`)}>
      {kind === 'needsIntegration' && synced ? (
        <EmptyPageState
          icon={<IconDatabase size={28} />}
          title={t('empty.synced.title')}
          description={t('empty.synced.description')}
        />
      ) : kind === 'needsIntegration' ? (
        <EmptyPageState
          icon={<IconPlugConnected size={28} />}
          title={t('empty.needsIntegration.title')}
          description={t(`pages.${page}.empty`)}
          action={
            <Button component={Link} to="/integrations">
              {t('empty.needsIntegration.action')}
            </Button>
          }
        />
      ) : (
        <EmptyPageState
          icon={<IconInbox size={28} />}
          title={t('empty.nothingYet.title')}
          description={t(`pages.${page}.empty`)}
        />
      )}
    </PageFrame>
  );
}
