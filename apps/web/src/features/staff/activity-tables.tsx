// Trial and login activity for staff (spec 1 §1, staff features).
import { Badge, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatInteger } from '../../shared/format/format';
import { QueryContent } from '../../shared/ui/query-content';
import { staffApi } from './staff-api';

export function TrialActivityTable() {
  const { t } = useTranslation();
  const trials = useQuery({ queryKey: ['staff', 'trials'], queryFn: staffApi.trialActivity });
  return (
    <QueryContent query={trials} emptyText={t('staff.noTrials')}>
      {(rows) => (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('staff.company')}</Table.Th>
              <Table.Th>{t('staff.members')}</Table.Th>
              <Table.Th>{t('staff.trialEnd')}</Table.Th>
              <Table.Th>{t('staff.lastSignIn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((company) => (
              <Table.Tr key={company.id}>
                <Table.Td>{company.name}</Table.Td>
                <Table.Td>{formatInteger(company.memberCount)}</Table.Td>
                <Table.Td>{formatDateTime(company.trialEndsAt)}</Table.Td>
                <Table.Td>{formatDateTime(company.lastSignInAt) || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryContent>
  );
}

export function LoginActivityTable() {
  const { t } = useTranslation();
  const logins = useQuery({ queryKey: ['staff', 'logins'], queryFn: staffApi.loginActivity });
  return (
    <QueryContent query={logins} emptyText={t('staff.noLogins')}>
      {(rows) => (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('staff.signedInAt')}</Table.Th>
              <Table.Th>{t('login.email')}</Table.Th>
              <Table.Th>{t('staff.result')}</Table.Th>
              <Table.Th>{t('staff.ipAddress')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((login) => (
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
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryContent>
  );
}
