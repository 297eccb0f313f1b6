// A scripted rule's runs, newest first (the rule engine's log for its id): status, when, what it
// read and changed, and on demand the lines its script logged; each opens the run's details,
// where its changes are listed and reverted.
import { Accordion, Badge, Button, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import type { RuleLogEntry } from '@tapwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatInteger } from '../../shared/format/format';
import { PanelFailure } from '../../shared/ui/panel';
import { statusColor, statusLabel } from '../automation/automation-messages';
import { scriptedRulesApi, scriptedRulesKeys } from './scripted-rules-api';
import { LogConsole } from './test-console';

const PAGE_SIZE = 20;

export function ScriptRuns(props: {
  ruleId: string;
  canWrite: boolean;
  onOpenRun(runId: string): void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const runs = useQuery({
    queryKey: scriptedRulesKeys.runs(props.ruleId, (page - 1) * PAGE_SIZE),
    queryFn: () => scriptedRulesApi.runs(props.ruleId, (page - 1) * PAGE_SIZE, PAGE_SIZE),
  });
  if (runs.isPending) return <Skeleton height={120} aria-label={t('common.loading')} />;
  if (runs.isError) return <PanelFailure onRetry={() => void runs.refetch()} />;
  if (runs.data.entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('scriptedRules.runs.empty')}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Accordion variant="contained" data-testid="script-runs">
        {runs.data.entries.map((entry) => (
          <Accordion.Item key={entry.id} value={entry.id}>
            <Accordion.Control>
              <RunSummary entry={entry} />
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                {entry.message && <Text size="sm">{entry.message}</Text>}
                <RunLog runId={entry.id} />
                {entry.kind === 'RUN' && (
                  <Group justify="flex-end">
                    <Button size="xs" variant="light" onClick={() => props.onOpenRun(entry.id)}>
                      {t('scriptedRules.runs.details')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {runs.data.total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(runs.data.total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          size="sm"
        />
      )}
    </Stack>
  );
}

function RunSummary({ entry }: { entry: RuleLogEntry }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Badge variant="light" color={statusColor(entry.status)}>
        {statusLabel(entry.status)}
      </Badge>
      {entry.dryRun && <Badge variant="outline">{t('automation.logs.dryRun')}</Badge>}
      <Text size="sm">{formatDateTime(entry.at)}</Text>
      <Text size="sm" c="dimmed">
        {t('automation.logs.matched', {
          matched: formatInteger(entry.matched),
          evaluated: formatInteger(entry.evaluated),
        })}
      </Text>
    </Group>
  );
}

function RunLog({ runId }: { runId: string }) {
  const log = useQuery({
    queryKey: scriptedRulesKeys.runLog(runId),
    queryFn: () => scriptedRulesApi.runLog(runId),
  });
  if (log.isPending) return <Skeleton height={60} />;
  if (log.isError) return <PanelFailure onRetry={() => void log.refetch()} />;
  return <LogConsole lines={log.data ?? []} />;
}
