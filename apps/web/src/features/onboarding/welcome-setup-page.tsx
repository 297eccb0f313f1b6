// /welcome-onboard/setup: connect Apple Ads with the integrations' own form, then watch the
// first sync until it is done, then on to the overview (or its guided tour).
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../shared/ui/page-frame';
import { AppleAdsIntegration } from '../integrations/apple-ads-integration';
import { useIntegrationInfo } from '../integrations/use-integration-info';
import { TOUR_START_HREF } from './tour-steps';

export default function WelcomeSetupPage() {
  const { t } = useTranslation();
  const info = useIntegrationInfo().data;
  const connected = Boolean(info?.APPLE_SEARCH_ADS);
  const synced = connected && Boolean(info?.firstSyncDone);
  return (
    <PageFrame title={t('onboarding.setup.title')}>
      <Stack gap="lg">
        <Text c="dimmed">
          {t(connected ? 'onboarding.setup.syncing' : 'onboarding.setup.connectFirst')}
        </Text>
        <AppleAdsIntegration />
        {connected && !synced && (
          <Group gap="xs" data-testid="setup-waiting">
            <Loader size="xs" />
            <Text size="sm">{t('onboarding.setup.waiting')}</Text>
          </Group>
        )}
        {synced && (
          <Alert
            color="teal"
            icon={<IconCircleCheck size={18} />}
            title={t('onboarding.setup.doneTitle')}
            data-testid="setup-done"
          >
            <Stack gap="sm">
              <Text size="sm">{t('onboarding.setup.doneBody')}</Text>
              <Group>
                <Button component={Link} to="/overview">
                  {t('onboarding.setup.goToOverview')}
                </Button>
                <Button component={Link} to={TOUR_START_HREF} variant="light">
                  {t('onboarding.tour.start')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </PageFrame>
  );
}
