// "Backtest": replays the rule as it stands in the form over stored daily history (at most 90
// days, the last 30 by default) and lists the days it would have fired and what it would have
// changed, so a rule can be judged before it is enabled. The replay is a job on the server: the
// panel starts it, shows a progress bar while it runs and its result when it is done.
import {
  Alert,
  Badge,
  Button,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { BACKTEST_MAX_DAYS, DEFAULT_CURRENCY, type RuleBacktestResult } from '@tapwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../../shared/format/format';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { automationMessage } from '../automation-messages';
import { isBacktestRunning } from './builder-api';
import { formatChangeValues } from './change-values';
import { ConvertedRuleValues } from './converted-rule-values';
import { useRuleBacktest } from './use-rule-backtest';
import { useAppsWithOrg } from './use-scope-options';

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;

/** The last 30 days up to today (UTC, as the engine counts days). */
function defaultRange() {
  const today = Date.now();
  return { start: isoDay(today - 29 * DAY_MS), end: isoDay(today) };
}

function rangeProblem(start: string, end: string): string | undefined {
  if (!start || !end) return 'validation.required';
  if (start > end) return 'validation.dateRangeOrder';
  return daysBetween(start, end) > BACKTEST_MAX_DAYS ? 'automation.backtest.tooLong' : undefined;
}

export interface BacktestRange {
  start: string;
  end: string;
}

/**
 * `validate` answers the draft as it stands (null after showing its problems), `start` starts its
 * backtest: a rule's, or a scripted rule's, which the engine replays the same way.
 */
export function BacktestPanel<Draft>(props: {
  validate(): Draft | null;
  start(draft: Draft, range: BacktestRange): Promise<{ backtestId: string }>;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useState(defaultRange);
  const [problem, setProblem] = useState<string>();
  const [backtestId, setBacktestId] = useState<string | null>(null);
  const [finishedId, setFinishedId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (request: { draft: Draft; range: BacktestRange }) =>
      props.start(request.draft, request.range),
    onSuccess: (started) => setBacktestId(started.backtestId),
  });
  const running = start.isPending || (backtestId !== null && backtestId !== finishedId);

  function run() {
    const found = rangeProblem(range.start, range.end);
    setProblem(found);
    const draft = props.validate();
    if (found || draft === null) return;
    start.mutate({ draft, range });
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('automation.backtest.description', { days: BACKTEST_MAX_DAYS })}
      </Text>
      <Group align="flex-end">
        <TextInput
          type="date"
          label={t('automation.backtest.start')}
          value={range.start}
          onChange={(event) => setRange({ ...range, start: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('automation.backtest.end')}
          value={range.end}
          onChange={(event) => setRange({ ...range, end: event.currentTarget.value })}
          error={problem && t(problem, { days: BACKTEST_MAX_DAYS })}
        />
        <Button variant="default" onClick={run} loading={running}>
          {t('automation.backtest.run')}
        </Button>
      </Group>
      {start.isError && (
        <Alert color="red" role="alert">
          {automationMessage(isBacktestRunning(start.error) ? 'backtestRunning' : 'backtestFailed')}
        </Alert>
      )}
      {backtestId && !start.isPending && !start.isError && (
        <BacktestRun
          key={backtestId}
          backtestId={backtestId}
          onFinished={() => setFinishedId(backtestId)}
        />
      )}
    </Stack>
  );
}

/** A started backtest: its progress bar, then its result or why it failed. */
function BacktestRun(props: { backtestId: string; onFinished(): void }) {
  const { t } = useTranslation();
  const { done, total, finished, lost } = useRuleBacktest(props.backtestId);
  const outcome = lost ? 'FAILED' : finished?.status;
  const failure = automationMessage(
    finished?.failure === 'TOO_WIDE' ? 'backtestTooWide' : 'backtestFailed',
  );

  useEffect(() => {
    if (!outcome) return;
    // Toasts too: the member may have scrolled away from the panel while it ran.
    if (outcome === 'DONE') notifySuccess(t('automation.backtest.finished'));
    else notifyError(failure);
    props.onFinished();
    // Once per backtest, when it ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outcome]);

  if (outcome === 'FAILED')
    return (
      <Alert color="red" role="alert">
        {failure}
      </Alert>
    );
  if (outcome === 'DONE' && finished?.result) return <BacktestResult result={finished.result} />;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {total > 0
          ? t('automation.backtest.replaying', { done, total })
          : t('automation.backtest.waiting')}
      </Text>
      <Progress
        value={total > 0 ? Math.round((done / total) * 100) : 0}
        aria-label={t('automation.backtest.progress')}
        animated
      />
    </Stack>
  );
}

function BacktestResult({ result }: { result: RuleBacktestResult }) {
  const { t } = useTranslation();
  const apps = useAppsWithOrg();
  const currencyOf = (adAccountId: number) =>
    apps.find((app) => app.adAccountId === adAccountId)?.currency ?? DEFAULT_CURRENCY;
  const firedDays = result.days.filter((day) => day.matched > 0);
  const unconvertible = [...new Set(result.days.flatMap((day) => day.unconvertible ?? []))];
  const changes = result.days.flatMap((day) =>
    day.changes.map((change, index) => ({
      ...change,
      date: day.date,
      key: `${day.date}-${index}`,
    })),
  );

  const noRate = unconvertible.length > 0 && (
    <Text size="sm" c="dimmed">
      {t('automation.conversion.noRate', { currencies: unconvertible.join(', ') })}
    </Text>
  );

  if (firedDays.length === 0)
    return (
      <Alert color="gray" title={t('automation.backtest.resultTitle')}>
        {t('automation.backtest.neverFired', { start: result.start, end: result.end })}
        {noRate}
      </Alert>
    );

  return (
    <Stack gap="xs" aria-label={t('automation.backtest.resultTitle')} role="region">
      <Text fw={600}>{t('automation.backtest.resultTitle')}</Text>
      <Text size="sm">
        {t('automation.backtest.summary', {
          days: firedDays.length,
          changes: result.totalChanges,
          start: result.start,
          end: result.end,
        })}
      </Text>
      {noRate}
      {changes.length < result.totalChanges && (
        <Text size="sm" c="dimmed">
          {t('automation.backtest.listedChanges', {
            listed: formatInteger(changes.length),
            total: formatInteger(result.totalChanges),
          })}
        </Text>
      )}
      {changes.length > 0 && (
        // Long replays scroll inside the drawer, keeping the header and summary in view.
        <Table.ScrollContainer minWidth={520} maxHeight={360}>
          <Table striped stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('automation.backtest.columns.date')}</Table.Th>
                <Table.Th>{t('automation.backtest.columns.entity')}</Table.Th>
                <Table.Th>{t('automation.backtest.columns.action')}</Table.Th>
                <Table.Th>{t('automation.backtest.columns.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((change) => {
                const currency = currencyOf(change.adAccountId);
                return (
                  <Table.Tr key={change.key}>
                    <Table.Td>{change.date}</Table.Td>
                    <Table.Td>{change.entityName}</Table.Td>
                    <Table.Td>{t(`automation.logs.run.actions.${change.action}`)}</Table.Td>
                    <Table.Td>
                      {formatChangeValues(change.before, currency)} →{' '}
                      {formatChangeValues(change.after, currency)}
                      {change.capped && (
                        <Badge ml="xs" color="orange" variant="light">
                          {t('automation.backtest.capped')}
                        </Badge>
                      )}
                      {change.conversion && <ConvertedRuleValues conversion={change.conversion} />}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
