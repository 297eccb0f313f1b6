// The sign-in screen with its image panel (spec 1 §2). /signin shows it too, or, with its flags,
// the sign-up form (?signup=true) or the invitation (?invite=<token>).
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isRateLimited } from '../../shared/api/api-error';
import { AcceptInviteForm } from './accept-invite-form';
import { authApi } from './auth-api';
import { AuthLayout } from './auth-layout';
import { enterApp } from './enter-app';
import { SignUpForm } from './sign-up-form';

type Failure = 'signInFailed' | 'tooManyAttempts';

function SignInForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      const response = await authApi.signIn({ email: email.trim(), password });
      void navigate(enterApp(response), { replace: true });
    } catch (error) {
      setFailure(isRateLimited(error) ? 'tooManyAttempts' : 'signInFailed');
      setPending(false);
    }
  }

  return (
    <Paper component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t('login.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('login.subtitle')}
          </Text>
        </div>
        {failure && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {t(`errors.${failure}`)}
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
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
      </Stack>
    </Paper>
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
