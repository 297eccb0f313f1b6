// /sar-proxy, the "Script API gateway" (spec 1 §2): what scripts may call — the script API's
// declaration, read-only — and what they asked of it: every change a script proposed, with what
// the safety gateway made of it (applied, planned, skipped or failed, and why), newest first.
import { Badge, Pagination, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import { DEFAULT_CURRENCY, SCRIPT_API_DECLARATION } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { PageFrame } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { formatChangeValues } from '../automation/rule-builder/change-values';
import { ruleActionLabel } from '../automation/rule-builder/rule-labels';
import { useAppsWithOrg } from '../automation/rule-builder/use-scope-options';
import { changeStatusColor } from '../automation/run-change-row';
import { CodeEditor } from './lazy-code-editor';
import { scriptedRulesApi, scriptedRulesKeys } from './scripted-rules-api';

export const GATEWAY_PAGE_SIZE = 50;

type GatewayTab = 'reference' | 'log';

export default function ScriptGatewayPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<GatewayTab>('reference');
  return (
    <PageFrame title={t('scriptedRules.gateway.title')}>
      <Text size="sm" c="dimmed">
        {t('scriptedRules.gateway.description')}
      </Text>
      <Tabs value={tab} onChange={(value) => setTab(value === 'log' ? 'log' : 'reference')}>
        <Tabs.List aria-label={t('scriptedRules.gateway.tabsLabel')}>
          <Tabs.Tab value="reference">{t('scriptedRules.gateway.reference')}</Tabs.Tab>
          <Tabs.Tab value="log">{t('scriptedRules.gateway.log')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reference" pt="md">
          {tab === 'reference' && (
            <CodeEditor
              label={t('scriptedRules.gateway.reference')}
              path="file:///tapwise-script-api-reference.ts"
              value={SCRIPT_API_DECLARATION}
              language="typescript"
              readOnly
              height={600}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="md">
          {tab === 'log' && <GatewayLog />}
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}

function GatewayLog() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const offset = (page - 1) * GATEWAY_PAGE_SIZE;
  const apps = useAppsWithOrg();
  const currencyOf = (adAccountId: number) =>
    apps.find((app) => app.adAccountId === adAccountId)?.currency ?? DEFAULT_CURRENCY;
  const log = useQuery({
    queryKey: scriptedRulesKeys.gateway(offset),
    queryFn: () => scriptedRulesApi.gatewayLog(offset, GATEWAY_PAGE_SIZE),
  });
  if (log.isPending) return <Skeleton height={160} aria-label={t('common.loading')} />;
  if (log.isError) return <PanelFailure onRetry={() => void log.refetch()} />;
  if (log.data.entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('scriptedRules.gateway.empty')}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={960}>
        <Table striped data-testid="gateway-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('scriptedRules.gateway.columns.time')}</Table.Th>
              <Table.Th>{t('scriptedRules.gateway.columns.script')}</Table.Th>
              <Table.Th>{t('automation.logs.run.columns.entity')}</Table.Th>
              <Table.Th>{t('automation.logs.run.columns.action')}</Table.Th>
              <Table.Th>{t('scriptedRules.console.change')}</Table.Th>
              <Table.Th>{t('automation.logs.run.columns.status')}</Table.Th>
              <Table.Th>{t('automation.logs.run.columns.message')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.entries.map((entry) => (
              <Table.Tr key={entry.id} data-testid="gateway-row">
                <Table.Td>{formatDateTime(entry.appliedAt) || '—'}</Table.Td>
                <Table.Td>{entry.ruleName}</Table.Td>
                <Table.Td>{entry.entityName}</Table.Td>
                <Table.Td>{ruleActionLabel(t, entry.action)}</Table.Td>
                <Table.Td>
                  {formatChangeValues(entry.before, currencyOf(entry.adAccountId))} →{' '}
                  {formatChangeValues(entry.after, currencyOf(entry.adAccountId))}
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={changeStatusColor(entry.status)}>
                    {t(`automation.logs.run.changeStatuses.${entry.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{entry.message ?? ''}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {log.data.total > GATEWAY_PAGE_SIZE && (
        <Pagination
          total={Math.ceil(log.data.total / GATEWAY_PAGE_SIZE)}
          value={page}
          onChange={setPage}
          size="sm"
        />
      )}
    </Stack>
  );
}
