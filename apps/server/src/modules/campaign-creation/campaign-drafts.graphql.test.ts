// Campaign drafts through the real API on a real database: saved at any step, listed with the
// spec's columns, resumed, replaced and deleted; counted in the ads manager's Draft sub tab;
// refused to read-only members (writes) and invisible to another company.
import { CAMPAIGN_CREATION_MESSAGES, type CampaignDraft } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';

let server: TestServer;
let admin: Session;
let readOnly: Session;
let otherCompany: Session;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const api = apiClient(server.url);
  const company = await createCompany(db, 'Drafts Co');
  const member = await createMember(db, company.id, { role: 'ADMIN' });
  const viewer = await createMember(db, company.id, { isReadOnly: true });
  const other = await createCompany(db, 'Other Co');
  const otherAdmin = await createMember(db, other.id, { role: 'ADMIN' });
  admin = await api.signIn(member.email, member.password);
  readOnly = await api.signIn(viewer.email, viewer.password);
  otherCompany = await api.signIn(otherAdmin.email, otherAdmin.password);
});
afterAll(async () => {
  await server?.close();
});

interface Answer<Data> {
  data?: Data | null;
  errors?: { message: string; extensions?: { error?: string; details?: unknown } }[];
}

const gql = <Data>(query: string, variables: Record<string, unknown>, session = admin) =>
  apiClient(server.url).graphql<Data>(query, variables, session) as Promise<Answer<Data>>;

async function ok<Data>(query: string, variables: Record<string, unknown>, session = admin) {
  const answer = await gql<Data>(query, variables, session);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
}

const DRAFT = 'id placement step values updatedAt';
const SAVE = `mutation($input: JSON!) { saveCampaignDraft(input: $input) { ${DRAFT} } }`;
const GET = `query($id: ID!) { getDraft(id: $id) { ${DRAFT} } }`;
const LIST = `{ getCampaignDrafts { id placement step campaignName countries budgetAmount } }`;
const DELETE = `mutation($id: ID!) { deleteCampaignDraft(id: $id) }`;
const DRAFT_COUNT = `query($q: ReportQueryInput!) {
  campaignReports(query: $q) { statusCounts { all draft } } }`;

const save = async (input: Record<string, unknown>, session = admin) =>
  (await ok<{ saveCampaignDraft: CampaignDraft }>(SAVE, { input }, session)).saveCampaignDraft;

async function draftCount(level = 'campaignReports') {
  const query = DRAFT_COUNT.replace('campaignReports', level);
  const data = await ok<Record<string, { statusCounts: { draft: number } }>>(query, {
    q: { period: { start: '2026-01-01', end: '2026-01-07' } },
  });
  return data[level]!.statusCounts.draft;
}

describe('campaign drafts', () => {
  it('saves a draft at its first step, resumes it and replaces it at a later step', async () => {
    const first = await save({
      placement: 'SEARCH_RESULTS',
      step: 'app',
      values: { adAccountId: 501, adamId: 900 },
    });
    expect(first).toEqual({
      id: expect.any(String),
      placement: 'SEARCH_RESULTS',
      step: 'app',
      values: { adAccountId: 501, adamId: 900 },
      updatedAt: expect.any(String),
    });
    const later = {
      adAccountId: 501,
      adamId: 900,
      campaignName: 'Puzzle  US', // a double space is fine until the campaign is sent
      countries: ['US', 'GB'],
      dailyBudget: '75.50',
      adGroups: [{ name: 'Brand', keywords: [{ text: 'puzzle', matchType: 'EXACT' }] }],
    };
    const replaced = await save({
      id: first.id,
      placement: 'SEARCH_RESULTS',
      step: 'keywords',
      values: later,
    });
    expect(replaced).toMatchObject({ id: first.id, step: 'keywords', values: later });
    const resumed = await ok<{ getDraft: CampaignDraft }>(GET, { id: first.id });
    expect(resumed.getDraft).toEqual(replaced);
    const list = await ok<{ getCampaignDrafts: unknown[] }>(LIST, {});
    expect(list.getCampaignDrafts).toContainEqual({
      id: first.id,
      placement: 'SEARCH_RESULTS',
      step: 'keywords',
      campaignName: 'Puzzle  US',
      countries: ['US', 'GB'],
      budgetAmount: '75.50',
    });
  });

  it('refuses values of the wrong kind with "Unable to save campaign draft" and saves nothing', async () => {
    const before = await ok<{ getCampaignDrafts: unknown[] }>(LIST, {});
    const answer = await gql(SAVE, {
      input: { placement: 'TODAY_TAB', step: 'review', values: { countries: ['usa'] } },
    });
    expect(answer.errors?.[0]).toMatchObject({
      message: CAMPAIGN_CREATION_MESSAGES.draftSaveFailed,
      extensions: {
        error: 'BAD_REQUEST',
        details: { 'values.countries.0': 'validation.countryInvalid' },
      },
    });
    expect(await ok<{ getCampaignDrafts: unknown[] }>(LIST, {})).toEqual(before);
  });

  it('counts the drafts in the Draft sub tab of the campaigns level only', async () => {
    const before = await draftCount();
    const draft = await save({ placement: 'TODAY_TAB', step: 'countries', values: {} });
    expect(await draftCount()).toBe(before + 1);
    expect(await draftCount('adGroupReports')).toBe(0);
    expect(await ok(DELETE, { id: draft.id })).toEqual({ deleteCampaignDraft: true });
    expect(await draftCount()).toBe(before);
    expect(await ok(DELETE, { id: draft.id })).toEqual({ deleteCampaignDraft: false });
    const gone = await gql(GET, { id: draft.id });
    expect(gone.errors?.[0]?.message).toBe(CAMPAIGN_CREATION_MESSAGES.draftNotFound);
  });

  it('lets a read-only member list and open drafts but not save or delete them', async () => {
    const draft = await save({
      placement: 'SEARCH_TAB',
      step: 'adGroup',
      values: { campaignName: 'Tab' },
    });
    expect(
      (await ok<{ getDraft: CampaignDraft }>(GET, { id: draft.id }, readOnly)).getDraft,
    ).toEqual(draft);
    const refused = await gql(
      SAVE,
      { input: { id: draft.id, placement: 'SEARCH_TAB', step: 'review', values: {} } },
      readOnly,
    );
    expect(refused.errors?.[0]?.extensions?.error).toBe('FORBIDDEN');
    const notDeleted = await gql(DELETE, { id: draft.id }, readOnly);
    expect(notDeleted.errors?.[0]?.extensions?.error).toBe('FORBIDDEN');
    expect((await ok<{ getDraft: CampaignDraft }>(GET, { id: draft.id })).getDraft).toEqual(draft);
  });

  it("keeps a company's drafts from another company", async () => {
    const draft = await save({
      placement: 'PRODUCT_PAGES',
      step: 'app',
      values: { campaignName: 'Ours' },
    });
    const read = await gql(GET, { id: draft.id }, otherCompany);
    expect(read.errors?.[0]?.extensions?.error).toBe('NOT_FOUND');
    const overwrite = await gql(
      SAVE,
      { input: { id: draft.id, placement: 'PRODUCT_PAGES', step: 'review', values: {} } },
      otherCompany,
    );
    expect(overwrite.errors?.[0]?.extensions?.error).toBe('NOT_FOUND');
    expect(await ok(DELETE, { id: draft.id }, otherCompany)).toEqual({
      deleteCampaignDraft: false,
    });
    expect(
      (await ok<{ getCampaignDrafts: unknown[] }>(LIST, {}, otherCompany)).getCampaignDrafts,
    ).toEqual([]);
    expect((await ok<{ getDraft: CampaignDraft }>(GET, { id: draft.id })).getDraft).toEqual(draft);
  });
});
