// Inviting a member by e-mail with a role and the read-only flag; the server mails the link.
import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { INVITABLE_ROLES, inviteMemberInput } from '@tapwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { teamManagementApi } from './team-management-api';

export function InviteMemberModal(props: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isReadOnly, setReadOnly] = useState(false);
  const form = useSchemaForm(inviteMemberInput, { email: '', role: 'STAFF' });
  const invite = useMutation({
    mutationFn: teamManagementApi.invite,
    onSuccess: () => {
      notifySuccess(t('team.invited'));
      void queryClient.invalidateQueries({ queryKey: ['team-members'] });
      form.setValue('email', '');
      props.onClose();
    },
    onError: (error) => {
      form.setErrors(serverFieldErrors(error));
      notifyError(t('errors.inviteFailed'));
    },
  });

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('team.inviteTitle')} centered>
      <form noValidate onSubmit={form.onSubmit((input) => invite.mutate({ ...input, isReadOnly }))}>
        <Stack gap="md">
          <TextInput
            label={t('login.email')}
            type="email"
            required
            data-autofocus
            {...form.field('email')}
          />
          <Select
            label={t('team.role')}
            data={INVITABLE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            value={form.values.role}
            onChange={(role) => form.setValue('role', role ?? 'STAFF')}
            allowDeselect={false}
          />
          <Switch
            label={t('team.readOnly')}
            description={t('team.readOnlyHint')}
            checked={isReadOnly}
            onChange={(event) => setReadOnly(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('team.sendInvite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
