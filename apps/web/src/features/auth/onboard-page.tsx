// /onboard: profile completion after the first sign-in (spec 2 §5 rules). It creates the user's
// company, so a user who already belongs to one goes straight on to the overview.
import { Button } from '@mantine/core';
import { profileInput } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { useSubmission } from '../../shared/forms/use-submission';
import { ProfileFields } from './account-fields';
import { authApi } from './auth-api';
import { AuthForm, FormFailure, FormHeading } from './auth-form';
import { AuthLayout } from './auth-layout';
import { enterApp } from './enter-app';
import { isOnboarded } from './session/session-access';
import type { Session } from './session/session-store';
import { useSession } from './session/use-session';

function ProfileForm({ session, onCompleted }: { session: Session; onCompleted(): void }) {
  const { t } = useTranslation();
  const { claims } = session;
  const form = useSchemaForm(profileInput, {
    firstName: claims.FirstName ?? '',
    lastName: claims.LastName ?? '',
    phone: claims.Phone ?? '',
    companyName: claims.CompanyName ?? '',
    jobTitle: claims.JobTitle ?? '',
  });
  const { pending, failure, send } = useSubmission({ leavesPage: true });

  const submit = form.onSubmit((profile) =>
    send(
      // A new company's admin chooses how to start (connect Apple Ads or look around first).
      async () => {
        const response = await authApi.completeProfile(profile);
        onCompleted();
        enterApp(response);
      },
      (error) => {
        form.setErrors(serverFieldErrors(error));
        return 'errors.updateFailed';
      },
    ),
  );

  return (
    <AuthForm onSubmit={submit}>
      <FormHeading title={t('pages.onboard.title')} subtitle={t('profile.subtitle')} />
      <FormFailure message={failure && t(failure)} />
      <ProfileFields field={form.field} companyName={form.field('companyName')} />
      <Button type="submit" loading={pending} fullWidth>
        {t('profile.submit')}
      </Button>
    </AuthForm>
  );
}

export default function OnboardPage() {
  const session = useSession();
  // Set as the profile is saved: the new session then leads to the onboarding fork.
  const [completed, setCompleted] = useState(false);
  if (!session) return <Navigate to="/login" replace />;
  if (isOnboarded(session))
    return <Navigate to={completed ? '/onboard-fork' : '/overview'} replace />;
  return (
    <AuthLayout wide>
      <ProfileForm session={session} onCompleted={() => setCompleted(true)} />
    </AuthLayout>
  );
}
