// The state of the company's Apple Ads integration: ACTIVE or INVALID, demo mode, the first sync
// done or its progress, the role and the ad accounts it reaches.
import {
  Alert,
  Badge,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { FIRST_SYNC_MODE, SYNC_HISTORY_MONTHS } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { QueryTable } from '../../shared/ui/query-table';
import { useSyncStatus } from '../sync/sync-status';
import { DeleteIntegrationButton } from './delete-integration-button';
import {
  integrationKeys,
  integrationsApi,
  type AdAccount,
  type Integration,
} from './integrations-api';

function FirstSyncState({ integration }: { integration: Integration }) {
  const { t } = useTranslation();
  const { state } = useSyncStatus();
  if (integration.firstSyncDone) {
    return (
      <Badge color="teal" variant="light" data-testid="first-sync-state">
        {t('integrations.firstSyncDone')}
      </Badge>
    );
  }
  const progress = state.mode === FIRST_SYNC_MODE ? state.progress : 0;
  return (
    <Stack gap={4} data-testid="first-sync-state">
      <Text size="sm">{t('integrations.firstSyncRunning', { progress })}</Text>
      <Progress value={progress} aria-label={t('sync.progress')} />
    </Stack>
  );
}

function AdAccountsTable() {
  const { t } = useTranslation();
  const accounts = useQuery({
    queryKey: integrationKeys.details,
    queryFn: integrationsApi.details,
    select: (integration): AdAccount[] => integration?.adAccounts ?? [],
  });
  return (
    <QueryTable
      query={accounts}
      emptyText={t('integrations.noAccounts')}
      minWidth={640}
      columns={[
        t('integrations.account'),
        t('integrations.accountId'),
        t('topBar.currency'),
        t('integrations.timeZone'),
        t('integrations.roles'),
      ]}
      renderRow={(account) => (
        <Table.Tr key={account.adAccountId}>
          <Table.Td>{account.orgName}</Table.Td>
          <Table.Td>{account.adAccountId}</Table.Td>
          <Table.Td>{account.currency}</Table.Td>
          <Table.Td>{account.timeZone}</Table.Td>
          <Table.Td>{account.roleNames.join(', ')}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

export function IntegrationDetails(props: { integration: Integration; canWrite: boolean }) {
  const { t } = useTranslation();
  const { integration } = props;
  return (
    <Stack gap="md" data-testid="apple-ads-integration">
      {integration.invalid && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />}>
          {t('integrations.invalidAddAgain')}
        </Alert>
      )}
      {integration.readOnly && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle aria-hidden />}
          data-testid="read-only-warning"
        >
          {t('integrations.readOnlyRole')}
        </Alert>
      )}
      {integration.historyLimited && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
          {t('integrations.historyLimited', { months: SYNC_HISTORY_MONTHS })}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <Group gap="xs">
              <Title order={2} size="h4">
                Apple Ads
              </Title>
              <Badge color={integration.invalid ? 'red' : 'teal'} data-testid="integration-state">
                {t(`integrations.state.${integration.state}`)}
              </Badge>
              {integration.demoMode && (
                <Badge color="violet" variant="light">
                  {t('integrations.demoMode')}
                </Badge>
              )}
            </Group>
            {props.canWrite && <DeleteIntegrationButton integration={integration} />}
          </Group>
          <FirstSyncState integration={integration} />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Fact label={t('integrations.role')} value={integration.roleName || '—'} />
            <Fact label={t('integrations.clientId')} value={integration.clientId} />
            <Fact label={t('integrations.keyId')} value={integration.keyId} />
            <Fact
              label={t('integrations.connectedAt')}
              value={formatDateTime(integration.createdAt)}
            />
          </SimpleGrid>
        </Stack>
      </Card>
      <Title order={2} size="h4">
        {t('integrations.adAccounts')}
      </Title>
      <AdAccountsTable />
    </Stack>
  );
}
