// The keyword journey (spec 1 §1, §8, §9): for the app and window, how many keywords stand at
// each stage, the keywords of the chosen stage, and their movement between stages week by week.
// A zero result, or data younger than seven days, says to wait about seven days.
import {
  Alert,
  Anchor,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconApps, IconHourglass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  KEYWORD_JOURNEY_LIST_LIMIT,
  KEYWORD_JOURNEY_WAIT_DAYS,
  KEYWORD_JOURNEY_WINDOWS,
  KEYWORD_STAGES,
  metricValues,
  type KeywordJourney,
  type KeywordJourneyWindow,
  type KeywordStage,
} from '@tapwise/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInteger } from '../../shared/format/format';
import { formatMetric } from '../../shared/format/metric-format';
import { usePeriodLabels } from '../../shared/period/period-labels';
import { EmptyPageState, PageFrame } from '../../shared/ui/page-frame';
import { PanelFailure } from '../../shared/ui/panel';
import { AppSelector } from '../overview/app-selector';
import type { OwnApp } from '../overview/overview-api';
import { useOverviewSelection, type AppKey } from '../overview/use-overview-selection';
import { fetchKeywordJourney, keywordJourneyKeys } from './keyword-journey-api';
import { StageMovement } from './stage-movement';

export default function KeywordJourneyPage() {
  const { t } = useTranslation();
  const selection = useOverviewSelection();
  return (
    <PageFrame title={t('pages.keywordJourney.title')}>
      {selection.apps.isPending ? (
        <Skeleton height={64} aria-label={t('common.loading')} />
      ) : selection.apps.isError ? (
        <PanelFailure onRetry={() => void selection.apps.refetch()} />
      ) : !selection.app ? (
        <EmptyPageState
          icon={<IconApps size={28} />}
          title={t('overview.noApps.title')}
          description={t('overview.noApps.description')}
        />
      ) : (
        <JourneyContent
          apps={selection.apps.data}
          app={selection.app}
          onAppChange={selection.selectApp}
        />
      )}
    </PageFrame>
  );
}

function JourneyContent(props: { apps: OwnApp[]; app: OwnApp; onAppChange(app: AppKey): void }) {
  const { t } = useTranslation();
  const { app } = props;
  const [days, setDays] = useState<KeywordJourneyWindow>(30);
  const [stage, setStage] = useState<KeywordStage>('IMPRESSION');
  // A goal belongs to its app: it is dropped when another app is picked.
  const [picked, setPicked] = useState<{ adamId: number; goalId: string } | null>(null);
  const goalId = picked?.adamId === app.adamId ? picked.goalId : null;
  const query = useQuery({
    queryKey: keywordJourneyKeys.journey({
      adAccountId: app.adAccountId,
      adamId: app.adamId,
      days,
      goalId,
      stage,
    }),
    queryFn: ({ queryKey }) => fetchKeywordJourney(queryKey[1]),
    placeholderData: (previous) => previous,
  });
  const journey = query.data;
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <AppSelector apps={props.apps} app={app} onChange={props.onAppChange} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="journey-window-label">
            {t('keywordJourney.window')}
          </Text>
          <SegmentedControl
            aria-labelledby="journey-window-label"
            value={String(days)}
            data={KEYWORD_JOURNEY_WINDOWS.map((value) => ({
              value: String(value),
              label: t('keywordJourney.days', { count: value }),
            }))}
            onChange={(value) => setDays(Number(value) as KeywordJourneyWindow)}
          />
        </Stack>
        {journey && journey.goals.length > 0 && (
          <Select
            label={t('keywordJourney.goal')}
            w={240}
            allowDeselect={false}
            data={journey.goals.map((goal) => ({ value: goal.id, label: goal.name }))}
            value={journey.goal?.id ?? null}
            onChange={(value) => value && setPicked({ adamId: app.adamId, goalId: value })}
          />
        )}
      </Group>
      {query.isPending ? (
        <Skeleton height={320} aria-label={t('common.loading')} />
      ) : query.isError ? (
        <PanelFailure onRetry={() => void query.refetch()} />
      ) : (
        <JourneyBody journey={query.data} onStageChange={setStage} />
      )}
    </Stack>
  );
}

function JourneyBody(props: { journey: KeywordJourney; onStageChange(stage: KeywordStage): void }) {
  const { t } = useTranslation();
  const labels = usePeriodLabels();
  const { journey } = props;
  return (
    <Stack gap="md">
      {journey.needsWait && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconHourglass size={18} />}
          title={t('keywordJourney.wait.title')}
          data-testid="journey-wait"
        >
          {t('keywordJourney.wait.description', { days: KEYWORD_JOURNEY_WAIT_DAYS })}
        </Alert>
      )}
      <Text size="sm" c="dimmed" data-testid="journey-window">
        {labels.range(journey.window)}
      </Text>
      <StageCards journey={journey} onStageChange={props.onStageChange} />
      <Section
        title={t('keywordJourney.stageKeywords', {
          stage: t(`keywordJourney.stages.${journey.stage}`),
        })}
        testId="journey-keywords"
      >
        <StageKeywords journey={journey} />
      </Section>
      <Section title={t('keywordJourney.movement.title')} testId="journey-movement">
        <StageMovement weeks={journey.weeks} weekLabel={(week) => labels.range(week)} />
      </Section>
    </Stack>
  );
}

function Section(props: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" data-testid={props.testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </Paper>
  );
}

function StageCards(props: { journey: KeywordJourney; onStageChange(stage: KeywordStage): void }) {
  const { t } = useTranslation();
  const { journey } = props;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
      {KEYWORD_STAGES.map((stage) => {
        const selected = stage === journey.stage;
        return (
          <UnstyledButton
            key={stage}
            aria-pressed={selected}
            onClick={() => props.onStageChange(stage)}
            data-testid={`stage-${stage}`}
          >
            <Paper withBorder p="sm" h="100%" bg={selected ? 'blue.0' : undefined}>
              <Stack gap={4}>
                <Text size="sm" c="dimmed">
                  {t(`keywordJourney.stages.${stage}`)}
                </Text>
                <Text size="xl" fw={700} data-testid="stage-count">
                  {formatInteger(journey.stageCounts[stage])}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`keywordJourney.stageHints.${stage}`)}
                </Text>
                {stage === 'EVENT' && journey.eventSource !== 'READY' && (
                  <EventSourceHint source={journey.eventSource} />
                )}
              </Stack>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

/** Without a goal or partner data the Event stage stays empty: say how to fill it. */
function EventSourceHint({ source }: { source: 'NO_GOAL' | 'NO_PARTNER_DATA' }) {
  const { t } = useTranslation();
  const target = source === 'NO_GOAL' ? '/goals' : '/integrations';
  return (
    <Stack gap={2} data-testid="event-source-hint">
      <Text size="xs" c="orange.8">
        {t(`keywordJourney.eventSource.${source}`)}
      </Text>
      <Anchor component={Link} to={target} size="xs" onClick={(event) => event.stopPropagation()}>
        {t(`keywordJourney.eventSourceAction.${source}`)}
      </Anchor>
    </Stack>
  );
}

function StageKeywords({ journey }: { journey: KeywordJourney }) {
  const { t } = useTranslation();
  const total = journey.stageCounts[journey.stage];
  if (journey.keywords.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('keywordJourney.noKeywords')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {total > journey.keywords.length && (
        <Text size="xs" c="dimmed">
          {t('keywordJourney.listLimit', { shown: KEYWORD_JOURNEY_LIST_LIMIT, total })}
        </Text>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('keywordJourney.columns.keyword')}</Table.Th>
              <Table.Th>{t('keywordJourney.columns.matchType')}</Table.Th>
              <Table.Th ta="right">{t('overview.metrics.spend')}</Table.Th>
              <Table.Th ta="right">{t('overview.metrics.impressions')}</Table.Th>
              <Table.Th ta="right">{t('overview.metrics.taps')}</Table.Th>
              <Table.Th ta="right">{t('overview.metrics.installs')}</Table.Th>
              <Table.Th ta="right">{t('keywordJourney.columns.events')}</Table.Th>
              <Table.Th ta="right">{t('overview.metrics.avgCpa')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {journey.keywords.map((row) => {
              const values = metricValues(row.counts);
              const money = (key: 'spend' | 'avgCpa') =>
                formatMetric(key, values[key], journey.currency);
              return (
                <Table.Tr key={row.keywordId} data-testid="journey-keyword">
                  <Table.Td>{row.text}</Table.Td>
                  <Table.Td>{t(`overview.matchTypes.${row.matchType}`, row.matchType)}</Table.Td>
                  <Table.Td ta="right">{money('spend')}</Table.Td>
                  <Table.Td ta="right">
                    {formatMetric('impressions', values.impressions, '')}
                  </Table.Td>
                  <Table.Td ta="right">{formatMetric('taps', values.taps, '')}</Table.Td>
                  <Table.Td ta="right">{formatMetric('installs', values.installs, '')}</Table.Td>
                  <Table.Td ta="right">{formatInteger(row.events)}</Table.Td>
                  <Table.Td ta="right">{money('avgCpa')}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
