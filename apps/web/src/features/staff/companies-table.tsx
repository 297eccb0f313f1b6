// Companies for staff: enable or disable one, open its staff tools (mock data, retention, notes,
// queued tasks), or delete it with everything it owns.
import { ActionIcon, Group, Switch, Table, Tooltip } from '@mantine/core';
import { IconTool, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatInteger } from '../../shared/format/format';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { QueryTable } from '../../shared/ui/query-table';
import { CompanyToolsModal } from './company-tools';
import { staffApi, type StaffCompany } from './staff-api';

export function CompaniesTable() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const companies = useQuery({ queryKey: ['staff', 'companies'], queryFn: staffApi.companies });
  const [managing, setManaging] = useState<StaffCompany | null>(null);
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
    <>
      <QueryTable
        query={companies}
        emptyText={t('pages.companies.empty')}
        minWidth={640}
        highlightOnHover
        columns={[
          t('staff.company'),
          t('staff.members'),
          t('staff.createdAt'),
          t('staff.tools.dataRetentionShort'),
          t('staff.enabled'),
          t('team.actions'),
        ]}
        renderRow={(company) => (
          <Table.Tr key={company.id}>
            <Table.Td>{company.name}</Table.Td>
            <Table.Td>{formatInteger(company.memberCount)}</Table.Td>
            <Table.Td>{formatDateTime(company.createdAt)}</Table.Td>
            <Table.Td>{formatInteger(company.dataRetentionDays)}</Table.Td>
            <Table.Td>
              <Switch
                aria-label={t('staff.enabledOf', { company: company.name })}
                checked={!company.isDisabled}
                onChange={() => setDisabled.mutate(company)}
              />
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Tooltip label={t('staff.tools.open')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('staff.tools.openOf', { company: company.name })}
                    onClick={() => setManaging(company)}
                  >
                    <IconTool size={18} />
                  </ActionIcon>
                </Tooltip>
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
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <CompanyToolsModal company={managing} onClose={() => setManaging(null)} />
    </>
  );
}
