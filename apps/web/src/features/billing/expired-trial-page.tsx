// /expired-free-trial (spec 1 §2): where a cancelled company's members land. It says the trial
// or the plan ended and leads to /subscription-plan; a company that is not cancelled is sent on
// to /overview.
import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { useBillingStatus } from './billing-status';

export default function ExpiredTrialPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { status, isLoading } = useBillingStatus();
  if (isLoading) {
    return (
      <Center h="60vh">
        <Loader aria-label={t('entitlements.loading')} />
      </Center>
    );
  }
  if (!status.enabled || status.status !== 'cancelled') return <Navigate to="/overview" replace />;
  // A company that never paid ends with its trial; one that did, with its plan.
  const trialEnded = status.currentTermEnd === null;
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={480}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="orange" aria-hidden>
            <IconHourglassEmpty size={34} />
          </ThemeIcon>
          <Title order={2}>
            {trialEnded ? t('entitlements.trialEndedTitle') : t('entitlements.planEndedTitle')}
          </Title>
          <Text c="dimmed">{t('entitlements.endedMessage')}</Text>
          {hasPermission(session, 'billing.write') ? (
            <Button component={Link} to="/subscription-plan" size="md">
              {t('entitlements.choosePlan')}
            </Button>
          ) : (
            <Text fw={500}>{t('entitlements.askAdmin')}</Text>
          )}
          <Button component={Link} to="/logout" variant="subtle" color="gray">
            {t('profileMenu.signOut')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
