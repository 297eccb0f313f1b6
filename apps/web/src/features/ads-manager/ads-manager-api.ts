// The ads manager's GraphQL operations (spec 2 §7.3 Reports, Lookups, Presets and views), each
// guarded on the server by adsManager.read. Ids and counts travel as Float.
import {
  METRIC_COUNT_FIELDS,
  REPORT_LEVEL_OPERATIONS,
  type AdsManagerTab,
  type CustomView,
  type CustomViewInput,
  type ReportLevel,
  type ReportPage,
  type ReportQuery,
  type SeriesGranularity,
  type ReportSeriesPoint,
  type TablePreset,
  type TablePresetInput,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

/** An app with its ad account: names for the breadcrumbs, the time zone for the period. */
export interface AppWithOrg {
  adamId: number;
  name: string;
  adAccountId: number;
  adAccountName: string;
  currency: string;
  timeZone: string;
}

export interface CampaignLookup {
  id: number;
  adAccountId: number;
  adamId: number;
  name: string;
}

export interface AdGroupLookup {
  id: number;
  adAccountId: number;
  campaignId: number;
  name: string;
}

const COUNTS = `{ ${METRIC_COUNT_FIELDS.join(' ')} }`;
const ROW = `level id name status displayStatus deleted modificationTime adAccountId campaignId
  adGroupId details counts ${COUNTS}`;
const TOTALS = `totals { byCurrency { currency counts ${COUNTS} }
  converted { currency counts ${COUNTS} unconvertible source } }`;
const GOAL_COUNTS = 'goalCounts { goals goalsRevenueMicros attrInstalls }';
/** With a goal picked, rows and totals carry its counts as well. */
const GOAL_ROW = `rows { ${ROW} ${GOAL_COUNTS} } total totals {
  byCurrency { currency counts ${COUNTS} ${GOAL_COUNTS} }
  converted { currency counts ${COUNTS} ${GOAL_COUNTS} unconvertible source } }`;
const VIEW = 'id name tab pinned updatedAt definition';
const PRESET = 'id name tab columns';

/** The server keeps a view's settings in `definition`; the page works with the flat shape. */
interface StoredView {
  id: string;
  name: string;
  tab: AdsManagerTab;
  pinned: boolean;
  updatedAt: string;
  definition: Omit<CustomView, 'id' | 'name' | 'tab' | 'pinned' | 'updatedAt'>;
}

const flatView = (view: StoredView): CustomView => ({
  ...view.definition,
  id: view.id,
  name: view.name,
  tab: view.tab,
  pinned: view.pinned,
  updatedAt: view.updatedAt,
});

export const adsManagerKeys = {
  all: ['adsManager'] as const,
  report: (level: ReportLevel, query: ReportQuery) =>
    ['adsManager', 'report', level, query] as const,
  series: (level: ReportLevel, query: ReportQuery, granularity: SeriesGranularity) =>
    ['adsManager', 'series', level, query, granularity] as const,
  apps: ['adsManager', 'apps'] as const,
  campaigns: (adAccountId: number) => ['adsManager', 'campaigns', adAccountId] as const,
  adGroups: (adAccountId: number, campaignId: number) =>
    ['adsManager', 'adGroups', adAccountId, campaignId] as const,
  views: (tab: AdsManagerTab) => ['adsManager', 'views', tab] as const,
  tablePresets: (tab: AdsManagerTab) => ['adsManager', 'tablePresets', tab] as const,
};

export const adsManagerApi = {
  report: async (level: ReportLevel, query: ReportQuery) => {
    const field = REPORT_LEVEL_OPERATIONS[level];
    const result = await graphqlRequest<{ page: ReportPage }>(
      `query Report($query: ReportQueryInput!) {
        page: ${field}(query: $query) {
          ${query.goalId ? GOAL_ROW : `rows { ${ROW} } total ${TOTALS}`}
          statusCounts { all live paused deleted draft }
        }
      }`,
      { query },
    );
    return result.page;
  },

  series: async (level: ReportLevel, query: ReportQuery, granularity: SeriesGranularity) =>
    (
      await graphqlRequest<{ adsManagerSeries: ReportSeriesPoint[] }>(
        `query AdsManagerSeries($level: String!, $query: ReportQueryInput!, $granularity: String!) {
          adsManagerSeries(level: $level, query: $query, granularity: $granularity) {
            date currency converted counts ${COUNTS}
          }
        }`,
        { level, query, granularity },
      )
    ).adsManagerSeries,

  apps: async () =>
    (
      await graphqlRequest<{ getAppsWithOrg: AppWithOrg[] }>(
        `query AppsWithOrg {
          getAppsWithOrg { adamId name adAccountId adAccountName currency timeZone }
        }`,
      )
    ).getAppsWithOrg,

  campaigns: async (adAccountId: number) =>
    (
      await graphqlRequest<{ getCampaignsByOrg: CampaignLookup[] }>(
        `query CampaignsByOrg($adAccountId: Float!) {
          getCampaignsByOrg(adAccountId: $adAccountId) { id adAccountId adamId name }
        }`,
        { adAccountId },
      )
    ).getCampaignsByOrg,

  adGroups: async (adAccountId: number, campaignId: number) =>
    (
      await graphqlRequest<{ getAdGroupsByCampaigns: AdGroupLookup[] }>(
        `query AdGroupsByCampaigns($adAccountId: Float!, $campaignIds: [Float!]!) {
          getAdGroupsByCampaigns(adAccountId: $adAccountId, campaignIds: $campaignIds) {
            id adAccountId campaignId name
          }
        }`,
        { adAccountId, campaignIds: [campaignId] },
      )
    ).getAdGroupsByCampaigns,

  views: async (tab: AdsManagerTab) =>
    (
      await graphqlRequest<{ fetchCustomView: StoredView[] }>(
        `query CustomViews($tab: String!) { fetchCustomView(tab: $tab) { ${VIEW} } }`,
        { tab },
      )
    ).fetchCustomView.map(flatView),

  saveView: async (input: CustomViewInput) =>
    flatView(
      (
        await graphqlRequest<{ saveCustomView: StoredView }>(
          `mutation SaveCustomView($input: CustomViewInput!) {
            saveCustomView(input: $input) { ${VIEW} }
          }`,
          { input },
        )
      ).saveCustomView,
    ),

  deleteView: (id: string) =>
    graphqlRequest('mutation DeleteCustomView($id: String!) { deleteCustomView(id: $id) }', { id }),

  resetPinnedView: (tab: AdsManagerTab) =>
    graphqlRequest('mutation ResetPinnedView($tab: String!) { resetPinnedStatusView(tab: $tab) }', {
      tab,
    }),

  tablePresets: async (tab: AdsManagerTab) =>
    (
      await graphqlRequest<{ fetchTablePresets: TablePreset[] }>(
        `query TablePresets($tab: String!) { fetchTablePresets(tab: $tab) { ${PRESET} } }`,
        { tab },
      )
    ).fetchTablePresets,

  saveTablePreset: async (input: TablePresetInput) =>
    (
      await graphqlRequest<{ saveTablePreset: TablePreset }>(
        `mutation SaveTablePreset($input: TablePresetInput!) {
          saveTablePreset(input: $input) { ${PRESET} }
        }`,
        { input },
      )
    ).saveTablePreset,

  deleteTablePreset: (id: string) =>
    graphqlRequest('mutation DeleteTablePreset($id: String!) { deleteTablePreset(id: $id) }', {
      id,
    }),
};
