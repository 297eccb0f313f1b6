// /campaign-list-dialog: the drafts list in a dialog over the ads manager; closing it or resuming
// a draft leaves the dialog.
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CampaignDrafts } from './campaign-drafts';

export default function CampaignListDialogPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal
      opened
      size="xl"
      title={t('campaignCreation.drafts.title')}
      onClose={() => void navigate('/ads-manager')}
    >
      <CampaignDrafts />
    </Modal>
  );
}
