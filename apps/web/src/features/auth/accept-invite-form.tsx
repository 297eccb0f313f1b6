// Accepting an invitation (/signin?invite=<token>, docs/product-decisions.md): a person new to
// Tapwise sets a password and their profile; someone with an account just joins the company.
import {
  Alert,
  Button,
  Checkbox,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { acceptInviteInput } from '@tapwise/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { authApi, type AcceptInviteInput } from './auth-api';
import { enterApp } from './enter-app';

const newAccountInput = acceptInviteInput.required({
  password: true,
  firstName: true,
  phone: true,
  jobTitle: true,
});

export function AcceptInviteForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [hasAccount, setHasAccount] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useSchemaForm(newAccountInput, {
    token,
    password: '',
    firstName: '',
    lastName: '',
    phone: '',
    jobTitle: '',
  });

  async function accept(input: AcceptInviteInput) {
    setPending(true);
    setFailed(false);
    try {
      void navigate(enterApp(await authApi.acceptInvite(input)), { replace: true });
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      setFailed(true);
      setPending(false);
    }
  }

  const submit = hasAccount
    ? (event: FormEvent) => {
        event.preventDefault();
        void accept({ token });
      }
    : form.onSubmit(accept);

  return (
    <Paper component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t('invite.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('invite.subtitle')}
          </Text>
        </div>
        {failed && (
          <Alert color="red" role="alert">
            {t('invite.failed')}
          </Alert>
        )}
        <Checkbox
          label={t('invite.hasAccount')}
          checked={hasAccount}
          onChange={(event) => setHasAccount(event.currentTarget.checked)}
        />
        {!hasAccount && (
          <>
            <PasswordInput
              label={t('login.password')}
              description={t('signUp.passwordHint')}
              autoComplete="new-password"
              required
              {...form.field('password')}
            />
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
              label={t('profile.jobTitle')}
              autoComplete="organization-title"
              required
              {...form.field('jobTitle')}
            />
          </>
        )}
        <Button type="submit" loading={pending} fullWidth>
          {t('invite.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
