// Creating a campaign through the real API, a real database and the in-process Apple Ads sandbox
// as Apple: what was sent is read back from Apple; an interrupted creation resumed twice makes
// one campaign; a taken name is refused before anything is sent, and Apple's DUPLICATE_NAME the
// same way; read-only members and other companies change nothing.
import type { AccountClient } from '@tapwise/apple-ads';
import {
  ADD_TO_CAMPAIGN_MESSAGES,
  ADS_MANAGER_MESSAGES,
  CAMPAIGN_CREATION_MESSAGES,
  campaignNameSchema,
  SUPPLY_PLACEMENT_OF,
  type CampaignCreationInput,
  type CampaignCreationResult,
  type CampaignDraft,
} from '@tapwise/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Session } from '../../platform/testing/api-client';
import { listActivityLogs } from '../activity-log/activity-log.repository';
import { findStoredEntity } from '../apple-writes/apple-writes.repository';
import { sandboxReader } from '../sync/sync-test-kit';
import { collect } from '../sync/entity-rows';
import { creationInput, wizardAdGroup } from './campaign-creation-factories';
import { startCreationWorld, type CreationWorld } from './creation-test-world';

let world: CreationWorld;
let apple: AccountClient;

beforeAll(async () => {
  world = await startCreationWorld({ synced: true });
  apple = sandboxReader(world.sandbox).forAccount(world.adAccountId);
}, 300_000);
afterAll(() => world?.close());

interface Answer<Data> {
  data?: Data | null;
  errors?: { message: string; extensions?: { error?: string } }[];
}

const CREATE = `mutation($input: JSON!, $key: ID!, $draftId: ID) {
  createCampaign(input: $input, idempotencyKey: $key, draftId: $draftId) {
    idempotencyKey status campaignId adGroups { name id } keywordsCreated
    negativeKeywordsCreated adsCreated failure refused { what message } } }`;

async function create(
  input: CampaignCreationInput,
  key: string = randomUUID(),
  options: { session?: Session; draftId?: string } = {},
) {
  const answer = (await apiClient(world.server.url).graphql<{
    createCampaign: CampaignCreationResult;
  }>(
    CREATE,
    { input, key, draftId: options.draftId },
    options.session ?? world.company.session,
  )) as Answer<{ createCampaign: CampaignCreationResult }>;
  return answer;
}

async function created(input: CampaignCreationInput, key?: string, draftId?: string) {
  const answer = await create(input, key, { draftId });
  if (answer.errors?.length) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.createCampaign;
}

const campaignsNamed = async (name: string) =>
  (await collect(apple.campaigns.all())).filter((c) => c.name === name && !c.deleted);

const byId = <T extends { id: number }>(items: T[]) => [...items].sort((a, b) => a.id - b.id);

async function adGroupsOf(campaignId: number) {
  const page = await apple.adGroups.query({
    filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaignId }],
  });
  return byId(page.result);
}

async function keywordsOf(adGroupId: number) {
  const all = await collect(
    apple.keywords.all({ filters: [{ field: 'adGroupId', operator: 'EQUALS', value: adGroupId }] }),
  );
  return byId(all).map(({ text, matchType, bid }) => ({ text, matchType, bid }));
}

async function negativesOf(filter: { campaignId: number } | { adGroupId: number }) {
  const filters =
    'adGroupId' in filter
      ? [{ field: 'adGroupId', operator: 'EQUALS' as const, value: filter.adGroupId }]
      : [
          { field: 'campaignId', operator: 'EQUALS' as const, value: filter.campaignId },
          { field: 'adGroupId', operator: 'IS_NULL' as const },
        ];
  const all = await collect(apple.negativeKeywords.all({ filters }));
  return byId(all).map(({ text, matchType }) => ({ text, matchType }));
}

const money = (amount: string) => ({ amount, currency: world.currency });

describe('createCampaign', () => {
  it('creates a search results campaign that reads back from Apple as sent', async () => {
    const productPage = [...world.sandbox.store.productPages.values()].find(
      (p) => p.adamId === world.adamId,
    )!;
    const draft = await apiClient(world.server.url).graphql<{ saveCampaignDraft: CampaignDraft }>(
      `mutation($input: JSON!) { saveCampaignDraft(input: $input) { id } }`,
      { input: { placement: 'SEARCH_RESULTS', step: 'review', values: {} } },
      world.company.session,
    );
    const input = creationInput(
      {
        adAccountId: world.adAccountId,
        adamId: world.adamId,
        campaignName: 'Wizard search results',
      },
      {
        countries: ['US', 'GB'],
        dailyBudget: '120.50',
        negativeKeywords: [{ text: 'free', matchType: 'EXACT' }],
        adGroups: [
          wizardAdGroup({
            name: 'Brand',
            bidMode: 'custom',
            searchMatch: true,
            keywords: [
              { text: 'puzzle quest', matchType: 'EXACT', bid: '2.25' },
              { text: 'puzzle', matchType: 'BROAD', bid: '1.1' },
            ],
            negativeKeywords: [{ text: 'cheats', matchType: 'BROAD' }],
            audience: {
              customerType: 'new',
              gender: 'F',
              age: { min: 25, max: 44 },
              devices: ['IPHONE'],
              daypart: [9, 10, 11],
            },
            ads: [{ name: 'Default page', productPage: { kind: 'default' } }],
          }),
          wizardAdGroup({
            name: 'Discovery',
            defaultBid: '0.80',
            keywords: [{ text: 'brain teaser', matchType: 'BROAD', bid: '5.00' }],
            ads: [
              {
                name: 'Custom page',
                productPage: { kind: 'custom', productPageId: productPage.id },
              },
            ],
          }),
        ],
      },
    );
    const result = await created(input, undefined, draft.data!.saveCampaignDraft.id);
    const [brand, discovery] = result.adGroups.map((adGroup) => adGroup.id!) as [number, number];
    expect(result).toEqual({
      idempotencyKey: expect.any(String),
      status: 'COMPLETE',
      campaignId: expect.any(Number),
      adGroups: [
        { name: 'Brand', id: expect.any(Number) },
        { name: 'Discovery', id: expect.any(Number) },
      ],
      keywordsCreated: 3,
      negativeKeywordsCreated: 2,
      adsCreated: 2,
      failure: null,
      refused: [],
    });
    const campaign = await apple.campaigns.get(result.campaignId!);
    expect(campaign).toMatchObject({
      name: 'Wizard search results',
      billingEvent: 'TAPS',
      promotedObjectType: 'APPSTORE_APP',
      promotedObjectId: String(world.adamId),
      status: 'ENABLED',
      dailyBudget: { value: money('120.50') },
      targeting: {
        countryOrRegion: { include: ['US', 'GB'] },
        supplyPlacement: { include: ['APPSTORE_SEARCH_RESULTS'] },
      },
    });
    const adGroups = await adGroupsOf(campaign.id);
    expect(
      adGroups.map(({ id, name, automatedKeywordsOptIn, bidStrategy, targeting }) => ({
        id,
        name,
        automatedKeywordsOptIn,
        bidStrategy,
        targeting,
      })),
    ).toEqual([
      {
        id: brand,
        name: 'Brand',
        automatedKeywordsOptIn: true,
        bidStrategy: { bidStrategyType: 'MANUAL_CPT', bidStrategyGoal: 'TAP', bid: money('1.50') },
        targeting: {
          deviceClass: { include: ['IPHONE'] },
          gender: { include: ['F'] },
          minAge: { include: ['25'] },
          maxAge: { include: ['44'] },
          daypart: { include: ['9', '10', '11'] },
          appDownloader: { exclude: [String(world.adamId)] },
        },
      },
      {
        id: discovery,
        name: 'Discovery',
        automatedKeywordsOptIn: false,
        bidStrategy: { bidStrategyType: 'MANUAL_CPT', bidStrategyGoal: 'TAP', bid: money('0.80') },
        targeting: { deviceClass: { include: ['IPHONE', 'IPAD'] } },
      },
    ]);
    expect(await keywordsOf(brand)).toEqual([
      { text: 'puzzle quest', matchType: 'EXACT', bid: money('2.25') },
      { text: 'puzzle', matchType: 'BROAD', bid: money('1.10') },
    ]);
    // The ad group default bid mode sends no keyword bid.
    expect(await keywordsOf(discovery)).toEqual([
      { text: 'brain teaser', matchType: 'BROAD', bid: null },
    ]);
    expect(await negativesOf({ campaignId: campaign.id })).toEqual([
      { text: 'free', matchType: 'EXACT' },
    ]);
    expect(await negativesOf({ adGroupId: brand })).toEqual([
      { text: 'cheats', matchType: 'BROAD' },
    ]);
    const ads = byId(
      await collect(
        apple.ads.all({
          filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaign.id }],
        }),
      ),
    );
    const creatives = await Promise.all(ads.map((ad) => apple.creatives.get(ad.creativeId)));
    expect(
      ads.map((ad, index) => ({
        adGroupId: ad.adGroupId,
        name: ad.name,
        status: ad.status,
        creativeType: creatives[index]!.creativeType,
        destination: creatives[index]!.destination.parameters,
      })),
    ).toEqual([
      {
        adGroupId: brand,
        name: 'Default page',
        status: 'ENABLED',
        creativeType: 'DEFAULT_PRODUCT_PAGE',
        destination: { adamId: String(world.adamId), productPageId: null },
      },
      {
        adGroupId: discovery,
        name: 'Custom page',
        status: 'ENABLED',
        creativeType: 'CUSTOM_PRODUCT_PAGE',
        destination: { adamId: String(world.adamId), productPageId: productPage.id },
      },
    ]);
    // The stored copy and the activity log follow Apple's answers; the draft is gone.
    const stored = await findStoredEntity(
      world.server.database.db,
      world.company.teamId,
      'campaign',
      world.adAccountId,
      campaign.id,
    );
    expect(stored).toMatchObject({ name: 'Wizard search results', dailyBudgetMicros: 120_500_000 });
    const logs = await listActivityLogs(world.server.database.db, world.company.teamId, 20);
    expect(logs.map((log) => log.logType)).toEqual(
      expect.arrayContaining([
        'campaign_created',
        'ad_group_created',
        'keyword_added',
        'ad_created',
      ]),
    );
    const drafts = await apiClient(world.server.url).graphql<{ getCampaignDrafts: unknown[] }>(
      '{ getCampaignDrafts { id } }',
      {},
      world.company.session,
    );
    expect(drafts.data!.getCampaignDrafts).toEqual([]);
  });

  for (const placement of ['SEARCH_TAB', 'TODAY_TAB', 'PRODUCT_PAGES'] as const) {
    it(`creates a ${placement} campaign with an ad and no keywords, read back from Apple`, async () => {
      const name = `Wizard ${placement.toLowerCase().replace('_', ' ')}`;
      const input = creationInput(
        { adAccountId: world.adAccountId, adamId: world.adamId, campaignName: name },
        {
          placement,
          adGroups: [
            wizardAdGroup({
              name: 'Browse',
              keywords: [],
              ads: [{ name: 'Browse ad', productPage: { kind: 'default' } }],
            }),
          ],
        },
      );
      const result = await created(input);
      expect(result).toMatchObject({ status: 'COMPLETE', keywordsCreated: 0, adsCreated: 1 });
      const campaign = await apple.campaigns.get(result.campaignId!);
      expect(campaign.targeting.supplyPlacement).toEqual({
        include: [SUPPLY_PLACEMENT_OF[placement]],
      });
      const [adGroup] = await adGroupsOf(campaign.id);
      expect(adGroup).toMatchObject({ name: 'Browse', automatedKeywordsOptIn: false });
      expect(await keywordsOf(adGroup!.id)).toEqual([]);
    });
  }

  it('targets the regions and cities the geo search answers, read back from the ad group', async () => {
    const [california] = (
      await apple.geo.search({
        supplySource: 'APPSTORE',
        query: 'California',
        entity: 'AdminArea',
        countryCode: 'US',
      })
    ).result;
    const [cupertino] = (
      await apple.geo.search({
        supplySource: 'APPSTORE',
        query: 'Cupertino',
        entity: 'Locality',
        countryCode: 'US',
      })
    ).result;
    const input = creationInput(
      { adAccountId: world.adAccountId, adamId: world.adamId, campaignName: 'Wizard geo' },
      { countries: ['US'], adminAreas: [california!.id], localities: [cupertino!.id] },
    );
    const result = await created(input);
    expect(result.status).toBe('COMPLETE');
    const [adGroup] = await adGroupsOf(result.campaignId!);
    expect(adGroup!.targeting).toMatchObject({
      adminArea: { include: [california!.id] },
      locality: { include: [cupertino!.id] },
    });
  });

  it('sends the start and end times, read back from the campaign', async () => {
    const input = creationInput(
      { adAccountId: world.adAccountId, adamId: world.adamId, campaignName: 'Wizard schedule' },
      { startTime: '2027-01-04T08:30:00Z', endTime: '2027-02-01T00:00:00.000Z' },
    );
    const result = await created(input);
    const campaign = await apple.campaigns.get(result.campaignId!);
    expect({ startTime: campaign.startTime, endTime: campaign.endTime }).toEqual({
      startTime: '2027-01-04T08:30:00.000',
      endTime: '2027-02-01T00:00:00.000',
    });
  });

  it('resumes a creation interrupted twice and makes one campaign', async () => {
    const name = 'Interrupted twice';
    const input = creationInput(
      { adAccountId: world.adAccountId, adamId: world.adamId, campaignName: name },
      {
        adGroups: [
          wizardAdGroup({ name: 'First' }),
          wizardAdGroup({ name: 'Second', keywords: [{ text: 'logic', matchType: 'EXACT' }] }),
        ],
      },
    );
    const key = randomUUID();
    // The campaign is made but its answer is lost.
    world.sandbox.setFaults({ ambiguousWrites: 1 });
    const first = await created(input, key);
    expect(first).toMatchObject({
      status: 'INCOMPLETE',
      campaignId: null,
      failure: CAMPAIGN_CREATION_MESSAGES.creationFailed,
    });
    // Resumed: the campaign is found by name; the first ad group is made, its answer lost.
    world.sandbox.setFaults({ ambiguousWrites: 1 });
    const second = await created(input, key);
    expect(second).toMatchObject({
      status: 'INCOMPLETE',
      campaignId: expect.any(Number),
      adGroups: [
        { name: 'First', id: null },
        { name: 'Second', id: null },
      ],
    });
    world.sandbox.resetFaults();
    // After a reload, the page reads what exists in Apple by the key.
    const state = await apiClient(world.server.url).graphql<{
      campaignCreation: CampaignCreationResult;
    }>(
      `query($key: ID!) { campaignCreation(idempotencyKey: $key) {
        idempotencyKey status campaignId adGroups { name id } keywordsCreated
        negativeKeywordsCreated adsCreated failure refused { what message } } }`,
      { key },
      world.company.session,
    );
    expect(state.data!.campaignCreation).toEqual(second);
    const third = await created(input, key);
    expect(third).toEqual({
      idempotencyKey: key,
      status: 'COMPLETE',
      campaignId: second.campaignId,
      adGroups: [
        { name: 'First', id: expect.any(Number) },
        { name: 'Second', id: expect.any(Number) },
      ],
      keywordsCreated: 2,
      negativeKeywordsCreated: 0,
      adsCreated: 0,
      failure: null,
      refused: [],
    });
    expect((await campaignsNamed(name)).map((campaign) => campaign.id)).toEqual([
      second.campaignId,
    ]);
    const adGroups = await adGroupsOf(second.campaignId!);
    expect(adGroups.map((adGroup) => [adGroup.id, adGroup.name])).toEqual(
      third.adGroups.map((adGroup) => [adGroup.id, adGroup.name]),
    );
    // Asked again, the finished creation answers as it is and sends nothing.
    expect(await created(input, key)).toEqual(third);
    expect(await campaignsNamed(name)).toHaveLength(1);
  });

  it('makes each entity once when every write of the creation loses its answer once', async () => {
    const name = 'Interrupted at every step';
    const input = creationInput(
      { adAccountId: world.adAccountId, adamId: world.adamId, campaignName: name },
      {
        negativeKeywords: [{ text: 'free', matchType: 'BROAD' }],
        adGroups: [
          wizardAdGroup({
            name: 'Only',
            keywords: [
              { text: 'maze', matchType: 'EXACT' },
              { text: 'labyrinth', matchType: 'BROAD' },
            ],
            negativeKeywords: [{ text: 'cheat', matchType: 'EXACT' }],
            ads: [{ name: 'Page', productPage: { kind: 'default' } }],
          }),
        ],
      },
    );
    const key = randomUUID();
    let interruptions = 0;
    let result: CampaignCreationResult;
    for (;;) {
      world.sandbox.setFaults({ ambiguousWrites: 1 });
      result = await created(input, key);
      if (result.status === 'COMPLETE') break;
      interruptions++;
      expect(interruptions, JSON.stringify(result)).toBeLessThan(10);
    }
    world.sandbox.resetFaults();
    // Campaign, ad group, campaign negatives, keywords, ad group negatives, ad (the app's default
    // product page creative exists already).
    expect(interruptions).toBe(6);
    expect(result).toMatchObject({
      keywordsCreated: 2,
      negativeKeywordsCreated: 2,
      adsCreated: 1,
      refused: [],
    });
    expect(await campaignsNamed(name)).toHaveLength(1);
    const [adGroup, ...more] = await adGroupsOf(result.campaignId!);
    expect(more).toEqual([]);
    expect(await keywordsOf(adGroup!.id)).toEqual([
      { text: 'maze', matchType: 'EXACT', bid: null },
      { text: 'labyrinth', matchType: 'BROAD', bid: null },
    ]);
    expect(await negativesOf({ campaignId: result.campaignId! })).toEqual([
      { text: 'free', matchType: 'BROAD' },
    ]);
    expect(await negativesOf({ adGroupId: adGroup!.id })).toEqual([
      { text: 'cheat', matchType: 'EXACT' },
    ]);
    const ads = await collect(
      apple.ads.all({ filters: [{ field: 'adGroupId', operator: 'EQUALS', value: adGroup!.id }] }),
    );
    expect(ads.map((ad) => ad.name)).toEqual(['Page']);
  });

  it('refuses a name a campaign of the ad account has, in any case, before anything is sent', async () => {
    const campaigns = await collect(apple.campaigns.all());
    // A synced campaign whose name the wizard accepts (sandbox names may carry other characters).
    const existing = campaigns.find(
      (c) => campaignNameSchema.safeParse(c.name.toUpperCase()).success,
    );
    expect(existing).toBeDefined();
    const before = campaigns.length;
    const answer = await create(
      creationInput({
        adAccountId: world.adAccountId,
        adamId: world.adamId,
        campaignName: existing!.name.toUpperCase(),
      }),
    );
    expect(answer.errors?.[0]).toMatchObject({
      message: ADS_MANAGER_MESSAGES.campaignNameTaken,
      extensions: { error: 'CONFLICT' },
    });
    expect((await collect(apple.campaigns.all())).length).toBe(before);
  });

  it("answers Apple's DUPLICATE_NAME with the same message", async () => {
    // Made in Apple after the last sync: Tapwise's copy does not know it yet.
    await apple.campaigns.create({
      name: 'Made elsewhere',
      billingEvent: 'TAPS',
      promotedObjectType: 'APPSTORE_APP',
      promotedObjectId: String(world.adamId),
      dailyBudget: { value: money('10.00') },
      targeting: { countryOrRegion: { include: ['US'] } },
    });
    const input = creationInput({
      adAccountId: world.adAccountId,
      adamId: world.adamId,
      campaignName: 'Made elsewhere',
    });
    const key = randomUUID();
    // Retried under the same key, it is refused again: the other campaign is never taken as ours.
    for (const attempt of [1, 2]) {
      const answer = await create(input, key);
      expect(answer.errors?.[0], `attempt ${attempt}`).toMatchObject({
        message: CAMPAIGN_CREATION_MESSAGES.campaignNameTaken,
        extensions: { error: 'CONFLICT' },
      });
    }
    expect(await campaignsNamed('Made elsewhere')).toHaveLength(1);
  });

  it('refuses a read-only member and another company, sending nothing', async () => {
    const input = creationInput({
      adAccountId: world.adAccountId,
      adamId: world.adamId,
      campaignName: 'Not allowed',
    });
    const readOnly = await create(input, undefined, { session: world.readOnlyMember });
    expect(readOnly.errors?.[0]?.extensions?.error).toBe('FORBIDDEN');
    const other = await create(input, undefined, { session: world.otherCompany });
    expect(other.errors?.[0]?.extensions?.error).toBe('NOT_FOUND');
    expect(await campaignsNamed('Not allowed')).toEqual([]);
  });

  it('refuses an ad on a product page Apple does not list for the app, before anything is sent', async () => {
    const input = creationInput(
      { adAccountId: world.adAccountId, adamId: world.adamId, campaignName: 'Unknown page' },
      {
        adGroups: [
          wizardAdGroup({
            ads: [
              { name: 'Default page', productPage: { kind: 'default' } },
              { name: 'Gone', productPage: { kind: 'custom', productPageId: randomUUID() } },
            ],
          }),
        ],
      },
    );
    const answer = await create(input);
    expect(answer.errors?.[0]).toMatchObject({
      message: "This product page is not one of the app's pages in Apple Ads.",
      extensions: {
        error: 'BAD_REQUEST',
        details: { 'adGroups.0.ads.1.productPage': 'validation.productPageUnknown' },
      },
    });
    expect(await campaignsNamed('Unknown page')).toEqual([]);
  });

  it('refuses an input the wizard would not send, with the message key of each field', async () => {
    const input = creationInput(
      { adAccountId: world.adAccountId, adamId: world.adamId, campaignName: 'Today tab keywords' },
      { placement: 'TODAY_TAB' },
    );
    const answer = await create(input);
    expect(answer.errors?.[0]).toMatchObject({
      extensions: {
        error: 'BAD_REQUEST',
        details: {
          'input.adGroups.0.keywords': 'validation.placementNoKeywords',
          'input.adGroups.0.ads': 'validation.adRequired',
        },
      },
    });
  });
});

const ADD_AD_GROUP = `mutation($adAccountId: Float!, $campaignId: Float!, $adGroup: JSON!, $key: ID!) {
  addAdGroup(adAccountId: $adAccountId, campaignId: $campaignId, adGroup: $adGroup,
    idempotencyKey: $key) {
    idempotencyKey status campaignId adGroups { name id } keywordsCreated
    negativeKeywordsCreated adsCreated failure refused { what message } } }`;

const ADD_ADS = `mutation($adAccountId: Float!, $adGroupId: Float!, $ads: JSON!, $key: ID!) {
  addAds(adAccountId: $adAccountId, adGroupId: $adGroupId, ads: $ads, idempotencyKey: $key) {
    idempotencyKey status campaignId adGroups { name id } keywordsCreated
    negativeKeywordsCreated adsCreated failure refused { what message } } }`;

async function addAdGroup(
  campaignId: number,
  adGroup: unknown,
  key: string = randomUUID(),
  session: Session = world.company.session,
) {
  return (await apiClient(world.server.url).graphql(
    ADD_AD_GROUP,
    { adAccountId: world.adAccountId, campaignId, adGroup, key },
    session,
  )) as Answer<{ addAdGroup: CampaignCreationResult }>;
}

async function addAds(
  adGroupId: number,
  ads: unknown,
  key: string = randomUUID(),
  session: Session = world.company.session,
) {
  return (await apiClient(world.server.url).graphql(
    ADD_ADS,
    { adAccountId: world.adAccountId, adGroupId, ads, key },
    session,
  )) as Answer<{ addAds: CampaignCreationResult }>;
}

async function adsOf(adGroupId: number) {
  const ads = byId(
    await collect(
      apple.ads.all({ filters: [{ field: 'adGroupId', operator: 'EQUALS', value: adGroupId }] }),
    ),
  );
  const creatives = await Promise.all(ads.map((ad) => apple.creatives.get(ad.creativeId)));
  return ads.map((ad, index) => ({
    name: ad.name,
    status: ad.status,
    creativeType: creatives[index]!.creativeType,
    productPageId: creatives[index]!.destination.parameters.productPageId,
  }));
}

describe('adding to an existing campaign', () => {
  let campaignId: number;

  beforeAll(async () => {
    const result = await created(
      creationInput({
        adAccountId: world.adAccountId,
        adamId: world.adamId,
        campaignName: 'Grows later',
      }),
    );
    campaignId = result.campaignId!;
  });

  it('adds an ad group that reads back from Apple as sent, once under a retried key', async () => {
    const adGroup = wizardAdGroup({
      name: 'Added later',
      defaultBid: '0.95',
      cpaGoal: '4.00',
      searchMatch: true,
      keywords: [
        { text: 'word puzzle', matchType: 'EXACT' },
        { text: 'crossword', matchType: 'BROAD' },
      ],
      negativeKeywords: [{ text: 'free', matchType: 'EXACT' }],
      audience: {
        customerType: 'existing',
        gender: 'all',
        age: null,
        devices: ['IPAD'],
        daypart: null,
      },
      ads: [{ name: 'Added page', productPage: { kind: 'default' } }],
    });
    const key = randomUUID();
    const answer = await addAdGroup(campaignId, adGroup, key);
    expect(answer.errors).toBeUndefined();
    const result = answer.data!.addAdGroup;
    expect(result).toEqual({
      idempotencyKey: key,
      status: 'COMPLETE',
      campaignId,
      adGroups: [{ name: 'Added later', id: expect.any(Number) }],
      keywordsCreated: 2,
      negativeKeywordsCreated: 1,
      adsCreated: 1,
      failure: null,
      refused: [],
    });
    const added = (await adGroupsOf(campaignId)).filter((g) => g.name === 'Added later');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      id: result.adGroups[0]!.id,
      automatedKeywordsOptIn: true,
      bidStrategy: {
        bidStrategyType: 'MAX_CONVERSIONS',
        bidStrategyGoal: 'INSTALL',
        bid: money('4.00'),
      },
      targeting: {
        deviceClass: { include: ['IPAD'] },
        appDownloader: { include: [String(world.adamId)] },
      },
    });
    const adGroupId = added[0]!.id;
    expect(await keywordsOf(adGroupId)).toEqual([
      { text: 'word puzzle', matchType: 'EXACT', bid: null },
      { text: 'crossword', matchType: 'BROAD', bid: null },
    ]);
    expect(await negativesOf({ adGroupId })).toEqual([{ text: 'free', matchType: 'EXACT' }]);
    expect(await adsOf(adGroupId)).toEqual([
      {
        name: 'Added page',
        status: 'ENABLED',
        creativeType: 'DEFAULT_PRODUCT_PAGE',
        productPageId: null,
      },
    ]);
    // The same key answers the addition as it is and sends nothing again.
    expect((await addAdGroup(campaignId, adGroup, key)).data!.addAdGroup).toEqual(result);
    expect((await adGroupsOf(campaignId)).filter((g) => g.name === 'Added later')).toHaveLength(1);
    // Another key with the same name is refused before anything is sent.
    const again = await addAdGroup(campaignId, adGroup);
    expect(again.errors?.[0]).toMatchObject({
      message: ADD_TO_CAMPAIGN_MESSAGES.adGroupNameTaken,
      extensions: { error: 'CONFLICT' },
    });
  });

  it('makes the ad group once when its answer is lost and the addition is retried', async () => {
    const adGroup = wizardAdGroup({ name: 'Lost answer' });
    const key = randomUUID();
    world.sandbox.setFaults({ ambiguousWrites: 1 });
    const first = (await addAdGroup(campaignId, adGroup, key)).data!.addAdGroup;
    world.sandbox.resetFaults();
    expect(first).toMatchObject({
      status: 'INCOMPLETE',
      adGroups: [{ name: 'Lost answer', id: null }],
    });
    const second = (await addAdGroup(campaignId, adGroup, key)).data!.addAdGroup;
    expect(second).toMatchObject({ status: 'COMPLETE', keywordsCreated: 1 });
    const made = (await adGroupsOf(campaignId)).filter((g) => g.name === 'Lost answer');
    expect(made.map((g) => g.id)).toEqual([second.adGroups[0]!.id]);
  });

  it("refuses an ad group the campaign's placement does not take", async () => {
    const browse = await created(
      creationInput(
        { adAccountId: world.adAccountId, adamId: world.adamId, campaignName: 'Today tab grows' },
        {
          placement: 'TODAY_TAB',
          adGroups: [
            wizardAdGroup({
              keywords: [],
              ads: [{ name: 'Today ad', productPage: { kind: 'default' } }],
            }),
          ],
        },
      ),
    );
    const answer = await addAdGroup(browse.campaignId!, wizardAdGroup({ name: 'With keywords' }));
    expect(answer.errors?.[0]).toMatchObject({
      message: ADD_TO_CAMPAIGN_MESSAGES.adGroupNotValid,
      extensions: {
        error: 'BAD_REQUEST',
        details: {
          'adGroup.keywords': 'validation.placementNoKeywords',
          'adGroup.ads': 'validation.adRequired',
        },
      },
    });
    expect(await adGroupsOf(browse.campaignId!)).toHaveLength(1);
  });

  it('adds ads to an ad group, read back from Apple, once under a retried key', async () => {
    const productPage = [...world.sandbox.store.productPages.values()].find(
      (p) => p.adamId === world.adamId,
    )!;
    const [adGroup] = await adGroupsOf(campaignId);
    const ads = [
      { name: 'Custom later', productPage: { kind: 'custom', productPageId: productPage.id } },
      { name: 'Default later', productPage: { kind: 'default' } },
    ];
    const key = randomUUID();
    const answer = await addAds(adGroup!.id, ads, key);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.addAds).toEqual({
      idempotencyKey: key,
      status: 'COMPLETE',
      campaignId,
      adGroups: [{ name: adGroup!.name, id: adGroup!.id }],
      keywordsCreated: 0,
      negativeKeywordsCreated: 0,
      adsCreated: 2,
      failure: null,
      refused: [],
    });
    const expected = [
      {
        name: 'Custom later',
        status: 'ENABLED',
        creativeType: 'CUSTOM_PRODUCT_PAGE',
        productPageId: productPage.id,
      },
      {
        name: 'Default later',
        status: 'ENABLED',
        creativeType: 'DEFAULT_PRODUCT_PAGE',
        productPageId: null,
      },
    ];
    expect(await adsOf(adGroup!.id)).toEqual(expected);
    expect((await addAds(adGroup!.id, ads, key)).data!.addAds.adsCreated).toBe(2);
    expect(await adsOf(adGroup!.id)).toEqual(expected);
    const logs = await listActivityLogs(world.server.database.db, world.company.teamId, 5);
    expect(logs.map((log) => log.logType)).toContain('ad_created');
  });

  it('refuses a read-only member, and answers another company NOT_FOUND, sending nothing', async () => {
    const [adGroup] = await adGroupsOf(campaignId);
    const before = await adGroupsOf(campaignId);
    const adGroupInput = wizardAdGroup({ name: 'Not allowed' });
    const ads = [{ name: 'Not allowed', productPage: { kind: 'default' } }];
    for (const [session, error] of [
      [world.readOnlyMember, 'FORBIDDEN'],
      [world.otherCompany, 'NOT_FOUND'],
    ] as const) {
      const adding = await addAdGroup(campaignId, adGroupInput, undefined, session);
      expect(adding.errors?.[0]?.extensions?.error).toBe(error);
      const addingAds = await addAds(adGroup!.id, ads, undefined, session);
      expect(addingAds.errors?.[0]?.extensions?.error).toBe(error);
    }
    expect(await adGroupsOf(campaignId)).toEqual(before);
    expect((await adsOf(adGroup!.id)).map((ad) => ad.name)).not.toContain('Not allowed');
  });
});
