// /campaign-list: the company's campaign drafts, to resume or delete.
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PLACEMENT_ROUTES } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../shared/ui/page-frame';
import { CampaignDrafts } from './campaign-drafts';

export default function CampaignListPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('campaignCreation.drafts.title')}
      actions={
        <Button
          component={Link}
          to={PLACEMENT_ROUTES.SEARCH_RESULTS}
          leftSection={<IconPlus size={16} />}
        >
          {t('campaignCreation.drafts.new')}
        </Button>
      }
    >
      <CampaignDrafts />
    </PageFrame>
  );
}
