// /welcome-onboard (and its message child): the welcome text, then on to the setup.
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../auth/auth-layout';
import { useSession } from '../auth/session/use-session';

export default function WelcomeMessagePage() {
  const { t } = useTranslation();
  const session = useSession();
  const name = session?.claims.FirstName?.trim();
  return (
    <AuthLayout wide>
      <Stack gap="lg" data-testid="welcome-message">
        <Title order={1} size="h2">
          {name ? t('onboarding.welcome.titleNamed', { name }) : t('onboarding.welcome.title')}
        </Title>
        <Text>{t('onboarding.welcome.body')}</Text>
        <List spacing="xs" size="sm">
          <List.Item>{t('onboarding.welcome.stepConnect')}</List.Item>
          <List.Item>{t('onboarding.welcome.stepSync')}</List.Item>
          <List.Item>{t('onboarding.welcome.stepTour')}</List.Item>
        </List>
        <Button component={Link} to="/welcome-onboard/setup" size="md">
          {t('onboarding.welcome.continue')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
