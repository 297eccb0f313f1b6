// /signin/change-password: a signed-in user changes their password. The server ends their other
// sessions (they meet code 23) and hands this one a fresh token.
import { Anchor, Button, PasswordInput } from '@mantine/core';
import { changePasswordInput } from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { useSubmission } from '../../shared/forms/use-submission';
import { notifySuccess } from '../../shared/ui/notify';
import { NewPasswordInput } from './account-fields';
import { authApi } from './auth-api';
import { AuthForm, FormFailure, FormHeading } from './auth-form';
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
  const { pending, failure, send } = useSubmission({ leavesPage: true });

  const submit = form.onSubmit(async (input) => {
    if (form.values.confirmPassword !== input.newPassword) {
      form.setErrors({ confirmPassword: 'validation.passwordsDiffer' });
      return;
    }
    await send(
      async () => {
        storeSession(await authApi.changePassword(input));
        notifySuccess(t('changePassword.done'));
        void navigate('/overview', { replace: true });
      },
      (error) => {
        form.setErrors(serverFieldErrors(error));
        return 'changePassword.failed';
      },
    );
  });

  return (
    <AuthLayout>
      <AuthForm onSubmit={submit}>
        <FormHeading title={t('pages.changePassword.title')} />
        <FormFailure message={failure && t(failure)} />
        <PasswordInput
          label={t('changePassword.current')}
          autoComplete="current-password"
          required
          {...form.field('currentPassword')}
        />
        <NewPasswordInput label={t('recovery.newPassword')} {...form.field('newPassword')} />
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
      </AuthForm>
    </AuthLayout>
  );
}
