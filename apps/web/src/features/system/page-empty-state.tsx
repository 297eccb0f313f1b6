// A page whose data does not exist yet: its real frame and title with an empty state that says
// what will appear here and, where it helps, the step that brings it.
import { Button } from '@mantine/core';
import { IconInbox, IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageKey } from '../../app/route-table';
import { EmptyPageState, PageFrame } from '../../shared/ui/page-frame';
import { EMPTY_KIND } from './empty-pages';

export default function PageEmptyState({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  const kind = EMPTY_KIND[page] ?? 'nothingYet';
  return (
    <PageFrame title={t(`pages.${page}.title`)}>
      {kind === 'needsIntegration' ? (
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
