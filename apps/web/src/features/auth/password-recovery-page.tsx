// Forgotten passwords: without a token the page asks for the e-mail address and mails a reset
// link (auth/recovery); the link brings the user back with ?token= to choose a new password
// (auth/pwdver). /forgot-password, /signin/recovery and /change-password all show it.
import {
  Alert,
  Anchor,
  Button,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { emailOnlyInput, resetPasswordInput } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { authApi } from './auth-api';
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
    <Paper component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t('pages.forgotPassword.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('recovery.requestText')}
          </Text>
        </div>
        {outcome === 'done' && (
          <Alert color="teal" role="status">
            {t('recovery.linkSent')}
          </Alert>
        )}
        {outcome === 'failed' && (
          <Alert color="red" role="alert">
            {t('errors.requestFailed')}
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
          {...form.field('email')}
        />
        <Button type="submit" loading={pending} fullWidth>
          {t('recovery.sendLink')}
        </Button>
      </Stack>
    </Paper>
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
    <Paper component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('recovery.chooseTitle')}
        </Title>
        {outcome === 'failed' && (
          <Alert color="red" role="alert">
            {t('recovery.linkInvalid')}
          </Alert>
        )}
        <PasswordInput
          label={t('recovery.newPassword')}
          description={t('signUp.passwordHint')}
          autoComplete="new-password"
          required
          {...form.field('password')}
        />
        <Button type="submit" loading={pending} fullWidth>
          {t('recovery.save')}
        </Button>
      </Stack>
    </Paper>
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
