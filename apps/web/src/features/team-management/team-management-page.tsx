// /team-management: the company's members and invitations (spec 1 §6). Admins invite, re-invite,
// change roles, disable and enable, toggle read-only and remove; a read-only admin only reads.
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Select,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconUserPlus } from '@tabler/icons-react';
import { INVITABLE_ROLES, type Role } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personName } from '../../shared/format/person-name';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { PageFrame } from '../../shared/ui/page-frame';
import { QueryTable } from '../../shared/ui/query-table';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { InviteMemberModal } from './invite-member-modal';
import { teamManagementApi, type MemberChange, type TeamMember } from './team-management-api';

const MEMBERS_KEY = ['team-members'];

function StatusBadges({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Badge variant="light" color={member.inviteStatus === 'ACCEPTED' ? 'teal' : 'yellow'}>
        {t(`team.inviteStatus.${member.inviteStatus}`)}
      </Badge>
      {member.isDisabled && (
        <Badge variant="light" color="gray">
          {t('status.disabled')}
        </Badge>
      )}
    </Group>
  );
}

export default function TeamManagementPage() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const canWrite = hasPermission(session, 'teamManagement.write');
  const members = useQuery({ queryKey: MEMBERS_KEY, queryFn: teamManagementApi.members });

  const onChanged = (message: string) => () => {
    notifySuccess(message);
    void queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
  };
  const update = useMutation({
    mutationFn: (change: MemberChange) => teamManagementApi.update(change),
    onSuccess: onChanged(t('team.updated')),
    onError: () => notifyError(t('errors.updateFailed')),
  });
  const reInvite = useMutation({
    mutationFn: teamManagementApi.reInvite,
    onSuccess: onChanged(t('team.invited')),
    onError: () => notifyError(t('errors.inviteFailed')),
  });
  const remove = useMutation({
    mutationFn: teamManagementApi.remove,
    onSuccess: onChanged(t('team.removed')),
    onError: () => notifyError(t('errors.deleteFailed')),
  });

  async function confirmRemove(member: TeamMember) {
    const confirmed = await confirm({
      title: t('team.removeTitle'),
      message: t('team.removeMessage', { email: member.email }),
      icon: 1,
      okLabel: t('team.remove'),
    });
    if (confirmed) remove.mutate(member.userId);
  }

  const memberRow = (member: TeamMember) => {
    const editable =
      canWrite && member.userId !== session?.claims.UserId && member.role !== 'SUPERADMIN';
    return (
      <Table.Tr key={member.userId} data-testid={`member-${member.email}`}>
        <Table.Td>{personName(member) || '—'}</Table.Td>
        <Table.Td>{member.email}</Table.Td>
        <Table.Td>
          {editable ? (
            <Select
              aria-label={t('team.roleOf', { email: member.email })}
              size="xs"
              w={140}
              data={INVITABLE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              value={member.role}
              allowDeselect={false}
              onChange={(role) =>
                role && update.mutate({ userId: member.userId, role: role as Role })
              }
            />
          ) : (
            t(`roles.${member.role}`)
          )}
        </Table.Td>
        <Table.Td>
          <Switch
            aria-label={t('team.readOnlyOf', { email: member.email })}
            checked={member.isReadOnly}
            disabled={!editable}
            onChange={(event) =>
              update.mutate({ userId: member.userId, isReadOnly: event.currentTarget.checked })
            }
          />
        </Table.Td>
        <Table.Td>
          <StatusBadges member={member} />
        </Table.Td>
        <Table.Td>
          {editable && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('team.actionsOf', { email: member.email })}
                >
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {member.inviteStatus === 'INVITED' && (
                  <Menu.Item onClick={() => reInvite.mutate(member.userId)}>
                    {t('team.reInvite')}
                  </Menu.Item>
                )}
                <Menu.Item
                  onClick={() =>
                    update.mutate({ userId: member.userId, isDisabled: !member.isDisabled })
                  }
                >
                  {member.isDisabled ? t('team.enable') : t('team.disable')}
                </Menu.Item>
                <Menu.Item color="red" onClick={() => void confirmRemove(member)}>
                  {t('team.remove')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Table.Td>
      </Table.Tr>
    );
  };

  return (
    <PageFrame
      title={t('pages.teamManagement.title')}
      actions={
        canWrite && (
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
            {t('team.invite')}
          </Button>
        )
      }
    >
      {!canWrite && (
        <Text c="dimmed" size="sm">
          {t('team.readOnlyNotice')}
        </Text>
      )}
      <QueryTable
        query={members}
        emptyText={t('team.empty')}
        minWidth={720}
        highlightOnHover
        columns={[
          t('team.name'),
          t('login.email'),
          t('team.role'),
          t('team.readOnly'),
          t('team.status'),
          <VisuallyHidden>{t('team.actions')}</VisuallyHidden>,
        ]}
        renderRow={memberRow}
      />
      <InviteMemberModal opened={inviting} onClose={() => setInviting(false)} />
    </PageFrame>
  );
}
