// The ads manager's writes through the real API, a real database and the in-process Apple Ads
// sandbox as Apple: each action is read back from Apple and from the stored copy; refusals
// (Apple's, a newer change in Apple, duplicates, read-only callers, other teams) change nothing.
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import type { AccountClient } from '@tapwise/apple-ads';
import {
  ADS_MANAGER_MESSAGES,
  DATA_REQUEST_CHANNEL_OP_IDS,
  dataRequestChannel,
  ERROR_CODES,
  type BulkActionProgress,
  type ReportRow,
  type WritableLevel,
} from '@tapwise/contracts';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { createCompany, createMember } from '../../platform/testing/factories';
import { startTestServer, type TestServer } from '../../platform/testing/test-server';
import { listActivityLogs } from '../activity-log/activity-log.repository';
import {
  connectSandboxCompany,
  sandboxReader,
  allowingSandbox,
  startTestSandbox,
  waitForSync,
  type ConnectedCompany,
} from '../sync/sync-test-kit';
import { READ_ONLY_APPLE_ROLE } from './apple-write-gateway';
import { findStoredEntity, listLiveKeywords } from './apple-writes.repository';

const ORIGIN = 'https://app.tapwise.test';

let server: TestServer;
let sandbox: Sandbox;
let company: ConnectedCompany;
let readOnlyMember: Session;
let apple: AccountClient;
let adAccountId: number;
/** Campaigns of the sandbox's `new` scenario, each test group on its own. */
let campaignIds: number[];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  server = await startTestServer(
    { ALLOWED_ORIGINS: ORIGIN, ...allowingSandbox(sandbox) },
    { withWorker: true },
  );
  company = await connectSandboxCompany(server, sandbox);
  const run = await waitForSync(server, company.teamId, company.syncId);
  expect(run.status).toBe('DONE');
  const member = await createMember(server.database.db, company.teamId, { isReadOnly: true });
  readOnlyMember = await apiClient(server.url).signIn(member.email, member.password);
  adAccountId = sandbox.accounts()[0]!.id;
  apple = sandboxReader(sandbox).forAccount(adAccountId);
  campaignIds = [];
  for await (const page of apple.campaigns.all()) campaignIds.push(...page.map((c) => c.id));
  campaignIds.sort((a, b) => a - b);
}, 300_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

interface Answer<Data> {
  data?: Data | null;
  errors?: { message: string; extensions?: { code?: number } }[];
}

async function gql<Data>(
  query: string,
  variables: Record<string, unknown>,
  session: Session = company.session,
): Promise<Answer<Data>> {
  return apiClient(server.url).graphql<Data>(query, variables, session);
}

async function ok<Data>(query: string, variables: Record<string, unknown>): Promise<Data> {
  const answer = await gql<Data>(query, variables);
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
}

const stored = <L extends WritableLevel>(level: L, id: number) =>
  findStoredEntity(server.database.db, company.teamId, level, adAccountId, id);

/** The entity as the user saw it: the stored copy's id and modificationTime. */
async function refOf(level: WritableLevel, id: number) {
  const row = await stored(level, id);
  return { id, modificationTime: row!.modificationTime!.toISOString() };
}

const STATUS = `mutation($input: StatusChangeInput!) {
  changeEntityStatus(input: $input) { successMessage bulkActionId results { id ok message } } }`;
const UPDATE_CAMPAIGN = `mutation($input: CampaignEditInput!) {
  updateCampaign(input: $input) { successMessage row { id name status modificationTime details } } }`;
const UPDATE_AD_GROUP = `mutation($input: AdGroupEditInput!) {
  updateAdGroup(input: $input) { successMessage row { id name details } } }`;
const KEYWORD_BID = `mutation($input: KeywordBidInput!) {
  changeKeywordBid(input: $input) { successMessage row { id name details } } }`;
const ADD_KEYWORDS = `mutation($input: AddKeywordsInput!) {
  addTargetingKeywords(input: $input) { successMessage added refused { text matchType message } } }`;
const TRANSFER = `mutation($input: KeywordTransferInput!) {
  transferKeywords(input: $input) { successMessage bulkActionId results { id ok message } } }`;
const ADD_NEGATIVES = `mutation($input: AddNegativeKeywordsInput!) {
  addNegativeKeywords(input: $input) { successMessage added refused { text matchType message } } }`;

interface WriteResult {
  successMessage: string;
  bulkActionId: string | null;
  results: { id: number; ok: boolean; message: string | null }[];
}

const statusChange = (level: WritableLevel, action: string, entities: unknown[]) => ({
  input: { adAccountId, level, action, entities },
});

async function adGroupsOf(campaignId: number) {
  const page = await apple.adGroups.query({
    filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaignId }],
  });
  return page.result.sort((a, b) => a.id - b.id);
}

async function keywordsOf(adGroupId: number) {
  const page = await apple.keywords.query({
    filters: [{ field: 'adGroupId', operator: 'EQUALS', value: adGroupId }],
    pagination: { offset: 0, pageSize: 1000 },
  });
  return page.result.sort((a, b) => a.id - b.id);
}

async function latestLog() {
  return (await listActivityLogs(server.database.db, company.teamId, 1))[0]!;
}

describe('status changes', () => {
  it('pauses a campaign in Apple and in the stored copy, logging before and after', async () => {
    const id = campaignIds[0]!;
    const answer = await ok<{ changeEntityStatus: WriteResult }>(
      STATUS,
      statusChange('campaign', 'pause', [await refOf('campaign', id)]),
    );
    expect(answer.changeEntityStatus).toEqual({
      successMessage: ADS_MANAGER_MESSAGES.statusChanged,
      bulkActionId: null,
      results: [{ id, ok: true, message: null }],
    });
    expect((await apple.campaigns.get(id)).status).toBe('PAUSED');
    expect((await stored('campaign', id))!.status).toBe('PAUSED');
    const log = await latestLog();
    expect(log).toMatchObject({
      logType: 'campaign_paused',
      userId: company.session.userId,
      change: {
        level: 'campaign',
        adAccountId,
        entityId: String(id),
        before: { status: 'ENABLED' },
        after: { status: 'PAUSED' },
        source: 'adsManager',
      },
    });
    expect(log.message).toContain('Paused campaign');

    await ok(STATUS, statusChange('campaign', 'resume', [await refOf('campaign', id)]));
    expect((await apple.campaigns.get(id)).status).toBe('ENABLED');
    expect((await stored('campaign', id))!.status).toBe('ENABLED');
    expect((await latestLog()).logType).toBe('campaign_resumed');
  });

  it('refuses a change made in Apple after the page loaded, and refreshes the stored copy', async () => {
    const id = campaignIds[1]!;
    const seen = await refOf('campaign', id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await apple.campaigns.update(id, { name: 'Renamed in Apple' });
    const answer = await gql(STATUS, statusChange('campaign', 'pause', [seen]));
    expect(answer.errors?.[0]).toMatchObject({
      message: ADS_MANAGER_MESSAGES.entityChanged,
      extensions: { code: ERROR_CODES.ENTITY_CHANGED },
    });
    expect((await apple.campaigns.get(id)).status).toBe('ENABLED');
    expect(await stored('campaign', id)).toMatchObject({
      name: 'Renamed in Apple',
      status: 'ENABLED',
    });
  });

  it('refuses a change to a keyword deleted in Apple (answered deleted: true) and flags the copy', async () => {
    const [, adGroup] = await adGroupsOf(campaignIds[3]!);
    const [keyword] = await keywordsOf(adGroup!.id);
    const seen = await refOf('keyword', keyword!.id);
    await apple.keywords.delete(keyword!.id);
    expect((await apple.keywords.get(keyword!.id)).deleted).toBe(true);
    const answer = await gql(STATUS, statusChange('keyword', 'pause', [seen]));
    expect(answer.errors?.[0]).toMatchObject({
      message: ADS_MANAGER_MESSAGES.entityChanged,
      extensions: { code: ERROR_CODES.ENTITY_CHANGED },
    });
    expect((await stored('keyword', keyword!.id))!.deleted).toBe(true);
  });

  it('answers several rows one by one: a row changed in Apple fails, the others go on', async () => {
    const [adGroup] = await adGroupsOf(campaignIds[3]!);
    const keywords = (await keywordsOf(adGroup!.id)).slice(0, 3);
    const refs = await Promise.all(keywords.map((keyword) => refOf('keyword', keyword.id)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await apple.keywords.update(keywords[1]!.id, { bid: { amount: '3.33', currency: 'USD' } });
    const answer = await ok<{ changeEntityStatus: WriteResult }>(
      STATUS,
      statusChange('keyword', 'pause', refs),
    );
    expect(answer.changeEntityStatus.results).toEqual([
      { id: keywords[0]!.id, ok: true, message: null },
      { id: keywords[1]!.id, ok: false, message: ADS_MANAGER_MESSAGES.entityChanged },
      { id: keywords[2]!.id, ok: true, message: null },
    ]);
    const after = await Promise.all(keywords.map((keyword) => apple.keywords.get(keyword.id)));
    expect(after.map((keyword) => keyword.status)).toEqual(['PAUSED', 'ENABLED', 'PAUSED']);
    expect((await stored('keyword', keywords[1]!.id))!.bidMicros).toBe(3_330_000);
  });

  it('deletes an ad group: Apple answers it deleted and the copy is flagged deleted', async () => {
    const adGroups = await adGroupsOf(campaignIds[2]!);
    const id = adGroups.at(-1)!.id;
    const answer = await ok<{ changeEntityStatus: WriteResult }>(
      STATUS,
      statusChange('adGroup', 'delete', [await refOf('adGroup', id)]),
    );
    expect(answer.changeEntityStatus.successMessage).toBe(ADS_MANAGER_MESSAGES.deleted);
    expect((await apple.adGroups.get(id)).deleted).toBe(true);
    expect(await stored('adGroup', id)).toMatchObject({ deleted: true, displayStatus: 'DELETED' });
    expect(await latestLog()).toMatchObject({
      logType: 'ad_group_deleted',
      change: { before: { deleted: false }, after: { deleted: true } },
    });
  });
  it('pauses and deletes ads and negative keywords the same way', async () => {
    const [ad] = (await apple.ads.query({})).result.filter((candidate) => !candidate.deleted);
    await ok(STATUS, statusChange('ad', 'pause', [await refOf('ad', ad!.id)]));
    expect((await apple.ads.get(ad!.id)).status).toBe('PAUSED');
    expect((await stored('ad', ad!.id))!.status).toBe('PAUSED');
    expect((await latestLog()).logType).toBe('ad_paused');

    await ok(ADD_NEGATIVES, {
      input: {
        adAccountId,
        target: 'SELECTED_CAMPAIGNS',
        campaignIds: [campaignIds[3]!],
        keywords: [{ text: 'status negative', matchType: 'EXACT' }],
      },
    });
    const negative = (
      await apple.negativeKeywords.query({
        filters: [
          { field: 'campaignId', operator: 'EQUALS', value: campaignIds[3]! },
          { field: 'adGroupId', operator: 'IS_NULL' },
        ],
        pagination: { offset: 0, pageSize: 1000 },
      })
    ).result.find((candidate) => candidate.text === 'status negative')!;
    await ok(
      STATUS,
      statusChange('negativeKeyword', 'pause', [await refOf('negativeKeyword', negative.id)]),
    );
    expect((await apple.negativeKeywords.get(negative.id)).status).toBe('PAUSED');
    expect((await latestLog()).logType).toBe('negative_keyword_paused');
    await ok(
      STATUS,
      statusChange('negativeKeyword', 'delete', [await refOf('negativeKeyword', negative.id)]),
    );
    expect((await stored('negativeKeyword', negative.id))!.deleted).toBe(true);
    expect((await latestLog()).logType).toBe('negative_keyword_deleted');
  });
});

describe('edits', () => {
  it('updates a campaign and answers its new row; the same values again change nothing', async () => {
    const id = campaignIds[0]!;
    const input = {
      adAccountId,
      campaign: await refOf('campaign', id),
      name: 'Brand US edited',
      dailyBudget: '123.45',
      countriesOrRegions: ['US', 'CA'],
    };
    const answer = await ok<{ updateCampaign: { successMessage: string; row: ReportRow } }>(
      UPDATE_CAMPAIGN,
      { input },
    );
    expect(answer.updateCampaign.successMessage).toBe(ADS_MANAGER_MESSAGES.campaignUpdated);
    const inApple = await apple.campaigns.get(id);
    expect(inApple).toMatchObject({
      name: 'Brand US edited',
      dailyBudget: { value: { amount: '123.45' } },
    });
    expect([...inApple.targeting.countryOrRegion!.include!].sort()).toEqual(['CA', 'US']);
    expect(answer.updateCampaign.row).toMatchObject({
      id: String(id),
      name: 'Brand US edited',
      details: { dailyBudgetMicros: 123_450_000 },
    });
    expect(await stored('campaign', id)).toMatchObject({
      name: 'Brand US edited',
      dailyBudgetMicros: 123_450_000,
    });
    expect((await latestLog()).change).toMatchObject({
      after: { name: 'Brand US edited', dailyBudgetMicros: 123_450_000 },
    });

    const again = await ok<{ updateCampaign: { successMessage: string } }>(UPDATE_CAMPAIGN, {
      input: { ...input, campaign: await refOf('campaign', id) },
    });
    expect(again.updateCampaign.successMessage).toBe(ADS_MANAGER_MESSAGES.noChanges);
  });

  it('refuses a campaign name already used, from the stored copy or from Apple', async () => {
    const [first, second] = [campaignIds[0]!, campaignIds[2]!];
    const firstName = (await stored('campaign', first))!.name;
    const taken = await gql(UPDATE_CAMPAIGN, {
      input: {
        adAccountId,
        campaign: await refOf('campaign', second),
        name: firstName.toUpperCase(),
      },
    });
    expect(taken.errors?.[0]).toMatchObject({
      message: ADS_MANAGER_MESSAGES.campaignNameTaken,
      extensions: { code: ERROR_CODES.CONFLICT },
    });

    // Another campaign took the name in Apple since the last sync: Apple refuses it.
    await apple.campaigns.update(first, { name: 'Taken in Apple' });
    const before = await stored('campaign', second);
    const refused = await gql(UPDATE_CAMPAIGN, {
      input: { adAccountId, campaign: await refOf('campaign', second), name: 'Taken in Apple' },
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: ADS_MANAGER_MESSAGES.campaignNameTaken,
      extensions: { code: ERROR_CODES.CONFLICT },
    });
    expect(await stored('campaign', second)).toEqual(before);
    expect((await apple.campaigns.get(second)).name).toBe(before!.name);
  });

  it('sets a CPA goal (MAX_CONVERSIONS), then goes back to a default bid (MANUAL_CPT)', async () => {
    const [adGroup] = await adGroupsOf(campaignIds[0]!);
    const id = adGroup!.id;
    const goal = await ok<{ updateAdGroup: { successMessage: string; row: ReportRow } }>(
      UPDATE_AD_GROUP,
      {
        input: {
          adAccountId,
          adGroup: await refOf('adGroup', id),
          cpaGoal: '4.50',
          targeting: { gender: 'F', age: { min: 25, max: null } },
        },
      },
    );
    expect(goal.updateAdGroup.successMessage).toBe(ADS_MANAGER_MESSAGES.adGroupUpdated);
    const inApple = await apple.adGroups.get(id);
    expect(inApple.bidStrategy).toMatchObject({
      bidStrategyType: 'MAX_CONVERSIONS',
      bidStrategyGoal: 'INSTALL',
      bid: { amount: '4.50' },
    });
    expect(inApple.targeting).toMatchObject({
      gender: { include: ['F'] },
      minAge: { include: ['25'] },
    });
    expect(await stored('adGroup', id)).toMatchObject({
      cpaGoalMicros: 4_500_000,
      defaultBidMicros: null,
    });
    expect(goal.updateAdGroup.row.details).toMatchObject({
      cpaGoalMicros: 4_500_000,
      campaignName: (await stored('campaign', campaignIds[0]!))!.name,
    });

    const both = await gql(UPDATE_AD_GROUP, {
      input: { adAccountId, adGroup: await refOf('adGroup', id), cpaGoal: '3', defaultBid: '1' },
    });
    expect(both.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.BAD_REQUEST);
    const noBid = await gql(UPDATE_AD_GROUP, {
      input: { adAccountId, adGroup: await refOf('adGroup', id), cpaGoal: '' },
    });
    expect(noBid.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.BAD_REQUEST);

    await ok(UPDATE_AD_GROUP, {
      input: { adAccountId, adGroup: await refOf('adGroup', id), cpaGoal: '', defaultBid: '1.25' },
    });
    expect((await apple.adGroups.get(id)).bidStrategy).toMatchObject({
      bidStrategyType: 'MANUAL_CPT',
      bid: { amount: '1.25' },
    });
    expect(await stored('adGroup', id)).toMatchObject({
      cpaGoalMicros: null,
      defaultBidMicros: 1_250_000,
    });
  });

  it('changes a keyword bid and logs the increase', async () => {
    const [adGroup] = await adGroupsOf(campaignIds[0]!);
    const [keyword] = await keywordsOf(adGroup!.id);
    const answer = await ok<{ changeKeywordBid: { successMessage: string; row: ReportRow } }>(
      KEYWORD_BID,
      { input: { adAccountId, keyword: await refOf('keyword', keyword!.id), bid: '9.99' } },
    );
    expect(answer.changeKeywordBid.successMessage).toBe(ADS_MANAGER_MESSAGES.bidChanged);
    // The row the table shows, whole: a bid change must not blank its ad group and campaign.
    expect(answer.changeKeywordBid.row.details).toMatchObject({
      bidMicros: 9_990_000,
      adGroupName: (await stored('adGroup', adGroup!.id))!.name,
      campaignName: (await stored('campaign', campaignIds[0]!))!.name,
      currency: (await stored('campaign', campaignIds[0]!))!.currency,
    });
    expect((await apple.keywords.get(keyword!.id)).bid).toMatchObject({ amount: '9.99' });
    expect((await stored('keyword', keyword!.id))!.bidMicros).toBe(9_990_000);
    expect(await latestLog()).toMatchObject({
      logType: 'keyword_bid_increased',
      change: { after: { bidMicros: 9_990_000 } },
    });
  });
});

describe('adding keywords', () => {
  it('adds keywords, refusing ones already in the ad group and repeats in the request', async () => {
    const [, adGroup] = await adGroupsOf(campaignIds[0]!);
    const [existing] = await keywordsOf(adGroup!.id);
    const answer = await ok<{
      addTargetingKeywords: { successMessage: string; added: number; refused: unknown[] };
    }>(ADD_KEYWORDS, {
      input: {
        adAccountId,
        adGroupId: adGroup!.id,
        keywords: [
          { text: existing!.text.toUpperCase(), matchType: existing!.matchType },
          { text: 'tapwise new keyword', matchType: 'EXACT', bid: '2.10' },
          { text: 'Tapwise New Keyword', matchType: 'EXACT' },
          { text: 'tapwise new keyword', matchType: 'BROAD' },
        ],
      },
    });
    expect(answer.addTargetingKeywords).toEqual({
      successMessage: ADS_MANAGER_MESSAGES.keywordsAdded,
      added: 2,
      refused: [
        {
          text: existing!.text.toUpperCase(),
          matchType: existing!.matchType,
          message: ADS_MANAGER_MESSAGES.keywordDuplicate,
        },
        {
          text: 'Tapwise New Keyword',
          matchType: 'EXACT',
          message: ADS_MANAGER_MESSAGES.keywordDuplicate,
        },
      ],
    });
    const inApple = (await keywordsOf(adGroup!.id)).filter((k) => k.text === 'tapwise new keyword');
    expect(inApple.map((k) => [k.matchType, k.bid?.amount ?? null]).sort()).toEqual([
      ['BROAD', null],
      ['EXACT', '2.10'],
    ]);
    const storedTexts = await listLiveKeywords(
      server.database.db,
      company.teamId,
      adAccountId,
      adGroup!.id,
    );
    expect(storedTexts.filter((k) => k.text === 'tapwise new keyword')).toHaveLength(2);
    expect((await latestLog()).logType).toBe('keyword_added');
  });

  it('adds negative keywords to campaigns and to every ad group of a campaign', async () => {
    const campaignId = campaignIds[0]!;
    const toCampaign = await ok<{
      addNegativeKeywords: { successMessage: string; added: number; refused: unknown[] };
    }>(ADD_NEGATIVES, {
      input: {
        adAccountId,
        target: 'SELECTED_CAMPAIGNS',
        campaignIds: [campaignId],
        keywords: [{ text: 'free', matchType: 'BROAD' }],
      },
    });
    expect(toCampaign.addNegativeKeywords).toEqual({
      successMessage: ADS_MANAGER_MESSAGES.negativeKeywordsAddedToCampaign,
      added: 1,
      refused: [],
    });
    const toAdGroups = await ok<{ addNegativeKeywords: { added: number; refused: unknown[] } }>(
      ADD_NEGATIVES,
      {
        input: {
          adAccountId,
          target: 'ALL_AD_GROUPS_OF_SELECTED_CAMPAIGNS',
          campaignIds: [campaignId],
          keywords: [{ text: 'cheap', matchType: 'EXACT' }],
        },
      },
    );
    const adGroups = await adGroupsOf(campaignId);
    expect(toAdGroups.addNegativeKeywords).toEqual({
      successMessage: ADS_MANAGER_MESSAGES.negativeKeywordsAddedToAdGroup,
      added: adGroups.length,
      refused: [],
    });
    // Apple reads a campaign's negatives at campaign level and at ad-group level separately.
    const levels = await Promise.all(
      (['IS_NULL', 'IS_NOT_NULL'] as const).map((operator) =>
        apple.negativeKeywords.query({
          filters: [
            { field: 'campaignId', operator: 'EQUALS', value: campaignId },
            { field: 'adGroupId', operator },
          ],
          pagination: { offset: 0, pageSize: 1000 },
        }),
      ),
    );
    const negatives = levels.flatMap((level) => level.result);
    expect(negatives.filter((n) => n.text === 'free').map((n) => n.adGroupId ?? null)).toEqual([
      null,
    ]);
    expect(
      negatives
        .filter((n) => n.text === 'cheap')
        .map((n) => n.adGroupId)
        .sort(),
    ).toEqual(adGroups.map((adGroup) => adGroup.id).sort());

    const again = await ok<{ addNegativeKeywords: { added: number; refused: unknown[] } }>(
      ADD_NEGATIVES,
      {
        input: {
          adAccountId,
          target: 'SELECTED_AD_GROUPS',
          adGroupIds: [adGroups[0]!.id],
          keywords: [{ text: 'CHEAP', matchType: 'EXACT' }],
        },
      },
    );
    expect(again.addNegativeKeywords).toEqual({
      successMessage: ADS_MANAGER_MESSAGES.negativeKeywordsAddedToAdGroup,
      added: 0,
      refused: [
        { text: 'CHEAP', matchType: 'EXACT', message: ADS_MANAGER_MESSAGES.keywordDuplicate },
      ],
    });
  });

  it('reports a failure from Apple and stores nothing', async () => {
    const [, , adGroup] = await adGroupsOf(campaignIds[0]!);
    const before = await keywordsOf(adGroup!.id);
    sandbox.setFaults({ serverErrors: 1 });
    const answer = await gql(ADD_KEYWORDS, {
      input: {
        adAccountId,
        adGroupId: adGroup!.id,
        keywords: [{ text: 'never stored', matchType: 'EXACT' }],
      },
    });
    sandbox.resetFaults();
    expect(answer.errors?.[0]).toMatchObject({
      message: ADS_MANAGER_MESSAGES.updateFailed,
      extensions: { code: ERROR_CODES.APPLE_ADS_WRITE_FAILED },
    });
    expect(await keywordsOf(adGroup!.id)).toEqual(before);
    const storedKeywords = await listLiveKeywords(
      server.database.db,
      company.teamId,
      adAccountId,
      adGroup!.id,
    );
    expect(storedKeywords.some((k) => k.text === 'never stored')).toBe(false);
  });
});

describe('bulk actions', () => {
  it('pauses 50 keywords as a bulk action with progress on the socket and per-row results', async () => {
    const [, , adGroup] = await adGroupsOf(campaignIds[3]!);
    await ok(ADD_KEYWORDS, {
      input: {
        adAccountId,
        adGroupId: adGroup!.id,
        keywords: Array.from({ length: 50 }, (_, index) => ({
          text: `bulk keyword ${index}`,
          matchType: 'EXACT',
        })),
      },
    });
    const keywords = (await keywordsOf(adGroup!.id)).filter((k) => k.text.startsWith('bulk'));
    expect(keywords).toHaveLength(50);

    const socket = connectSocket(server.url, {
      transports: ['websocket'],
      extraHeaders: { origin: ORIGIN },
      auth: { token: company.session.token, sessId: company.session.sessId },
      reconnection: false,
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const messages: {
      opId: number;
      bulkActionId: string;
      type: string;
      data: BulkActionProgress;
    }[] = [];
    const finished = new Promise<void>((resolve) =>
      socket.on(dataRequestChannel(company.session.userId), (message) => {
        messages.push(message);
        if (message.data.results) resolve();
      }),
    );

    const refs = await Promise.all(keywords.map((keyword) => refOf('keyword', keyword.id)));
    const started = await ok<{ changeEntityStatus: WriteResult }>(
      STATUS,
      statusChange('keyword', 'pause', refs),
    );
    const { bulkActionId, results } = started.changeEntityStatus;
    expect(bulkActionId).toEqual(expect.any(String));
    expect(results).toEqual([]);
    await finished;
    socket.close();

    expect(messages.length).toBeGreaterThanOrEqual(2);
    for (const message of messages)
      expect(message).toMatchObject({
        opId: DATA_REQUEST_CHANNEL_OP_IDS.bulkAction,
        bulkActionId,
        type: 'bulkAction',
        data: { bulkActionId, total: 50 },
      });
    const done = messages.map((message) => message.data.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBe(50);
    expect(messages.some((message) => message.data.done < 50)).toBe(true);
    const last = messages.at(-1)!.data.results!;
    expect(last.map((row) => row.id)).toEqual(keywords.map((keyword) => keyword.id));
    expect(last.every((row) => row.ok)).toBe(true);

    const inApple = await keywordsOf(adGroup!.id);
    expect(
      inApple.filter((k) => k.text.startsWith('bulk')).every((k) => k.status === 'PAUSED'),
    ).toBe(true);
    const status = await ok<{ bulkAction: { status: string; done: number; results: unknown[] } }>(
      'query($id: String!) { bulkAction(id: $id) { status done total results { id ok message } } }',
      { id: bulkActionId },
    );
    expect(status.bulkAction).toMatchObject({ status: 'DONE', done: 50 });
    expect(status.bulkAction.results).toHaveLength(50);
  }, 120_000);
});

describe('moving and copying keywords', () => {
  /** Two ad groups of a search results campaign no other test changes. */
  async function adGroupPair() {
    const [source, target] = await adGroupsOf(campaignIds[1]!);
    return { source: source!, target: target! };
  }
  const transfer = async (mode: string, keywordIds: number[], targetAdGroupId: number) =>
    (
      await ok<{ transferKeywords: WriteResult }>(TRANSFER, {
        input: {
          adAccountId,
          mode,
          keywords: await Promise.all(keywordIds.map((id) => refOf('keyword', id))),
          targetAdGroupId,
        },
      })
    ).transferKeywords;
  const inAdGroup = async (adGroupId: number, text: string) =>
    (await keywordsOf(adGroupId)).filter((k) => k.text === text && !k.deleted);

  it('copies a keyword with its match type, bid and status; a second copy is refused', async () => {
    const { source, target } = await adGroupPair();
    const [keyword] = await keywordsOf(source.id);
    const copied = await transfer('copy', [keyword!.id], target.id);
    expect(copied).toMatchObject({
      successMessage: ADS_MANAGER_MESSAGES.keywordsCopied,
      results: [{ id: keyword!.id, ok: true, message: null }],
    });
    const [copy] = await inAdGroup(target.id, keyword!.text);
    expect(copy).toMatchObject({
      matchType: keyword!.matchType,
      bid: keyword!.bid,
      status: keyword!.status,
    });
    expect(await inAdGroup(source.id, keyword!.text)).toHaveLength(1);
    expect(await stored('keyword', copy!.id)).toMatchObject({ adGroupId: target.id });
    expect(await latestLog()).toMatchObject({
      logType: 'keyword_copied',
      change: {
        before: { adGroupId: source.id, keywordId: keyword!.id },
        after: { adGroupId: target.id, keywordId: copy!.id },
      },
    });

    const again = await transfer('copy', [keyword!.id], target.id);
    expect(again.results).toEqual([
      { id: keyword!.id, ok: false, message: ADS_MANAGER_MESSAGES.keywordDuplicate },
    ]);
  });

  it('refuses to copy a keyword deleted in Apple since the page loaded', async () => {
    const { source, target } = await adGroupPair();
    const inTarget = new Set((await keywordsOf(target.id)).map((k) => k.text));
    const keyword = (await keywordsOf(source.id)).find((k) => !inTarget.has(k.text));
    await apple.keywords.delete(keyword!.id);
    const copied = await transfer('copy', [keyword!.id], target.id);
    expect(copied.results).toEqual([
      { id: keyword!.id, ok: false, message: ADS_MANAGER_MESSAGES.entityChanged },
    ]);
    expect(await inAdGroup(target.id, keyword!.text)).toEqual([]);
  });

  it('moves a keyword: created in the new ad group, deleted from the old, recorded once', async () => {
    const { source, target } = await adGroupPair();
    const [, keyword] = await keywordsOf(source.id);
    const logsBefore = await listActivityLogs(server.database.db, company.teamId, 1000);
    const moved = await transfer('move', [keyword!.id], target.id);
    expect(moved).toMatchObject({
      successMessage: ADS_MANAGER_MESSAGES.keywordsMoved,
      results: [{ id: keyword!.id, ok: true }],
    });
    expect((await apple.keywords.get(keyword!.id)).deleted).toBe(true);
    expect(await inAdGroup(source.id, keyword!.text)).toHaveLength(0);
    expect((await stored('keyword', keyword!.id))!.deleted).toBe(true);
    const [there] = await inAdGroup(target.id, keyword!.text);
    expect(there).toMatchObject({ matchType: keyword!.matchType, bid: keyword!.bid });
    expect((await stored('keyword', there!.id))!.deleted).toBe(false);
    const logs = await listActivityLogs(server.database.db, company.teamId, 1000);
    expect(logs).toHaveLength(logsBefore.length + 1);
    expect(logs[0]).toMatchObject({
      logType: 'keyword_moved',
      change: {
        entityId: String(keyword!.id),
        before: { adGroupId: source.id, keywordId: keyword!.id },
        after: { adGroupId: target.id, keywordId: there!.id },
      },
    });
  });

  it('tells a move Apple finished half, records it as copied, and finishes it when moved again', async () => {
    const { source, target } = await adGroupPair();
    const [, , keyword] = await keywordsOf(source.id);
    // Apple creates the keyword in the new ad group, then fails to delete the old one.
    const realFetch = globalThis.fetch;
    let failed = false;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!failed && init?.method === 'DELETE' && url.includes(`/keywords/${keyword!.id}`)) {
        failed = true;
        return Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'down' } }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }
      return realFetch(input, init);
    });
    try {
      const half = await transfer('move', [keyword!.id], target.id);
      expect(half.results).toEqual([
        { id: keyword!.id, ok: false, message: ADS_MANAGER_MESSAGES.keywordMovePartly },
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(failed).toBe(true);
    expect(await inAdGroup(source.id, keyword!.text)).toHaveLength(1);
    const [there] = await inAdGroup(target.id, keyword!.text);
    expect((await stored('keyword', there!.id))!.deleted).toBe(false);
    expect(await latestLog()).toMatchObject({
      logType: 'keyword_copied',
      change: { after: { adGroupId: target.id, keywordId: there!.id } },
    });

    const finished = await transfer('move', [keyword!.id], target.id);
    expect(finished.results).toEqual([{ id: keyword!.id, ok: true, message: null }]);
    expect(await inAdGroup(source.id, keyword!.text)).toHaveLength(0);
    expect(await inAdGroup(target.id, keyword!.text)).toHaveLength(1);
    expect(await latestLog()).toMatchObject({
      logType: 'keyword_moved',
      change: { after: { adGroupId: target.id, keywordId: there!.id } },
    });
  });

  it('refuses a move into its own ad group, sending nothing', async () => {
    const { source } = await adGroupPair();
    const [, , , keyword] = await keywordsOf(source.id);
    const same = await transfer('move', [keyword!.id], source.id);
    expect(same.results).toEqual([
      { id: keyword!.id, ok: false, message: ADS_MANAGER_MESSAGES.keywordTransferSameAdGroup },
    ]);
    expect((await apple.keywords.get(keyword!.id)).deleted).toBe(false);
  });
});

describe('who may write', () => {
  const mutations = (campaign: unknown, adGroupId: number, keyword: unknown) =>
    [
      [STATUS, statusChange('campaign', 'pause', [campaign])],
      [UPDATE_CAMPAIGN, { input: { adAccountId, campaign, name: 'Not allowed' } }],
      [
        UPDATE_AD_GROUP,
        { input: { adAccountId, adGroup: { id: adGroupId }, name: 'Not allowed' } },
      ],
      [KEYWORD_BID, { input: { adAccountId, keyword, bid: '7.00' } }],
      [
        ADD_KEYWORDS,
        {
          input: {
            adAccountId,
            adGroupId,
            keywords: [{ text: 'not allowed', matchType: 'EXACT' }],
          },
        },
      ],
      [
        ADD_NEGATIVES,
        {
          input: {
            adAccountId,
            target: 'SELECTED_AD_GROUPS',
            adGroupIds: [adGroupId],
            keywords: [{ text: 'not allowed', matchType: 'EXACT' }],
          },
        },
      ],
      [
        TRANSFER,
        { input: { adAccountId, mode: 'move', keywords: [keyword], targetAdGroupId: adGroupId } },
      ],
    ] as const;

  async function attemptAll(session: Session) {
    const campaign = await refOf('campaign', campaignIds[0]!);
    const [adGroup] = await adGroupsOf(campaignIds[0]!);
    const [keyword] = await keywordsOf(adGroup!.id);
    const before = await apple.campaigns.get(campaignIds[0]!);
    const answers = [];
    for (const [query, variables] of mutations(
      campaign,
      adGroup!.id,
      await refOf('keyword', keyword!.id),
    ))
      answers.push(await gql(query, variables, session));
    expect(await apple.campaigns.get(campaignIds[0]!)).toEqual(before);
    return answers;
  }

  it('refuses a read-only member every change', async () => {
    for (const answer of await attemptAll(readOnlyMember))
      expect(answer.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.FORBIDDEN);
  });

  it('refuses a company whose Apple role only reads', async () => {
    const readOnlyApple = await connectSandboxCompany(server, sandbox, 'API Account Read Only');
    await waitForSync(server, readOnlyApple.teamId, readOnlyApple.syncId);
    for (const answer of await attemptAll(readOnlyApple.session))
      expect(answer.errors?.[0]).toMatchObject({
        message: READ_ONLY_APPLE_ROLE,
        extensions: { code: ERROR_CODES.FORBIDDEN },
      });
  }, 120_000);

  it("refuses another company every change to this company's ad account and bulk actions", async () => {
    const other = await createCompany(server.database.db);
    const admin = await createMember(server.database.db, other.id, { role: 'ADMIN' });
    const session = await apiClient(server.url).signIn(admin.email, admin.password);
    for (const answer of await attemptAll(session))
      expect(answer.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.NOT_FOUND);

    const [, , adGroup] = await adGroupsOf(campaignIds[3]!);
    const keywords = (await keywordsOf(adGroup!.id)).slice(0, 21);
    const started = await ok<{ changeEntityStatus: WriteResult }>(
      STATUS,
      statusChange(
        'keyword',
        'resume',
        await Promise.all(keywords.map((k) => refOf('keyword', k.id))),
      ),
    );
    const foreign = await gql(
      'query($id: String!) { bulkAction(id: $id) { status } }',
      { id: started.changeEntityStatus.bulkActionId },
      session,
    );
    expect(foreign.errors?.[0]?.extensions?.code).toBe(ERROR_CODES.NOT_FOUND);
  });
});

describe('REST campaign paths', () => {
  it('updates and deletes a campaign through /campaigns/update and /campaigns/delete', async () => {
    const api = apiClient(server.url);
    const id = campaignIds[2]!;
    const updated = await api.rest<{ row: { name: string } }>(
      'PUT',
      `campaigns/update/${id}`,
      {
        adAccountId,
        campaign: { modificationTime: (await refOf('campaign', id)).modificationTime },
        dailyBudget: '77.00',
      },
      company.session,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.successMessage).toBe(ADS_MANAGER_MESSAGES.campaignUpdated);
    expect((await apple.campaigns.get(id)).dailyBudget.value.amount).toBe('77.00');

    const refused = await api.rest(
      'DELETE',
      `campaigns/delete/${id}?adAccountId=${adAccountId}`,
      undefined,
      readOnlyMember,
    );
    expect(refused.body.code).toBe(ERROR_CODES.FORBIDDEN);

    const { modificationTime } = await refOf('campaign', id);
    const deleted = await api.rest(
      'DELETE',
      `campaigns/delete/${id}?adAccountId=${adAccountId}&modificationTime=${encodeURIComponent(modificationTime)}`,
      undefined,
      company.session,
    );
    expect(deleted.body.successMessage).toBe(ADS_MANAGER_MESSAGES.deleted);
    expect((await apple.campaigns.get(id)).deleted).toBe(true);
    expect((await stored('campaign', id))!.deleted).toBe(true);
  });
});
