// Who an e-mail goes to: members of the company picked from a list, and other addresses typed by
// hand. At least one in all, each a proper address without spaces. Used by a rule's e-mail action
// and by scheduled reports.
import { Group, MultiSelect, TagsInput } from '@mantine/core';
import type { NotificationRecipients } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../auth/session/session-access';
import { useSession } from '../../auth/session/use-session';
import type { ActionPartProps } from './action-fields';
import type { ActionDraft } from './rule-draft';
import { builderApi, builderKeys } from './builder-api';

type EmailAction = Extract<ActionDraft, { type: 'EMAIL_NOTIFICATION' }>;

/** The members' addresses when the user may list members (admins), else their own. */
function useMemberEmails(picked: readonly string[]): string[] {
  const session = useSession();
  const members = useQuery({
    queryKey: builderKeys.members,
    queryFn: builderApi.memberEmails,
    enabled: hasPermission(session, 'teamManagement.read'),
  });
  const own = session ? [session.claims.Email] : [];
  return [...new Set([...own, ...(members.data ?? []), ...picked])];
}

export interface EmailRecipientsInputsProps {
  value: NotificationRecipients;
  onChange(value: NotificationRecipients): void;
  labels: { members: string; external: string; externalHint: string };
  errors: { emails?: string; externalEmails?: string };
}

export function EmailRecipientsInputs({
  value,
  onChange,
  labels,
  errors,
}: EmailRecipientsInputsProps) {
  const { emails, externalEmails } = value;
  const options = useMemberEmails(emails);
  return (
    <Group grow align="flex-start">
      <MultiSelect
        label={labels.members}
        data={options}
        value={emails}
        onChange={(values) => onChange({ emails: values, externalEmails })}
        searchable
        error={errors.emails}
      />
      <TagsInput
        label={labels.external}
        description={labels.externalHint}
        value={externalEmails}
        onChange={(values) => onChange({ emails, externalEmails: values })}
        error={errors.externalEmails}
      />
    </Group>
  );
}

export function RecipientsFields({ action, error, onChange }: ActionPartProps<EmailAction>) {
  const { t } = useTranslation();
  return (
    <EmailRecipientsInputs
      value={action.recipients}
      onChange={(recipients) => onChange({ ...action, recipients })}
      labels={{
        members: t('automation.builder.email.members'),
        external: t('automation.builder.email.external'),
        externalHint: t('automation.builder.email.externalHint'),
      }}
      errors={{
        emails: error('recipients.emails'),
        externalEmails: error('recipients.externalEmails'),
      }}
    />
  );
}
