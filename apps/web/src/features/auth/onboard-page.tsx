// /onboard: profile completion after the first sign-in (spec 2 §5 rules). It creates the user's
// company, so a user who already belongs to one goes straight on to the overview.
import { Alert, Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { profileInput } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { authApi } from './auth-api';
import { AuthLayout } from './auth-layout';
import { enterApp } from './enter-app';
import { isOnboarded } from './session/session-access';
import type { Session } from './session/session-store';
import { useSession } from './session/use-session';

function ProfileForm({ session }: { session: Session }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { claims } = session;
  const form = useSchemaForm(profileInput, {
    firstName: claims.FirstName ?? '',
    lastName: claims.LastName ?? '',
    phone: claims.Phone ?? '',
    companyName: claims.CompanyName ?? '',
    jobTitle: claims.JobTitle ?? '',
  });
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = form.onSubmit(async (profile) => {
    setPending(true);
    setFailed(false);
    try {
      void navigate(enterApp(await authApi.completeProfile(profile)), { replace: true });
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      setFailed(true);
      setPending(false);
    }
  });

  return (
    <Paper component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t('pages.onboard.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('profile.subtitle')}
          </Text>
        </div>
        {failed && (
          <Alert color="red" role="alert">
            {t('errors.updateFailed')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('profile.firstName')}
            autoComplete="given-name"
            required
            {...form.field('firstName')}
          />
          <TextInput
            label={t('profile.lastName')}
            autoComplete="family-name"
            {...form.field('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('profile.phone')}
          type="tel"
          autoComplete="tel"
          required
          {...form.field('phone')}
        />
        <TextInput
          label={t('profile.companyName')}
          autoComplete="organization"
          required
          {...form.field('companyName')}
        />
        <TextInput
          label={t('profile.jobTitle')}
          autoComplete="organization-title"
          required
          {...form.field('jobTitle')}
        />
        <Button type="submit" loading={pending} fullWidth>
          {t('profile.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}

export default function OnboardPage() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  if (isOnboarded(session)) return <Navigate to="/overview" replace />;
  return (
    <AuthLayout wide>
      <ProfileForm session={session} />
    </AuthLayout>
  );
}
