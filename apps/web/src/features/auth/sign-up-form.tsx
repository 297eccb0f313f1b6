// Self sign-up (spec 2 §5): e-mail and password by the contracts' rules, free and temporary mail
// domains refused before the request, and the invite-domain allowlist when one is configured.
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
import { IconMailCheck } from '@tabler/icons-react';
import { signUpInput } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isEmailTaken, serverFieldErrors } from '../../shared/api/api-error';
import { useClientConfig } from '../../shared/api/client-config';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { authApi } from './auth-api';
import { emailDomainProblem } from './email-domain';

export function SignUpForm() {
  const { t } = useTranslation();
  const { inviteDomainAllowlist } = useClientConfig();
  const blocked = useQuery({
    queryKey: ['auth', 'blocked-domains'],
    queryFn: authApi.blockedDomains,
    staleTime: Infinity,
  });
  const form = useSchemaForm(signUpInput, { email: '', password: '' });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.onSubmit(async (input) => {
    const problem = emailDomainProblem(
      input.email,
      blocked.data?.domains ?? [],
      inviteDomainAllowlist,
    );
    if (problem) {
      form.setErrors({ email: problem });
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      await authApi.signUp(input);
      setSentTo(input.email);
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      setFailure(isEmailTaken(error) ? 'errors.emailExists' : 'errors.createUserFailed');
    } finally {
      setPending(false);
    }
  });

  async function resend(email: string) {
    try {
      await authApi.resendVerification(email);
      notifySuccess(t('signUp.resent'));
    } catch {
      notifyError(t('errors.requestFailed'));
    }
  }

  if (sentTo) {
    return (
      <Stack gap="md" align="flex-start" role="status">
        <IconMailCheck size={40} aria-hidden />
        <Title order={1} size="h2">
          {t('signUp.checkEmailTitle')}
        </Title>
        <Text>{t('signUp.checkEmailText', { email: sentTo })}</Text>
        <Button variant="light" onClick={() => void resend(sentTo)}>
          {t('signUp.resend')}
        </Button>
      </Stack>
    );
  }

  return (
    <Paper component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('signUp.title')}
        </Title>
        {failure && (
          <Alert color="red" role="alert">
            {t(failure)}
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
          {...form.field('email')}
        />
        <PasswordInput
          label={t('login.password')}
          description={t('signUp.passwordHint')}
          autoComplete="new-password"
          required
          {...form.field('password')}
        />
        <Button type="submit" loading={pending} fullWidth>
          {t('signUp.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('signUp.haveAccount')}{' '}
          <Anchor component={Link} to="/login">
            {t('login.submit')}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
