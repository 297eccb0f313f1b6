// Who a rule's e-mail goes to: members of the company picked from a list, and other addresses
// typed by hand. At least one in all, each a proper address without spaces.
import { Group, MultiSelect, TagsInput } from '@mantine/core';
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

export function RecipientsFields({ action, error, onChange }: ActionPartProps<EmailAction>) {
  const { t } = useTranslation();
  const { emails, externalEmails } = action.recipients;
  const options = useMemberEmails(emails);
  return (
    <Group grow align="flex-start">
      <MultiSelect
        label={t('automation.builder.email.members')}
        data={options}
        value={emails}
        onChange={(values) =>
          onChange({ ...action, recipients: { emails: values, externalEmails } })
        }
        searchable
        error={error('recipients.emails')}
      />
      <TagsInput
        label={t('automation.builder.email.external')}
        description={t('automation.builder.email.externalHint')}
        value={externalEmails}
        onChange={(values) =>
          onChange({ ...action, recipients: { emails, externalEmails: values } })
        }
        error={error('recipients.externalEmails')}
      />
    </Group>
  );
}
