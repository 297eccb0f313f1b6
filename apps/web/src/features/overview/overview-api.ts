// The overview's GraphQL operations (spec 2 §7.3 Overview, presets and exportReport), each
// guarded on the server by overview.read. Ids and counts travel as Float: Apple's ids and sums
// exceed 32 bits.
import {
  METRIC_COUNT_FIELDS,
  OVERVIEW_GENDER_CODE_BY_QUERY,
  OWN_APPS_DEFAULT_AT,
  type AppScope,
  type BreakdownDimension,
  type BreakdownRow,
  type ChartPresetInput,
  type DateRange,
  type ExportReportInput,
  type OverviewXlsxInput,
  type GoalMetricKey,
  type MetricKey,
  type OverviewPresetInput,
  type OverviewTotals,
  type SeriesGranularity,
  type SeriesPoint,
  type TopEntityRow,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';
import { apiBlob } from '../../shared/api/http';

/** An app with synced campaigns in one ad account: what the app selector offers. */
export interface OwnApp extends AppScope {
  name: string;
  adAccountName: string;
  currency: string;
  timeZone: string;
}

export interface ChartPreset extends ChartPresetInput {
  id: string;
}

export interface OverviewPreset {
  id: string;
  name: string;
  period: string;
  adAccountId: number | null;
  adamId: number | null;
}

/** What every panel query is about: one app over one period, compared with the one before. */
export interface OverviewScope extends AppScope {
  currdate: DateRange;
  prevdate: DateRange;
  /** For a period still running: the UTC hour its data runs until (resolvePeriod's `until`). */
  until: string | null;
}

export type TopEntityKind = 'keywords' | 'adGroups';

const COUNTS = `{ ${METRIC_COUNT_FIELDS.join(' ')} }`;
const ENTITY_ROW = `id name campaignId campaignName adGroupId matchType counts ${COUNTS}`;
const GOAL_COUNTS = '{ goals goalsRevenueMicros attrInstalls }';
const BREAKDOWN_ROW = `value counts ${COUNTS} previous ${COUNTS}`;

function overviewInput(scope: OverviewScope) {
  const { adAccountId, adamId, currdate, prevdate, until } = scope;
  return { adAccountId, adamId, currdate, prevdate, ...(until ? { until } : {}) };
}

const BREAKDOWN_QUERIES: Record<BreakdownDimension, string> = {
  gender: `query GenderOverview($input: OverviewInput!, $gender: String!) {
    rows: getOverviewForApp(input: $input, gender: $gender) { ${BREAKDOWN_ROW} } }`,
  deviceClass: `query DeviceOverview($input: OverviewInput!, $gender: String!) {
    rows: getDeviceOverviewForApp(input: $input, gender: $gender) { ${BREAKDOWN_ROW} } }`,
  placement: `query PlacementOverview($input: OverviewInput!) {
    rows: getPlacementOverviewForApp(input: $input) { ${BREAKDOWN_ROW} } }`,
  ageRange: `query AgeOverview($input: OverviewInput!) {
    rows: getAgeOverviewForApp(input: $input) { ${BREAKDOWN_ROW} } }`,
  countryOrRegion: `query MapOverview($input: OverviewInput!) {
    rows: getMapOverview(input: $input) { ${BREAKDOWN_ROW} } }`,
};

/** The spec's gender codes name the gender (MF) and device (PH) splits. */
const BREAKDOWN_GENDER_CODES: Partial<Record<BreakdownDimension, string>> = {
  gender: OVERVIEW_GENDER_CODE_BY_QUERY.getOverviewForApp,
  deviceClass: OVERVIEW_GENDER_CODE_BY_QUERY.getDeviceOverviewForApp,
};

export const overviewKeys = {
  all: ['overview'] as const,
  ownApps: ['overview', 'ownApps'] as const,
  totals: (scope: OverviewScope) => ['overview', 'totals', scope] as const,
  series: (scope: OverviewScope, granularity: SeriesGranularity) =>
    ['overview', 'series', scope, granularity] as const,
  top: (
    kind: TopEntityKind,
    scope: OverviewScope,
    param: MetricKey | GoalMetricKey,
    sortDesc: boolean,
    goalId: string | null = null,
  ) => ['overview', 'top', kind, scope, param, sortDesc, goalId] as const,
  breakdown: (dimension: BreakdownDimension, scope: OverviewScope) =>
    ['overview', 'breakdown', dimension, scope] as const,
  chartPresets: ['overview', 'chartPresets'] as const,
  overviewPresets: ['overview', 'overviewPresets'] as const,
};

export const overviewApi = {
  ownApps: async () =>
    (
      await graphqlRequest<{ getOwnAppsFromDB: OwnApp[] }>(
        `query OwnApps($at: Int) {
          getOwnAppsFromDB(at: $at) { adAccountId adamId name adAccountName currency timeZone }
        }`,
        { at: OWN_APPS_DEFAULT_AT },
      )
    ).getOwnAppsFromDB,

  totals: async (scope: OverviewScope) =>
    (
      await graphqlRequest<{ getOverviewAloneForApp: OverviewTotals }>(
        `query OverviewTotals($input: OverviewInput!) {
          getOverviewAloneForApp(input: $input) {
            currdate { start end } prevdate { start end } currency dailyFrom comparedUntil
            current ${COUNTS} previous ${COUNTS}
          }
        }`,
        { input: overviewInput(scope) },
      )
    ).getOverviewAloneForApp,

  series: async (scope: OverviewScope, granularity: SeriesGranularity) =>
    (
      await graphqlRequest<{ getOverviewSeries: SeriesPoint[] }>(
        `query OverviewSeries($input: OverviewSeriesInput!) {
          getOverviewSeries(input: $input) { date counts ${COUNTS} }
        }`,
        {
          input: {
            adAccountId: scope.adAccountId,
            adamId: scope.adamId,
            currdate: scope.currdate,
            granularity,
          },
        },
      )
    ).getOverviewSeries,

  top: async (
    kind: TopEntityKind,
    scope: OverviewScope,
    param: MetricKey | GoalMetricKey,
    sortDesc: boolean,
    goalId: string | null = null,
  ) => {
    const field = kind === 'keywords' ? 'getTopKeywords' : 'getTopAdGroups';
    const row = goalId ? `${ENTITY_ROW} goalCounts ${GOAL_COUNTS}` : ENTITY_ROW;
    const result = await graphqlRequest<{ rows: TopEntityRow[] }>(
      `query TopEntities($input: TopEntitiesInput!) { rows: ${field}(input: $input) { ${row} } }`,
      {
        input: {
          adAccountId: scope.adAccountId,
          adamId: scope.adamId,
          param,
          period: scope.currdate,
          sortDesc,
          ...(goalId ? { goalId } : {}),
        },
      },
    );
    return result.rows;
  },

  breakdown: async (dimension: BreakdownDimension, scope: OverviewScope) => {
    const gender = BREAKDOWN_GENDER_CODES[dimension];
    const result = await graphqlRequest<{ rows: BreakdownRow[] }>(BREAKDOWN_QUERIES[dimension], {
      input: overviewInput(scope),
      ...(gender ? { gender } : {}),
    });
    return result.rows;
  },

  chartPresets: async () =>
    (
      await graphqlRequest<{ fetchChartPresets: ChartPreset[] }>(
        'query ChartPresets { fetchChartPresets { id name metrics granularity } }',
      )
    ).fetchChartPresets,

  saveChartPreset: async (input: ChartPresetInput) =>
    (
      await graphqlRequest<{ saveChartPreset: ChartPreset }>(
        `mutation SaveChartPreset($name: String!, $metrics: [String!]!, $granularity: String!) {
          saveChartPreset(name: $name, metrics: $metrics, granularity: $granularity) {
            id name metrics granularity
          }
        }`,
        { ...input },
      )
    ).saveChartPreset,

  deleteChartPreset: (id: string) =>
    graphqlRequest('mutation DeleteChartPreset($id: ID!) { deleteChartPreset(id: $id) }', { id }),

  overviewPresets: async () =>
    (
      await graphqlRequest<{ fetchOverviewPresets: OverviewPreset[] }>(
        'query OverviewPresets { fetchOverviewPresets { id name period adAccountId adamId } }',
      )
    ).fetchOverviewPresets,

  saveOverviewPreset: async (input: OverviewPresetInput) =>
    (
      await graphqlRequest<{ saveOverviewPreset: OverviewPreset }>(
        `mutation SaveOverviewPreset($name: String!, $period: String!, $adAccountId: Float, $adamId: Float) {
          saveOverviewPreset(name: $name, period: $period, adAccountId: $adAccountId, adamId: $adamId) {
            id name period adAccountId adamId
          }
        }`,
        { ...input },
      )
    ).saveOverviewPreset,

  deleteOverviewPreset: (id: string) =>
    graphqlRequest('mutation DeleteOverviewPreset($id: ID!) { deleteOverviewPreset(id: $id) }', {
      id,
    }),

  exportReport: async (input: ExportReportInput) =>
    (
      await graphqlRequest<{ exportReport: { successMessage: string } }>(
        `mutation ExportReport($filter: OverviewInput!, $receiverMail: String!, $reportDatasets: [String!]!, $format: String) {
          exportReport(filter: $filter, receiverMail: $receiverMail, reportDatasets: $reportDatasets, format: $format) {
            successMessage
          }
        }`,
        { ...input },
      )
    ).exportReport,
  /** The mailed report's XLSX (a sheet per dataset), downloaded at once. */
  downloadXlsx: (input: OverviewXlsxInput) =>
    apiBlob('/v1/api/overview/export.xlsx', { method: 'POST', body: input }),
};
