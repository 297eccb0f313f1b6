// What a test run answered: the script's log lines (monospace, coloured by level, with the
// milliseconds since the run started), why it failed if it did, and the changes it would make.
import { Alert, Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import {
  DEFAULT_CURRENCY,
  type RuleActionType,
  type RuleChangeStatus,
  type ScriptLogLevel,
  type ScriptLogLine,
  type ScriptTestResult,
} from '@tapwise/contracts';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../shared/format/format';
import { formatChangeValues } from '../automation/rule-builder/change-values';
import { ruleActionLabel } from '../automation/rule-builder/rule-labels';
import { changeStatusColor } from '../automation/run-change-row';

const LEVEL_COLORS: Record<ScriptLogLevel, string> = {
  log: 'var(--mantine-color-text)',
  info: 'var(--mantine-color-blue-6)',
  warn: 'var(--mantine-color-orange-6)',
  error: 'var(--mantine-color-red-6)',
};

/** The log lines of a run, as a console. */
export function LogConsole({ lines }: { lines: readonly ScriptLogLine[] }) {
  const { t } = useTranslation();
  if (lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('scriptedRules.console.noLogs')}
      </Text>
    );
  return (
    <Box
      component="pre"
      role="log"
      aria-label={t('scriptedRules.console.label')}
      data-testid="log-console"
      m={0}
      p="xs"
      style={{
        fontFamily: 'var(--mantine-font-family-monospace)',
        fontSize: 12,
        maxHeight: 280,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        background: 'var(--mantine-color-default-hover)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      {lines.map((line, index) => (
        <div key={index} data-level={line.level} style={{ color: LEVEL_COLORS[line.level] }}>
          <span style={{ opacity: 0.6 }}>{`${String(line.atMs).padStart(5)} ms `}</span>
          {line.level !== 'log' && `[${line.level}] `}
          {line.text}
        </div>
      ))}
    </Box>
  );
}

export function TestConsole({ result }: { result: ScriptTestResult }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="test-result">
      <Group gap="xs">
        <Badge color={result.ok ? 'teal' : 'red'} variant="light">
          {t(result.ok ? 'scriptedRules.console.ok' : 'scriptedRules.console.failed')}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('scriptedRules.console.summary', {
            evaluated: formatInteger(result.evaluated),
            proposals: formatInteger(result.proposals),
            ms: formatInteger(result.durationMs),
          })}
        </Text>
      </Group>
      {result.message && (
        <Alert color="red" role="alert">
          {result.message}
        </Alert>
      )}
      <LogConsole lines={result.logs} />
      {result.changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('scriptedRules.console.noChanges')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} maxHeight={320}>
          <Table striped stickyHeader data-testid="test-changes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('automation.logs.run.columns.entity')}</Table.Th>
                <Table.Th>{t('automation.logs.run.columns.action')}</Table.Th>
                <Table.Th>{t('scriptedRules.console.change')}</Table.Th>
                <Table.Th>{t('automation.logs.run.columns.status')}</Table.Th>
                <Table.Th>{t('automation.logs.run.columns.message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.changes.map((change, index) => (
                <Table.Tr key={`${change.entityId}-${index}`}>
                  <Table.Td>{change.entityName}</Table.Td>
                  <Table.Td>{ruleActionLabel(t, change.action as RuleActionType)}</Table.Td>
                  <Table.Td>
                    {formatChangeValues(change.before, DEFAULT_CURRENCY)} →{' '}
                    {formatChangeValues(change.after, DEFAULT_CURRENCY)}
                    {change.capped && (
                      <Badge ml="xs" size="xs" color="orange" variant="light">
                        {t('automation.logs.run.capped')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      size="sm"
                      variant="light"
                      color={changeStatusColor(change.status as RuleChangeStatus)}
                    >
                      {t(`automation.logs.run.changeStatuses.${change.status}`, {
                        defaultValue: change.status,
                      })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{change.message ?? ''}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
