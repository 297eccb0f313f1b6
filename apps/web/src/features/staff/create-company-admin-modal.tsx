// Creating a company with its admin (spec 1 §1, staff features); the admin is mailed an invite
// and gives their own name on accepting it.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { emailSchema, profileInput } from '@tapwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../shared/api/api-error';
import { useSchemaForm } from '../../shared/forms/use-schema-form';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { staffApi } from './staff-api';

const companyAdminInput = profileInput.pick({ companyName: true }).extend({ email: emailSchema });

export function CreateCompanyAdminModal(props: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useSchemaForm(companyAdminInput, { email: '', companyName: '' });
  const create = useMutation({
    mutationFn: staffApi.createCompanyAdmin,
    onSuccess: () => {
      notifySuccess(t('staff.userCreated'));
      void queryClient.invalidateQueries({ queryKey: ['staff'] });
      props.onClose();
    },
    onError: (error) => {
      form.setErrors(serverFieldErrors(error));
      notifyError(t('errors.createUserFailed'));
    },
  });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('staff.createCompanyAdmin')}
      centered
    >
      <form noValidate onSubmit={form.onSubmit((input) => create.mutate(input))}>
        <Stack gap="md">
          <TextInput
            label={t('profile.companyName')}
            required
            data-autofocus
            {...form.field('companyName')}
          />
          <TextInput label={t('login.email')} type="email" required {...form.field('email')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('staff.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
