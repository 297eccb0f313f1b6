// Companies for staff: enable or disable one, or delete it with everything it owns.
import { ActionIcon, Switch, Table, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatInteger } from '../../shared/format/format';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { QueryTable } from '../../shared/ui/query-table';
import { staffApi, type StaffCompany } from './staff-api';

export function CompaniesTable() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const companies = useQuery({ queryKey: ['staff', 'companies'], queryFn: staffApi.companies });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['staff'] });
  const setDisabled = useMutation({
    mutationFn: (company: StaffCompany) =>
      staffApi.setCompanyDisabled(company.id, !company.isDisabled),
    onSuccess: () => {
      notifySuccess(t('staff.companyUpdated'));
      refresh();
    },
    onError: () => notifyError(t('errors.updateFailed')),
  });
  const remove = useMutation({
    mutationFn: (company: StaffCompany) => staffApi.deleteCompany(company.id),
    onSuccess: () => {
      notifySuccess(t('staff.companyDeleted'));
      refresh();
    },
    onError: () => notifyError(t('errors.deleteFailed')),
  });

  async function confirmDelete(company: StaffCompany) {
    const confirmed = await confirm({
      title: t('staff.deleteCompanyTitle'),
      message: t('staff.deleteCompanyMessage', { company: company.name }),
      icon: 1,
    });
    if (confirmed) remove.mutate(company);
  }

  return (
    <QueryTable
      query={companies}
      emptyText={t('pages.companies.empty')}
      minWidth={640}
      highlightOnHover
      columns={[
        t('staff.company'),
        t('staff.members'),
        t('staff.createdAt'),
        t('staff.enabled'),
        t('team.actions'),
      ]}
      renderRow={(company) => (
        <Table.Tr key={company.id}>
          <Table.Td>{company.name}</Table.Td>
          <Table.Td>{formatInteger(company.memberCount)}</Table.Td>
          <Table.Td>{formatDateTime(company.createdAt)}</Table.Td>
          <Table.Td>
            <Switch
              aria-label={t('staff.enabledOf', { company: company.name })}
              checked={!company.isDisabled}
              onChange={() => setDisabled.mutate(company)}
            />
          </Table.Td>
          <Table.Td>
            <Tooltip label={t('staff.deleteCompanyTitle')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('staff.deleteCompanyOf', { company: company.name })}
                onClick={() => void confirmDelete(company)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
