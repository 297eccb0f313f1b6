// /welcome-onboard/setup: the onboarding's connect step, the same flow as /integrations, with
// the way on to the overview once Apple Ads is connected.
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../shared/ui/page-frame';
import { AppleAdsIntegration } from './apple-ads-integration';
import { useIntegrationInfo } from './use-integration-info';

export default function WelcomeSetupPage() {
  const { t } = useTranslation();
  const info = useIntegrationInfo();
  return (
    <PageFrame
      title={t('pages.welcomeSetup.title')}
      actions={
        info.data?.APPLE_SEARCH_ADS && (
          <Button component={Link} to="/overview">
            {t('integrations.continueToOverview')}
          </Button>
        )
      }
    >
      <Group>
        <Text c="dimmed">{t('pages.welcomeSetup.empty')}</Text>
      </Group>
      <AppleAdsIntegration />
    </PageFrame>
  );
}
