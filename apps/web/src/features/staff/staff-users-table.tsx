// Every user for staff, with a reset-password link to generate, their AI credits to set and the
// way to act as the user.
import { Badge, Button, Group, Table, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { personName } from '../../shared/format/person-name';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError } from '../../shared/ui/notify';
import { QueryTable } from '../../shared/ui/query-table';
import { startImpersonation } from '../auth/session/session-store';
import { useSession } from '../auth/session/use-session';
import { StaffCreditsModal } from '../keyword-ai/staff-credits-modal';
import { ResetLinkModal } from './reset-link-modal';
import { staffApi, type StaffUser } from './staff-api';
import { hardNavigate } from '../../shared/navigation/hard-navigate';

/** Acts as the user after the spec's confirmation, keeping the super admin's token (spec 1 §6). */
async function impersonate(userId: string) {
  const confirmed = await confirm({ message: i18next.t('staff.impersonateConfirm'), icon: 2 });
  if (!confirmed) return;
  try {
    startImpersonation(await staffApi.impersonate(userId));
  } catch {
    notifyError(i18next.t('errors.requestFailed'));
    return;
  }
  hardNavigate('/overview');
}

function companies(user: StaffUser): string {
  return user.teams.map((team) => team.company).join(', ');
}

export function StaffUsersTable() {
  const { t } = useTranslation();
  const session = useSession();
  const [search, setSearch] = useState('');
  const [resetLink, setResetLink] = useState<string | null>(null);
  const [creditsOf, setCreditsOf] = useState<StaffUser | null>(null);
  const needle = search.trim().toLowerCase();
  const users = useQuery({
    queryKey: ['staff', 'users'],
    queryFn: staffApi.users,
    select: (list) =>
      list.filter((user) =>
        `${user.email} ${personName(user)} ${companies(user)}`.toLowerCase().includes(needle),
      ),
  });

  async function generateLink(user: StaffUser) {
    try {
      setResetLink(await staffApi.resetPasswordLink(user.id));
    } catch {
      notifyError(t('errors.requestFailed'));
    }
  }

  return (
    <>
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t('staff.searchUsers')}
        aria-label={t('staff.searchUsers')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        mb="md"
        maw={360}
      />
      <QueryTable
        query={users}
        emptyText={t('staff.noUsers')}
        minWidth={820}
        highlightOnHover
        columns={[
          t('team.name'),
          t('login.email'),
          t('staff.companiesAndRoles'),
          t('team.actions'),
        ]}
        renderRow={(user) => (
          <Table.Tr key={user.id} data-testid={`staff-user-${user.email}`}>
            <Table.Td>{personName(user) || '—'}</Table.Td>
            <Table.Td>
              {user.email}{' '}
              {user.isDisabled && (
                <Badge variant="light" color="gray">
                  {t('status.disabled')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              {user.teams
                .map((team) => `${team.company} (${t(`roles.${team.role}`)})`)
                .join(', ') || '—'}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => void generateLink(user)}>
                  {t('staff.resetLink')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setCreditsOf(user)}>
                  {t('keywordAi.staff.open')}
                </Button>
                {user.id !== session?.claims.UserId && (
                  <Button size="xs" variant="light" onClick={() => void impersonate(user.id)}>
                    {t('staff.impersonate')}
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ResetLinkModal link={resetLink} onClose={() => setResetLink(null)} />
      {creditsOf && (
        <StaffCreditsModal
          userId={creditsOf.id}
          name={personName(creditsOf) || creditsOf.email}
          onClose={() => setCreditsOf(null)}
        />
      )}
    </>
  );
}
