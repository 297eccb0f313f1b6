// /onboard-fork: after profile completion a new company chooses how to start: connect Apple Ads
// now (the welcome message, then the setup), or look around first and connect later.
import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompass, IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../auth/auth-layout';

export default function OnboardForkPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout wide>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('onboarding.fork.title')}
          </Title>
          <Text c="dimmed">{t('onboarding.fork.subtitle')}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Card withBorder padding="lg" data-testid="fork-connect">
            <Stack gap="sm" h="100%">
              <ThemeIcon size="lg" variant="light">
                <IconPlugConnected size={20} />
              </ThemeIcon>
              <Text fw={600}>{t('onboarding.fork.connectTitle')}</Text>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {t('onboarding.fork.connectBody')}
              </Text>
              <Button component={Link} to="/welcome-onboard">
                {t('onboarding.fork.connect')}
              </Button>
            </Stack>
          </Card>
          <Card withBorder padding="lg" data-testid="fork-explore">
            <Stack gap="sm" h="100%">
              <ThemeIcon size="lg" variant="light" color="gray">
                <IconCompass size={20} />
              </ThemeIcon>
              <Text fw={600}>{t('onboarding.fork.exploreTitle')}</Text>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {t('onboarding.fork.exploreBody')}
              </Text>
              <Button component={Link} to="/overview" variant="default">
                {t('onboarding.fork.explore')}
              </Button>
            </Stack>
          </Card>
        </SimpleGrid>
      </Stack>
    </AuthLayout>
  );
}
