// /organic-keyword-ranking (docs/keyword-research.md): the organic rank of keywords the company
// tracks for its own apps in one storefront, day by day, beside its ad spend on the same keyword;
// the biggest movers. Read-only members see everything and change nothing.
import { Grid, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { RESEARCH_STOREFRONTS, type TrackedKeywordRow } from '@tapwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../auth/session/session-access';
import { useSession } from '../auth/session/use-session';
import { overviewApi, overviewKeys } from '../overview/overview-api';
import { confirm } from '../../shared/ui/confirm-dialog';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { PageFrame } from '../../shared/ui/page-frame';
import { ResearchPagesLink } from '../keyword-research/research-pages-link';
import { OverviewPanel, PanelBody } from '../../shared/ui/panel';
import { QueryContent } from '../../shared/ui/query-content';
import { AddKeywordsForm } from './add-keywords-form';
import { MoversPanel } from './movers-panel';
import { organicRankingApi, organicRankingKeys, type RankingScope } from './organic-ranking-api';
import { organicRankingFailure } from './organic-ranking-messages';
import { TrackedKeywordsTable } from './tracked-keywords-table';

const RankHistoryChart = lazy(() => import('./rank-history-chart'));

const HISTORY_DAYS = 30;
const DEFAULT_STOREFRONT = 'us';

function useOwnApps() {
  const apps = useQuery({ queryKey: overviewKeys.ownApps, queryFn: overviewApi.ownApps });
  // An app promoted from several ad accounts is one app here.
  const distinct = useMemo(
    () => [...new Map((apps.data ?? []).map((app) => [String(app.adamId), app])).values()],
    [apps.data],
  );
  return { query: apps, apps: distinct };
}

export default function OrganicRankingPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canWrite = hasPermission(useSession(), 'keywordAnalysis.write');
  const own = useOwnApps();
  const [chosenApp, setChosenApp] = useState<string | null>(null);
  const [location, setLocation] = useState(DEFAULT_STOREFRONT);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [moverDays, setMoverDays] = useState(7);
  const app = own.apps.find((a) => String(a.adamId) === chosenApp) ?? own.apps[0];
  const scope: RankingScope = { adamId: app?.adamId ?? 0, location };
  const enabled = app !== undefined;

  const tracked = useQuery({
    queryKey: organicRankingKeys.tracked(scope),
    queryFn: () => organicRankingApi.tracked(scope),
    enabled,
  });
  const movers = useQuery({
    queryKey: organicRankingKeys.movers(scope, moverDays),
    queryFn: () => organicRankingApi.movers(scope, moverDays),
    enabled,
  });
  const selected = tracked.data?.find((row) => row.id === selectedId) ?? null;
  const history = useQuery({
    queryKey: organicRankingKeys.history(selectedId ?? '', HISTORY_DAYS),
    queryFn: () => organicRankingApi.history(selectedId!, HISTORY_DAYS),
    enabled: selected !== null,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: organicRankingKeys.all });
  const track = useMutation({
    mutationFn: (terms: string[]) => organicRankingApi.track(scope, terms),
    onSuccess: (rows) => {
      notifySuccess(t('organicRanking.add.done', { number: rows.length }));
      void refresh();
    },
    onError: (error) => notifyError(organicRankingFailure(error)),
  });
  const untrack = useMutation({
    mutationFn: (row: TrackedKeywordRow) => organicRankingApi.untrack([row.id]),
    onSuccess: () => {
      notifySuccess(t('organicRanking.removed'));
      setSelectedId(null);
      void refresh();
    },
    onError: (error) => notifyError(organicRankingFailure(error)),
  });

  async function confirmRemove(row: TrackedKeywordRow) {
    const confirmed = await confirm({
      title: t('organicRanking.removeTitle'),
      message: t('organicRanking.removeMessage', { term: row.term }),
      icon: 1,
      okLabel: t('organicRanking.remove'),
    });
    if (confirmed) untrack.mutate(row);
  }

  const regionNames = new Intl.DisplayNames([i18n.resolvedLanguage ?? 'en'], { type: 'region' });
  const storefronts = RESEARCH_STOREFRONTS.map((code) => ({
    value: code,
    label: regionNames.of(code.toUpperCase()) ?? code,
  })).sort((a, b) => a.label.localeCompare(b.label));

  return (
    <PageFrame title={t('organicRanking.title')} actions={<ResearchPagesLink to="analysis" />}>
      <PanelBody query={own.query} skeletonHeight={60}>
        {() =>
          app === undefined ? (
            <Text c="dimmed" data-testid="no-own-apps">
              {t('organicRanking.noApps')}
            </Text>
          ) : (
            <Stack gap="lg">
              <Group gap="md" align="flex-end">
                <Select
                  label={t('organicRanking.app')}
                  w={320}
                  allowDeselect={false}
                  data={own.apps.map((a) => ({ value: String(a.adamId), label: a.name }))}
                  value={String(app.adamId)}
                  onChange={(value) => {
                    setChosenApp(value);
                    setSelectedId(null);
                  }}
                />
                <Select
                  label={t('organicRanking.storefront')}
                  w={240}
                  searchable
                  allowDeselect={false}
                  data={storefronts}
                  value={location}
                  onChange={(value) => {
                    if (value) setLocation(value);
                    setSelectedId(null);
                  }}
                />
              </Group>
              <Grid>
                <Grid.Col span={{ base: 12, lg: 8 }}>
                  <Paper withBorder p="md">
                    <Stack gap="sm">
                      <Title order={2} size="h4">
                        {t('organicRanking.tracked')}
                      </Title>
                      <QueryContent query={tracked} emptyText={t('organicRanking.empty')}>
                        {(rows) => (
                          <TrackedKeywordsTable
                            rows={rows}
                            selectedId={selectedId}
                            canWrite={canWrite}
                            onSelect={(row) => setSelectedId(row.id)}
                            onRemove={(row) => void confirmRemove(row)}
                          />
                        )}
                      </QueryContent>
                    </Stack>
                  </Paper>
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 4 }}>
                  <Stack gap="lg">
                    <Paper withBorder p="md">
                      {!canWrite && (
                        <Text size="sm" c="dimmed" mb="xs">
                          {t('organicRanking.readOnly')}
                        </Text>
                      )}
                      <AddKeywordsForm
                        disabled={!canWrite}
                        pending={track.isPending}
                        onSubmit={(terms) => track.mutateAsync(terms)}
                      />
                    </Paper>
                    <MoversPanel query={movers} days={moverDays} onDaysChange={setMoverDays} />
                  </Stack>
                </Grid.Col>
              </Grid>
              {selected && (
                <OverviewPanel
                  title={t('organicRanking.history.title', { term: selected.term })}
                  query={history}
                  testId="rank-history"
                  skeletonHeight={280}
                >
                  {(points) => (
                    <Suspense fallback={<Skeleton height={280} />}>
                      <RankHistoryChart points={points} currency={app.currency} />
                    </Suspense>
                  )}
                </OverviewPanel>
              )}
            </Stack>
          )
        }
      </PanelBody>
    </PageFrame>
  );
}
