// Self sign-up (spec 2 §5): e-mail and password by the contracts' rules, free and temporary mail
// domains refused before the request, and the invite-domain allowlist when one is configured.
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { signUpInput } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useClientConfig } from '../../shared/api/client-config';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { useSubmission } from '../../shared/forms/use-submission';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { EmailInput, NewPasswordInput } from './account-fields';
import { authApi } from './auth-api';
import { AuthForm, FormFailure, FormHeading } from './auth-form';
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
  const { pending, failure, send } = useSubmission();
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
    await send(
      async () => {
        await authApi.signUp(input);
        setSentTo(input.email);
      },
      (error) => {
        form.setErrors(serverFieldErrors(error));
        return 'errors.createUserFailed';
      },
    );
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
    <AuthForm onSubmit={submit}>
      <FormHeading title={t('signUp.title')} />
      <FormFailure message={failure && t(failure)} />
      <EmailInput {...form.field('email')} />
      <NewPasswordInput label={t('login.password')} {...form.field('password')} />
      <Button type="submit" loading={pending} fullWidth>
        {t('signUp.submit')}
      </Button>
      <Text size="sm" ta="center">
        {t('signUp.haveAccount')}{' '}
        <Anchor component={Link} to="/login">
          {t('login.submit')}
        </Anchor>
      </Text>
    </AuthForm>
  );
}
