// Forgotten passwords: without a token the page asks for the e-mail address and mails a reset
// link (auth/recovery); the link brings the user back with ?token= to choose a new password
// (auth/pwdver). /forgot-password, /signin/recovery and /change-password all show it.
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { emailOnlyInput, resetPasswordInput } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { EmailInput, NewPasswordInput } from './account-fields';
import { authApi } from './auth-api';
import { AuthForm, FormFailure, FormHeading } from './auth-form';
import { AuthLayout } from './auth-layout';

type Outcome = 'done' | 'failed' | null;

function RequestLinkForm() {
  const { t } = useTranslation();
  const form = useSchemaForm(emailOnlyInput, { email: '' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, setPending] = useState(false);

  const submit = form.onSubmit(async ({ email }) => {
    setPending(true);
    try {
      await authApi.requestRecovery(email);
      setOutcome('done');
    } catch {
      setOutcome('failed');
    } finally {
      setPending(false);
    }
  });

  return (
    <AuthForm onSubmit={submit}>
      <FormHeading title={t('pages.forgotPassword.title')} subtitle={t('recovery.requestText')} />
      {outcome === 'done' && (
        <Alert color="teal" role="status">
          {t('recovery.linkSent')}
        </Alert>
      )}
      <FormFailure message={outcome === 'failed' ? t('errors.requestFailed') : null} />
      <EmailInput {...form.field('email')} />
      <Button type="submit" loading={pending} fullWidth>
        {t('recovery.sendLink')}
      </Button>
    </AuthForm>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const form = useSchemaForm(resetPasswordInput, { token, password: '' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, setPending] = useState(false);

  const submit = form.onSubmit(async (input) => {
    setPending(true);
    try {
      await authApi.resetPassword(input);
      setOutcome('done');
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      setOutcome('failed');
    } finally {
      setPending(false);
    }
  });

  if (outcome === 'done') {
    return (
      <Stack gap="md" role="status">
        <Title order={1} size="h2">
          {t('recovery.doneTitle')}
        </Title>
        <Text>{t('recovery.doneText')}</Text>
        <Button component={Link} to="/login">
          {t('login.submit')}
        </Button>
      </Stack>
    );
  }
  return (
    <AuthForm onSubmit={submit}>
      <FormHeading title={t('recovery.chooseTitle')} />
      <FormFailure message={outcome === 'failed' ? t('recovery.linkInvalid') : null} />
      <NewPasswordInput label={t('recovery.newPassword')} {...form.field('password')} />
      <Button type="submit" loading={pending} fullWidth>
        {t('recovery.save')}
      </Button>
    </AuthForm>
  );
}

export default function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token');
  return (
    <AuthLayout>
      <Stack gap="lg">
        {token ? <ResetPasswordForm token={token} /> : <RequestLinkForm />}
        <Anchor component={Link} to="/login" size="sm">
          {t('common.backToLogin')}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
