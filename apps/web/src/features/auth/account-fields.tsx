// Inputs that mean the same in every account form: the e-mail address, a password the user
// chooses (with the contracts' rules as its hint), and the profile of spec 2 §5.
import {
  PasswordInput,
  SimpleGrid,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../shared/forms/use-schema-form';

export function EmailInput(props: TextInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput label={t('login.email')} type="email" autoComplete="email" required {...props} />
  );
}

/** The label differs by form ("Password", "New password"); the rules and the hint do not. */
export function NewPasswordInput(props: PasswordInputProps & { label: string }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      description={t('signUp.passwordHint')}
      autoComplete="new-password"
      required
      {...props}
    />
  );
}

type ProfileField = 'firstName' | 'lastName' | 'phone' | 'jobTitle';

/** The profile inputs; the company name sits between phone and job title when the form has one. */
export function ProfileFields({
  field,
  companyName,
}: {
  field: (name: ProfileField) => FieldProps;
  companyName?: FieldProps;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={t('profile.firstName')}
          autoComplete="given-name"
          required
          {...field('firstName')}
        />
        <TextInput
          label={t('profile.lastName')}
          autoComplete="family-name"
          {...field('lastName')}
        />
      </SimpleGrid>
      <TextInput
        label={t('profile.phone')}
        type="tel"
        autoComplete="tel"
        required
        {...field('phone')}
      />
      {companyName && (
        <TextInput
          label={t('profile.companyName')}
          autoComplete="organization"
          required
          {...companyName}
        />
      )}
      <TextInput
        label={t('profile.jobTitle')}
        autoComplete="organization-title"
        required
        {...field('jobTitle')}
      />
    </>
  );
}
