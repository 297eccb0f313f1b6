// The login-as-user banner (spec 1 §2, §4): while a super admin acts as a user it says so and
// offers the way back, which restores their own token, goes to /users and reloads.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { endImpersonation, type Session } from '../../features/auth/session/session-store';
import { hardNavigate } from '../../shared/navigation/hard-navigate';

function returnToAdmin(): void {
  if (endImpersonation()) hardNavigate('/users');
}

export function ImpersonationBanner({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { FirstName, LastName, Email, CompanyName } = session.claims;
  return (
    <Alert
      color="orange"
      radius={0}
      icon={<IconUserShield aria-hidden />}
      data-testid="impersonation-banner"
    >
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {t('impersonation.banner', {
            name: [FirstName, LastName].filter(Boolean).join(' ') || Email,
            company: CompanyName,
          })}
        </Text>
        <Button size="xs" color="orange" onClick={returnToAdmin}>
          {t('impersonation.return')}
        </Button>
      </Group>
    </Alert>
  );
}
