// Accepting an invitation (/signin?invite=<token>, docs/product-decisions.md): a person new to
// Tapwise sets a password and their profile; someone with an account just joins the company.
import { Button, Checkbox } from '@mantine/core';
import { acceptInviteInput } from '@tapwise/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { useSubmission } from '../../shared/forms/use-submission';
import { NewPasswordInput, ProfileFields } from './account-fields';
import { authApi, type AcceptInviteInput } from './auth-api';
import { AuthForm, FormFailure, FormHeading } from './auth-form';
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
  const { pending, failure, send } = useSubmission({ leavesPage: true });
  const form = useSchemaForm(newAccountInput, {
    token,
    password: '',
    firstName: '',
    lastName: '',
    phone: '',
    jobTitle: '',
  });

  async function accept(input: AcceptInviteInput) {
    await send(
      async () => void navigate(enterApp(await authApi.acceptInvite(input)), { replace: true }),
      (error) => {
        form.setErrors(serverFieldErrors(error));
        return 'invite.failed';
      },
    );
  }

  const submit = hasAccount
    ? (event: FormEvent) => {
        event.preventDefault();
        void accept({ token });
      }
    : form.onSubmit(accept);

  return (
    <AuthForm onSubmit={submit}>
      <FormHeading title={t('invite.title')} subtitle={t('invite.subtitle')} />
      <FormFailure message={failure && t(failure)} />
      <Checkbox
        label={t('invite.hasAccount')}
        checked={hasAccount}
        onChange={(event) => setHasAccount(event.currentTarget.checked)}
      />
      {!hasAccount && (
        <>
          <NewPasswordInput label={t('login.password')} {...form.field('password')} />
          <ProfileFields field={form.field} />
        </>
      )}
      <Button type="submit" loading={pending} fullWidth>
        {t('invite.submit')}
      </Button>
    </AuthForm>
  );
}
