// Settings → Profile: first and last name (at most 12 characters each), phone and job title, the
// rules of spec 2 §5 from the contracts; saved with the accounts module's profile update.
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { profileInput } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { notifySuccess } from '../../shared/ui/notify';
import { ProfileFields } from '../auth/account-fields';
import { fetchUserDetails } from '../auth/session/session-renewal';
import { storeSession, type Session } from '../auth/session/session-store';
import { settingsApi } from './settings-api';

/** The profile of the onboarding form without the company, which belongs to the team. */
const profileUpdateSchema = profileInput.omit({ companyName: true });

export function ProfileSection({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { claims } = session;
  const form = useSchemaForm(profileUpdateSchema, {
    firstName: claims.FirstName ?? '',
    lastName: claims.LastName ?? '',
    phone: claims.Phone ?? '',
    jobTitle: claims.JobTitle ?? '',
  });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.onSubmit(async (profile) => {
    setPending(true);
    setFailure(null);
    try {
      await settingsApi.updateProfile(claims.UserId, {
        ...profile,
        lastName: profile.lastName ?? '',
      });
      notifySuccess(t('settings.profile.updated'));
      // The name in the top bar comes from the token: a renewed one carries the new profile.
      await fetchUserDetails(session).then(storeSession, () => undefined);
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      setFailure('errors.updateFailed');
    } finally {
      setPending(false);
    }
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="profile-title">
      <Title order={2} size="h4" id="profile-title">
        {t('settings.profile.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.profile.email', { email: claims.Email })}
      </Text>
      <form noValidate onSubmit={submit} aria-label={t('settings.profile.title')}>
        <Stack gap="sm" maw={720}>
          <ProfileFields field={form.field} />
          {failure && (
            <Alert color="red" role="alert">
              {t(failure)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={pending}>
              {t('settings.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
