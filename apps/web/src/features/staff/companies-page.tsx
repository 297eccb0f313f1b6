// /users, listed as Companies (spec 1 §2, §6): super admins administer companies and users, the
// self sign-up switch, and read trial and login activity.
import { Button, Group, Switch, Tabs } from '@mantine/core';
import { IconBuildingPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { PageFrame } from '../../shared/ui/page-frame';
import { LoginActivityTable, TrialActivityTable } from './activity-tables';
import { CompaniesTable } from './companies-table';
import { CreateCompanyAdminModal } from './create-company-admin-modal';
import { staffApi } from './staff-api';
import { StaffUsersTable } from './staff-users-table';

function SelfSignUpSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: ['staff', 'self-sign-up'], queryFn: staffApi.selfSignUp });
  const toggle = useMutation({
    mutationFn: staffApi.setSelfSignUp,
    onSuccess: (_, enabled) => {
      queryClient.setQueryData(['staff', 'self-sign-up'], enabled);
      notifySuccess(t(enabled ? 'staff.selfSignUpOn' : 'staff.selfSignUpOff'));
    },
    onError: () => notifyError(t('errors.updateFailed')),
  });
  return (
    <Switch
      label={t('staff.selfSignUp')}
      checked={state.data ?? false}
      disabled={!state.isSuccess || toggle.isPending}
      onChange={(event) => toggle.mutate(event.currentTarget.checked)}
    />
  );
}

export default function CompaniesPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <PageFrame
      title={t('pages.companies.title')}
      actions={
        <Group gap="lg">
          <SelfSignUpSwitch />
          <Button leftSection={<IconBuildingPlus size={18} />} onClick={() => setCreating(true)}>
            {t('staff.createCompanyAdmin')}
          </Button>
        </Group>
      }
    >
      <Tabs defaultValue="companies" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="companies">{t('staff.tabs.companies')}</Tabs.Tab>
          <Tabs.Tab value="users">{t('staff.tabs.users')}</Tabs.Tab>
          <Tabs.Tab value="trials">{t('staff.tabs.trials')}</Tabs.Tab>
          <Tabs.Tab value="logins">{t('staff.tabs.logins')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="companies">
          <CompaniesTable />
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <StaffUsersTable />
        </Tabs.Panel>
        <Tabs.Panel value="trials">
          <TrialActivityTable />
        </Tabs.Panel>
        <Tabs.Panel value="logins">
          <LoginActivityTable />
        </Tabs.Panel>
      </Tabs>
      <CreateCompanyAdminModal opened={creating} onClose={() => setCreating(false)} />
    </PageFrame>
  );
}
