// /signin/change-password: a signed-in user changes their password. The server ends their other
// sessions (they meet code 23) and hands this one a fresh token.
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { changePasswordInput } from '@tapwise/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { notifySuccess } from '../../shared/ui/notify';
import { authApi } from './auth-api';
import { AuthLayout } from './auth-layout';
import { storeSession } from './session/session-store';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useSchemaForm(changePasswordInput, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = form.onSubmit(async (input) => {
    if (form.values.confirmPassword !== input.newPassword) {
      form.setErrors({ confirmPassword: 'validation.passwordsDiffer' });
      return;
    }
    setPending(true);
    setFailed(false);
    try {
      storeSession(await authApi.changePassword(input));
      notifySuccess(t('changePassword.done'));
      void navigate('/overview', { replace: true });
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      setFailed(true);
      setPending(false);
    }
  });

  return (
    <AuthLayout>
      <Paper component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('pages.changePassword.title')}
          </Title>
          {failed && (
            <Alert color="red" role="alert">
              {t('changePassword.failed')}
            </Alert>
          )}
          <PasswordInput
            label={t('changePassword.current')}
            autoComplete="current-password"
            required
            {...form.field('currentPassword')}
          />
          <PasswordInput
            label={t('recovery.newPassword')}
            description={t('signUp.passwordHint')}
            autoComplete="new-password"
            required
            {...form.field('newPassword')}
          />
          <PasswordInput
            label={t('changePassword.confirm')}
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
          />
          <Button type="submit" loading={pending} fullWidth>
            {t('recovery.save')}
          </Button>
          <Anchor component={Link} to="/overview" size="sm">
            {t('common.cancel')}
          </Anchor>
        </Stack>
      </Paper>
    </AuthLayout>
  );
}
