// /integrations: the Apple Ads integration of the company and the way to connect it, then the
// attribution partners of its apps and the Slack workspace told about rules and failed syncs.
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../shared/ui/page-frame';
import { PartnerIntegrations } from '../attribution/partner-integrations';
import { SlackIntegrationCard } from '../slack/slack-integration';
import { AppleAdsIntegration } from './apple-ads-integration';

export default function IntegrationsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.integrations.title')}>
      <AppleAdsIntegration />
      <PartnerIntegrations />
      <SlackIntegrationCard />
    </PageFrame>
  );
}
