// Trial and login activity for staff (spec 1 §1, staff features).
import { Badge, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatInteger } from '../../shared/format/format';
import { QueryTable } from '../../shared/ui/query-table';
import { staffApi } from './staff-api';

export function TrialActivityTable() {
  const { t } = useTranslation();
  const trials = useQuery({ queryKey: ['staff', 'trials'], queryFn: staffApi.trialActivity });
  return (
    <QueryTable
      query={trials}
      emptyText={t('staff.noTrials')}
      columns={[t('staff.company'), t('staff.members'), t('staff.trialEnd'), t('staff.lastSignIn')]}
      renderRow={(company) => (
        <Table.Tr key={company.id}>
          <Table.Td>{company.name}</Table.Td>
          <Table.Td>{formatInteger(company.memberCount)}</Table.Td>
          <Table.Td>{formatDateTime(company.trialEndsAt)}</Table.Td>
          <Table.Td>{formatDateTime(company.lastSignInAt) || '—'}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

export function LoginActivityTable() {
  const { t } = useTranslation();
  const logins = useQuery({ queryKey: ['staff', 'logins'], queryFn: staffApi.loginActivity });
  return (
    <QueryTable
      query={logins}
      emptyText={t('staff.noLogins')}
      columns={[t('staff.signedInAt'), t('login.email'), t('staff.result'), t('staff.ipAddress')]}
      renderRow={(login) => (
        <Table.Tr key={login.id}>
          <Table.Td>{formatDateTime(login.createdAt)}</Table.Td>
          <Table.Td>{login.email}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={login.succeeded ? 'teal' : 'red'}>
              {t(login.succeeded ? 'staff.succeeded' : 'staff.failedAttempt')}
            </Badge>
          </Table.Td>
          <Table.Td>{login.ipAddress ?? '—'}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}
