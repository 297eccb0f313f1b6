// Every panel's query, started together as soon as the app and period are known, so the panels
// load in parallel and each shows its own state. Keys carry the app and the period.
import {
  BREAKDOWN_DIMENSIONS,
  METRICS,
  type BreakdownDimension,
  type BreakdownRow,
  type GoalMetricKey,
  type MetricKey,
  type OverviewReport,
  type SeriesGranularity,
} from '@tapwise/contracts';
import {
  queryOptions,
  useQueries,
  useQuery,
  useQueryClient,
  type FetchQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  overviewApi,
  overviewKeys,
  type OverviewScope,
  type OwnApp,
  type TopEntityKind,
} from './overview-api';

export interface TopSort {
  /** A goal metric only while a goal is picked. */
  param: MetricKey | GoalMetricKey;
  sortDesc: boolean;
}

export const DEFAULT_TOP_SORT: TopSort = { param: 'spend', sortDesc: true };

/** The sorts with any goal metric back to the default: for when no goal is picked. */
export function withoutGoalSorts(
  sorts: Record<TopEntityKind, TopSort>,
): Record<TopEntityKind, TopSort> {
  const plain = (sort: TopSort) => (sort.param in METRICS ? sort : DEFAULT_TOP_SORT);
  return { keywords: plain(sorts.keywords), adGroups: plain(sorts.adGroups) };
}

export interface PanelSettings {
  granularity: SeriesGranularity;
  topSort: Record<TopEntityKind, TopSort>;
  /** The goal picked: the top lists carry its counts. */
  goalId?: string | null;
}

/** Stands in for the scope while there is none; queries are disabled then. */
const NO_SCOPE: OverviewScope = {
  adAccountId: 0,
  adamId: 0,
  currdate: { start: '', end: '' },
  prevdate: { start: '', end: '' },
  until: null,
};

function panelQueries(scope: OverviewScope, settings: PanelSettings) {
  const top = (kind: TopEntityKind) => {
    const { param, sortDesc } = settings.topSort[kind];
    return queryOptions({
      queryKey: overviewKeys.top(kind, scope, param, sortDesc, settings.goalId ?? null),
      queryFn: () => overviewApi.top(kind, scope, param, sortDesc, settings.goalId ?? null),
    });
  };
  return {
    totals: queryOptions({
      queryKey: overviewKeys.totals(scope),
      queryFn: () => overviewApi.totals(scope),
    }),
    series: queryOptions({
      queryKey: overviewKeys.series(scope, settings.granularity),
      queryFn: () => overviewApi.series(scope, settings.granularity),
    }),
    topKeywords: top('keywords'),
    topAdGroups: top('adGroups'),
    breakdowns: BREAKDOWN_DIMENSIONS.map((dimension) =>
      queryOptions({
        queryKey: overviewKeys.breakdown(dimension, scope),
        queryFn: () => overviewApi.breakdown(dimension, scope),
      }),
    ),
  };
}

export function useOverviewPanels(scope: OverviewScope | null, settings: PanelSettings) {
  const queryClient = useQueryClient();
  const options = panelQueries(scope ?? NO_SCOPE, settings);
  const enabled = scope !== null;
  if (scope) {
    // Every panel's request starts during this render, as usePrefetchQuery does, rather than
    // after the whole page has committed; the queries below then take over the requests.
    for (const panel of [
      options.totals,
      options.series,
      options.topKeywords,
      options.topAdGroups,
      ...options.breakdowns,
    ] as const) {
      if (!queryClient.getQueryState(panel.queryKey)) {
        void queryClient.prefetchQuery(panel as FetchQueryOptions);
      }
    }
  }
  const totals = useQuery({ ...options.totals, enabled });
  const series = useQuery({ ...options.series, enabled });
  const topKeywords = useQuery({ ...options.topKeywords, enabled });
  const topAdGroups = useQuery({ ...options.topAdGroups, enabled });
  const breakdownList = useQueries({
    queries: options.breakdowns.map((breakdown) => ({ ...breakdown, enabled })),
  });
  const breakdowns = Object.fromEntries(
    BREAKDOWN_DIMENSIONS.map((dimension, index) => [dimension, breakdownList[index]!]),
  ) as Record<BreakdownDimension, UseQueryResult<BreakdownRow[]>>;
  return { totals, series, topKeywords, topAdGroups, breakdowns };
}

export type OverviewPanels = ReturnType<typeof useOverviewPanels>;

/** Everything the page shows, once every panel has its data; null until then. */
export function overviewReport(
  app: OwnApp,
  granularity: SeriesGranularity,
  panels: OverviewPanels,
): OverviewReport | null {
  const { totals, series, topKeywords, topAdGroups } = panels;
  if (!totals.data || !series.data || !topKeywords.data || !topAdGroups.data) return null;
  const breakdowns: Partial<Record<BreakdownDimension, BreakdownRow[]>> = {};
  for (const dimension of BREAKDOWN_DIMENSIONS) {
    const rows = panels.breakdowns[dimension].data;
    if (!rows) return null;
    breakdowns[dimension] = rows;
  }
  return {
    appName: app.name,
    totals: totals.data,
    granularity,
    series: series.data,
    topKeywords: topKeywords.data,
    topAdGroups: topAdGroups.data,
    breakdowns: breakdowns as Record<BreakdownDimension, BreakdownRow[]>,
  };
}
