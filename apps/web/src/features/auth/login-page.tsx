// The sign-in screen with its image panel (spec 1 §2). /signin shows it too, or, with its flags,
// the sign-up form (?signup=true) or the invitation (?invite=<token>).
import { Anchor, Button, Group, PasswordInput, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isRateLimited } from '../../shared/api/api-error';
import { useSubmission } from '../../shared/forms/use-submission';
import { AcceptInviteForm } from './accept-invite-form';
import { EmailInput } from './account-fields';
import { authApi } from './auth-api';
import { AuthForm, FormFailure, FormHeading } from './auth-form';
import { AuthLayout } from './auth-layout';
import { enterApp } from './enter-app';
import { SignUpForm } from './sign-up-form';

function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, failure, send } = useSubmission({ leavesPage: true });

  function signIn(event: FormEvent) {
    event.preventDefault();
    void send(
      async () => {
        const response = await authApi.signIn({ email: email.trim(), password });
        void navigate(enterApp(response), { replace: true });
      },
      (error) => (isRateLimited(error) ? 'errors.tooManyAttempts' : 'errors.signInFailed'),
    );
  }

  return (
    <AuthForm onSubmit={signIn}>
      <FormHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      <FormFailure message={failure && t(failure)} icon={<IconAlertCircle />} />
      <EmailInput value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
      <PasswordInput
        label={t('login.password')}
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t('login.forgotPassword')}
        </Anchor>
      </Group>
      <Button type="submit" loading={pending} disabled={!email || !password} fullWidth>
        {t('login.submit')}
      </Button>
      <Text size="sm" ta="center">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to="/signup">
          {t('login.signUp')}
        </Anchor>
      </Text>
    </AuthForm>
  );
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const invite = params.get('invite');
  const signUp = params.get('signup') === 'true';
  return (
    <AuthLayout wide={signUp || Boolean(invite)}>
      {invite ? <AcceptInviteForm token={invite} /> : signUp ? <SignUpForm /> : <SignInForm />}
    </AuthLayout>
  );
}
