// The demo company's apps, ad groups and keywords as journeys look them up through GraphQL as the
// signed-in admin, to pick what a journey works on and to check what its screens did.
import type { DemoAdminJourney } from './demo';

type Graphql = DemoAdminJourney['graphql'];

export interface OwnApp {
  adAccountId: number;
  adamId: number;
  name: string;
  adAccountName: string;
}

export interface AdGroup {
  id: number;
  name: string;
  campaignId: number;
  deleted: boolean;
}

const DAY_MS = 86_400_000;

/** The first app the wizard's and the generator's app choice lists (apps with their ad account). */
export async function firstAppWithOrg(graphql: Graphql): Promise<OwnApp> {
  const { getAppsWithOrg: apps } = await graphql<{ getAppsWithOrg: OwnApp[] }>(
    'query { getAppsWithOrg { adamId name adAccountId adAccountName } }',
  );
  return apps[0]!;
}

export async function firstOwnApp(graphql: Graphql): Promise<OwnApp> {
  const { getOwnAppsFromDB: apps } = await graphql<{ getOwnAppsFromDB: OwnApp[] }>(
    'query { getOwnAppsFromDB { adAccountId adamId name adAccountName } }',
  );
  return apps[0]!;
}

/** A live ad group of a live campaign promoting the app, with its campaign. */
export async function liveAdGroupOf(graphql: Graphql, app: OwnApp) {
  const { getCampaignsByApp: campaigns } = await graphql<{
    getCampaignsByApp: { id: number; name: string; deleted: boolean }[];
  }>(
    'query ($a: Float!, $b: Float!) { getCampaignsByApp(adAccountId: $a, adamId: $b) { id name deleted } }',
    { a: app.adAccountId, b: app.adamId },
  );
  const live = campaigns.filter((campaign) => !campaign.deleted);
  const { getAdGroupsByCampaigns: adGroups } = await graphql<{
    getAdGroupsByCampaigns: AdGroup[];
  }>(
    'query ($a: Float!, $ids: [Float!]!) { getAdGroupsByCampaigns(adAccountId: $a, campaignIds: $ids) { id name campaignId deleted } }',
    { a: app.adAccountId, ids: live.map((campaign) => campaign.id) },
  );
  const adGroup = adGroups.find((entry) => !entry.deleted)!;
  return { adGroup, campaign: live.find((campaign) => campaign.id === adGroup.campaignId)! };
}

/** The names of a campaign's ad groups, sorted. */
export async function adGroupNames(
  graphql: Graphql,
  app: Pick<OwnApp, 'adAccountId'>,
  campaignId: number,
): Promise<string[]> {
  const { getAdGroupsByCampaigns: adGroups } = await graphql<{
    getAdGroupsByCampaigns: { name: string }[];
  }>(
    'query ($id: Float!, $campaignIds: [Float!]!) { getAdGroupsByCampaigns(adAccountId: $id, campaignIds: $campaignIds) { name } }',
    { id: app.adAccountId, campaignIds: [campaignId] },
  );
  return adGroups.map((adGroup) => adGroup.name).sort();
}

/** The texts of the ad group's targeting keywords, as the server stores them. */
export async function keywordsOf(graphql: Graphql, adGroupId: number): Promise<string[]> {
  const end = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 29 * DAY_MS).toISOString().slice(0, 10);
  const { targetingKeywordReports } = await graphql<{
    targetingKeywordReports: { rows: { name: string }[] };
  }>(
    'query ($query: ReportQueryInput!) { targetingKeywordReports(query: $query) { rows { name } } }',
    { query: { period: { start, end }, filter: { adGroupIds: [adGroupId] }, limit: null } },
  );
  return targetingKeywordReports.rows.map((row) => row.name);
}
