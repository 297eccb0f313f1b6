// Saved views, table presets and lookups of the ads manager through the real API: views are
// saved and replaced by name, pinning one unpins the others, reset unpins all, and each member
// reads and deletes only their own; lookups answer the company's own entities only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { saveEntities } from '../ads-data/ads-data.repository';
import { seedCampaign } from '../analytics/overview-factories';
import {
  seedAdsManagerAccount,
  writeAccountFacts,
  type SeededAccount,
} from './ads-manager-factories';

let server: TestServer;
let admin: Session;
let readOnly: Session;
let colleague: Session;
let otherCompany: Session;
let account: SeededAccount;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  const company = await createCompany(db);
  const signIn = async (teamId: string, options: Parameters<typeof createMember>[2]) => {
    const member = await createMember(db, teamId, options);
    return api.signIn(member.email, member.password);
  };
  admin = await signIn(company.id, { role: 'ADMIN' });
  readOnly = await signIn(company.id, { isReadOnly: true });
  colleague = await signIn(company.id, {});
  account = await seedAdsManagerAccount(
    db,
    company.id,
    [{ text: 'photo', status: 'ENABLED', deleted: false, matchType: 'EXACT', bidMicros: 1 }],
    'Lookup app',
  );
  await writeAccountFacts(db, account, [
    {
      keywordId: account.keywordId,
      grain: 'DAILY',
      date: '2025-03-01',
      counts: { ...zero, impressions: 10, localSpendMicros: 7_000_000 },
    },
  ]);
  await seedCampaign(db, company.id, {
    adAccountId: account.adAccountId,
    id: account.campaignId + 1,
    adamId: account.adamId,
    name: 'Old Paused',
  });
  await saveEntities(db, company.id, 'campaigns', [
    {
      adAccountId: account.adAccountId,
      id: account.campaignId + 1,
      adamId: account.adamId,
      name: 'Old Paused',
      status: 'PAUSED',
      deleted: false,
      modificationTime: null,
      displayStatus: 'PAUSED',
      servingStateReasons: [],
      dailyBudgetMicros: null,
      currency: 'USD',
      countriesOrRegions: ['GB', 'DE'],
      supplySources: [],
      startTime: new Date('2024-05-06T07:00:00Z'),
      endTime: null,
    },
  ]);
  const other = await createCompany(db);
  otherCompany = await signIn(other.id, { role: 'ADMIN' });
});
afterAll(async () => {
  await server?.close();
});

const zero = {
  impressions: 0,
  taps: 0,
  tapInstalls: 0,
  viewInstalls: 0,
  totalInstalls: 0,
  tapNewDownloads: 0,
  tapRedownloads: 0,
  viewNewDownloads: 0,
  viewRedownloads: 0,
  localSpendMicros: 0,
};

async function call<Data>(session: Session, text: string, variables = {}) {
  return apiClient(server.url).graphql<Data>(text, variables, session);
}
async function data<Data>(session: Session, text: string, variables = {}): Promise<Data> {
  const answer = await call<Data>(session, text, variables);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
}

interface View {
  id: string;
  name: string;
  tab: string;
  pinned: boolean;
  updatedAt: string;
  definition: Record<string, unknown>;
}
const VIEW = 'id name tab pinned updatedAt definition';
const save = (session: Session, input: Record<string, unknown>) =>
  data<{ saveCustomView: View }>(
    session,
    `mutation($input: CustomViewInput!) { saveCustomView(input: $input) { ${VIEW} } }`,
    {
      input: {
        tab: 'keywords',
        chartMetrics: ['spend'],
        granularity: 'DAY',
        columns: ['name', 'spend'],
        sortBy: 'spend',
        sortDesc: true,
        ...input,
      },
    },
  ).then((answer) => answer.saveCustomView);
const views = (session: Session, tab = 'keywords') =>
  data<{ fetchCustomView: View[] }>(
    session,
    `query($tab: String!) { fetchCustomView(tab: $tab) { ${VIEW} } }`,
    { tab },
  ).then((answer) => answer.fetchCustomView);

describe('custom views', () => {
  it('saves a view and replaces it when saved again under the same name', async () => {
    const first = await save(admin, { name: 'Top spend', filter: { statusTab: 'live' } });
    expect(first.definition).toEqual({
      chartMetrics: ['spend'],
      granularity: 'DAY',
      columns: ['name', 'spend'],
      filter: { statusTab: 'live', metrics: [] },
      sortBy: 'spend',
      sortDesc: true,
    });
    const again = await save(admin, { name: 'Top spend', sortBy: 'ttr', sortDesc: false });
    expect(again.id).toBe(first.id);
    expect(await views(admin)).toEqual([
      expect.objectContaining({
        id: first.id,
        definition: expect.objectContaining({ sortBy: 'ttr' }),
      }),
    ]);
    const renamed = await save(admin, { id: first.id, name: 'Cheap taps', sortBy: 'avgCpt' });
    expect(renamed).toMatchObject({ id: first.id, name: 'Cheap taps' });
    expect((await views(admin)).map((view) => view.name)).toEqual(['Cheap taps']);
  });

  it('pins one view of a tab, unpinning the others, and reset unpins all', async () => {
    const a = await save(admin, { name: 'Pinned A', tab: 'campaigns', pinned: true });
    const b = await save(admin, { name: 'Pinned B', tab: 'campaigns', pinned: true });
    const keywordView = await save(admin, { name: 'Keyword pin', pinned: true });
    const pinned = (list: View[]) => list.filter((view) => view.pinned).map((view) => view.id);
    expect(pinned(await views(admin, 'campaigns'))).toEqual([b.id]);
    expect(a.pinned).toBe(true);
    const reset = await data<{ resetPinnedStatusView: boolean }>(
      admin,
      'mutation { resetPinnedStatusView(tab: "campaigns") }',
    );
    expect(reset.resetPinnedStatusView).toBe(true);
    expect(pinned(await views(admin, 'campaigns'))).toEqual([]);
    expect(pinned(await views(admin))).toEqual([keywordView.id]);
  });

  it('lets a read-only member keep views; each member sees only their own', async () => {
    const own = await save(readOnly, { name: 'Read-only view' });
    expect((await views(readOnly)).map((view) => view.id)).toEqual([own.id]);
    expect(await views(colleague)).toEqual([]);
    expect(await views(otherCompany)).toEqual([]);
  });

  it("deletes only the caller's own view", async () => {
    const view = await save(admin, { name: 'To delete' });
    const deleteView = (session: Session) =>
      call<{ deleteCustomView: boolean }>(
        session,
        'mutation($id: String!) { deleteCustomView(id: $id) }',
        { id: view.id },
      );
    for (const stranger of [colleague, otherCompany, readOnly]) {
      const refused = await deleteView(stranger);
      expect(refused.errors?.[0]?.message).toBe('No such view.');
    }
    const replaced = await call(
      admin,
      `mutation($input: CustomViewInput!) {
      saveCustomView(input: $input) { id } }`,
      {
        input: {
          id: view.id,
          name: 'x',
          tab: 'keywords',
          chartMetrics: ['spend'],
          granularity: 'DAY',
          columns: [],
          sortBy: 'spend',
          sortDesc: true,
        },
      },
    );
    expect(replaced.errors).toBeUndefined();
    const byOther = await call(
      otherCompany,
      `mutation($input: CustomViewInput!) {
      saveCustomView(input: $input) { id } }`,
      {
        input: {
          id: view.id,
          name: 'stolen',
          tab: 'keywords',
          chartMetrics: ['spend'],
          granularity: 'DAY',
          columns: [],
          sortBy: 'spend',
          sortDesc: true,
        },
      },
    );
    expect(byOther.errors?.[0]?.message).toBe('No such view.');
    expect((await deleteView(admin)).data).toEqual({ deleteCustomView: true });
    expect((await views(admin)).map((entry) => entry.id)).not.toContain(view.id);
  });

  it('refuses a view with an unknown metric', async () => {
    const answer = await call(
      admin,
      `mutation { saveCustomView(input: { name: "Bad", tab: "keywords",
      chartMetrics: ["nope"], granularity: "DAY", columns: [], sortBy: "spend", sortDesc: true }) { id } }`,
    );
    expect(answer.errors?.length).toBeGreaterThan(0);
  });
});

describe('table presets', () => {
  it('saves, replaces by name, lists per tab and deletes only its own', async () => {
    const saveQuery = `mutation($input: TablePresetInput!) { saveTablePreset(input: $input) { id name tab columns } }`;
    const first = await data<{ saveTablePreset: { id: string } }>(admin, saveQuery, {
      input: { name: 'Money', tab: 'keywords', columns: ['spend', 'avgCpt'] },
    });
    const again = await data<{ saveTablePreset: { id: string; columns: string[] } }>(
      admin,
      saveQuery,
      {
        input: { name: 'Money', tab: 'keywords', columns: ['spend'] },
      },
    );
    expect(again.saveTablePreset).toMatchObject({
      id: first.saveTablePreset.id,
      columns: ['spend'],
    });
    const list = await data<{ fetchTablePresets: { id: string }[] }>(
      admin,
      'query { fetchTablePresets(tab: "keywords") { id name columns } }',
    );
    expect(list.fetchTablePresets).toEqual([
      { id: first.saveTablePreset.id, name: 'Money', columns: ['spend'] },
    ]);
    const remove = (session: Session) =>
      call(session, 'mutation($id: String!) { deleteTablePreset(id: $id) }', {
        id: first.saveTablePreset.id,
      });
    expect((await remove(otherCompany)).errors?.length).toBeGreaterThan(0);
    expect((await remove(admin)).data).toEqual({ deleteTablePreset: true });
  });
});

describe('lookups', () => {
  it("answers the company's apps, campaigns, ad groups and countries", async () => {
    const answer = await data<Record<string, unknown>>(
      readOnly,
      `query($account: Float!, $adamId: Float!, $campaigns: [Float!]!) {
        apps: getAppsWithOrg { adamId name adAccountId currency timeZone }
        appsOfOrg: getAppsByOrg(adAccountId: $account) { adamId }
        campaigns: getCampaignsByOrg(adAccountId: $account) { id name status deleted }
        ofApp: getCampaignsByApp(adAccountId: $account, adamId: $adamId) { id }
        adGroups: getAdGroupsByCampaigns(adAccountId: $account, campaignIds: $campaigns) { id campaignId }
        countries: countriesForApp(adAccountId: $account, adamId: $adamId)
        grouped: getCampaignsGroupedByStatus(adAccountId: $account) { statusTab campaigns { id } }
        withCampaigns: getAppsListWithCampaigns { adamId campaigns { id } }
        top: getTopAppBySpend(period: { start: "2025-03-01", end: "2025-03-31" }) { adamId name spendMicros }
        none: getTopAppBySpend(period: { start: "2024-03-01", end: "2024-03-31" }) { adamId }
        oldest: checkOldestCampaignDate(adAccountId: $account)
        exists: doesCampaignExist(adAccountId: $account, name: "old paused")
        missing: doesCampaignExist(adAccountId: $account, name: "Nothing like it")
      }`,
      { account: account.adAccountId, adamId: account.adamId, campaigns: [account.campaignId] },
    );
    expect(answer).toEqual({
      apps: [
        {
          adamId: account.adamId,
          name: 'Lookup app',
          adAccountId: account.adAccountId,
          currency: 'USD',
          timeZone: 'America/Los_Angeles',
        },
      ],
      appsOfOrg: [{ adamId: account.adamId }],
      campaigns: [
        {
          id: account.campaignId,
          name: 'Lookup app – Brand – US',
          status: 'ENABLED',
          deleted: false,
        },
        { id: account.campaignId + 1, name: 'Old Paused', status: 'PAUSED', deleted: false },
      ],
      ofApp: [{ id: account.campaignId }, { id: account.campaignId + 1 }],
      adGroups: [{ id: account.adGroupId, campaignId: account.campaignId }],
      countries: ['DE', 'GB', 'US'],
      grouped: [
        { statusTab: 'live', campaigns: [{ id: account.campaignId }] },
        { statusTab: 'paused', campaigns: [{ id: account.campaignId + 1 }] },
        { statusTab: 'deleted', campaigns: [] },
      ],
      withCampaigns: [
        {
          adamId: account.adamId,
          campaigns: [{ id: account.campaignId }, { id: account.campaignId + 1 }],
        },
      ],
      top: { adamId: account.adamId, name: 'Lookup app', spendMicros: 7_000_000 },
      none: null,
      oldest: '2024-05-06',
      exists: true,
      missing: false,
    });
  });

  it('answers another company nothing of the account, even given its ids', async () => {
    const answer = await data<Record<string, unknown>>(
      otherCompany,
      `query($account: Float!, $adamId: Float!, $campaigns: [Float!]!) {
        apps: getAppsWithOrg { adamId }
        campaigns: getCampaignsByOrg(adAccountId: $account) { id }
        adGroups: getAdGroupsByCampaigns(adAccountId: $account, campaignIds: $campaigns) { id }
        countries: countriesForApp(adAccountId: $account, adamId: $adamId)
        top: getTopAppBySpend(period: { start: "2025-03-01", end: "2025-03-31" }) { adamId }
        oldest: checkOldestCampaignDate(adAccountId: $account)
        exists: doesCampaignExist(adAccountId: $account, name: "Old Paused")
      }`,
      { account: account.adAccountId, adamId: account.adamId, campaigns: [account.campaignId] },
    );
    expect(answer).toEqual({
      apps: [],
      campaigns: [],
      adGroups: [],
      countries: [],
      top: null,
      oldest: null,
      exists: false,
    });
  });
});
