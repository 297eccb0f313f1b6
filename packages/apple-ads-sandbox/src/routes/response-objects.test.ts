// The response objects of the older routes, field by field against Apple's object pages
// (docs/conformance/response-objects.md): each test asserts whole objects, so a renamed, retyped,
// missing or invented field fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountToCents } from '../model/money.js';
import { campaignBody, startTestApi, type Json, type TestApi } from '../server/http-test-client.js';

let api: TestApi;
let adAccountId: number;
let adamId: number;
/** The test clock's instant as Apple writes timestamps. */
const NOW = '2026-06-15T12:00:00.000';

beforeAll(async () => {
  api = await startTestApi();
  adAccountId = api.accountIds[0] ?? 0;
  adamId = api.sandbox.accounts()[0]?.adamIds[0] ?? 0;
});
afterAll(() => api.sandbox.close());

const post = async (path: string, body: unknown) => {
  const response = await api.call('POST', path, { body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Json;
};

/** GET /{path}/{id} and the query by id answer the same object. */
async function expectServed(path: string, id: number | string, expected: Json) {
  expect(await api.call('GET', `/${path}/${id}`)).toEqual({
    status: 200,
    body: { result: expected },
  });
  const query = await api.call('POST', `/${path}/query`, {
    body: { filters: [{ field: 'id', operator: 'EQUALS', value: [id] }] },
  });
  expect(query.body.result).toEqual([expected]);
}

describe('accounts (me.md, useracl.md, acladaccount.md, adaccount.md)', () => {
  it("answers Me, the user's ACLs and an ad account with Apple's fields and types", async () => {
    const { store } = api.sandbox;
    const [user] = [...store.apiUsers.values()];
    expect(await api.call('GET', '/me', { context: null })).toEqual({
      status: 200,
      body: { result: { userId: user?.userId, orgId: store.orgId } },
    });
    expect(await api.call('GET', '/acls', { context: null })).toEqual({
      status: 200,
      body: {
        result: {
          acls: [
            {
              adAccount: { id: api.accountIds[0], name: 'Tapwise Demo', orgId: store.orgId },
              roles: ['Admin'],
            },
            {
              adAccount: { id: api.accountIds[1], name: 'Tapwise Demo EU', orgId: store.orgId },
              roles: ['Admin'],
            },
          ],
        },
      },
    });
    expect(await api.call('GET', `/ad-accounts/${adAccountId}`, { context: null })).toEqual({
      status: 200,
      body: {
        result: {
          id: adAccountId,
          name: 'Tapwise Demo',
          orgId: store.orgId,
          timezone: 'America/Los_Angeles',
          currency: 'USD',
          paymentModel: 'PAYG',
          systemStatus: 'ACTIVE',
          systemStatusReasons: [],
          delegations: [
            {
              resourceId: '33328491',
              resourceType: 'CONTENT_PROVIDER',
              resourceName: 'Northwind Apps',
            },
            {
              resourceId: '13685102',
              resourceType: 'CONTENT_PROVIDER',
              resourceName: 'Mosaic Labs',
            },
          ],
          productFeatures: ['APPSTORE_APP_MANUAL'],
          creationTime: '2024-05-16T07:00:00.000',
          modificationTime: '2024-05-16T07:00:00.000',
        },
      },
    });
  });
});

describe('entities (campaign.md, adgroup.md, keyword.md, negativekeyword.md, ad.md, creative.md, productpagedetails.md)', () => {
  it('answers each entity by GET and by query with exactly the fields of its object page', async () => {
    const campaign = (
      await post(
        '/campaigns',
        campaignBody(api.sandbox, {
          name: 'Objects',
          dailyBudget: { value: { amount: '50', currency: 'USD' } },
        }),
      )
    ).result;
    await expectServed('campaigns', campaign.id, {
      id: campaign.id,
      adAccountId,
      name: 'Objects',
      billingEvent: 'TAPS',
      paymentModel: 'PAYG',
      startTime: NOW,
      endTime: null,
      promotedObjectType: 'APPSTORE_APP',
      promotedObjectId: String(adamId),
      status: 'ENABLED',
      systemStatus: 'NOT_RUNNING',
      systemStatusReasons: ['AD_GROUPS_MISSING'],
      systemStatusLimitingReasons: [],
      displayStatus: 'ON_HOLD',
      dailyBudget: { value: { amount: '50.00', currency: 'USD' } },
      sharedBudgets: [],
      targeting: {
        supplySource: { include: ['APPSTORE'] },
        countryOrRegion: { include: ['US'] },
        supplyPlacement: { include: ['APPSTORE_SEARCH_RESULTS'] },
      },
      bidStrategy: { bidStrategyType: 'MANUAL_CPT', bidStrategyGoal: 'TAP' },
      invoiceDetail: null,
      regulationResponses: [],
      creationTime: NOW,
      modificationTime: NOW,
      deleted: false,
    });

    const adGroup = (
      await post('/adgroups', {
        campaignId: campaign.id,
        name: 'Objects group',
        pricingModel: 'CPT',
        bidStrategy: {
          bidStrategyType: 'MANUAL_CPT',
          bidStrategyGoal: 'TAP',
          bid: { amount: '1.5', currency: 'USD' },
        },
      })
    ).result;
    await expectServed('adgroups', adGroup.id, {
      id: adGroup.id,
      name: 'Objects group',
      adAccountId,
      campaignId: campaign.id,
      startTime: NOW,
      endTime: null,
      pricingModel: 'CPT',
      automatedKeywordsOptIn: false,
      automatedKeywordsRequired: false,
      status: 'ENABLED',
      systemStatus: 'NOT_RUNNING',
      systemStatusReasons: ['KEYWORDS_MISSING'],
      systemStatusLimitingReasons: [],
      displayStatus: 'ON_HOLD',
      bidStrategy: {
        bidStrategyType: 'MANUAL_CPT',
        bidStrategyGoal: 'TAP',
        bid: { amount: '1.50', currency: 'USD' },
      },
      // A group sent without targeting gets Apple's default device classes.
      targeting: { deviceClass: { include: ['IPHONE', 'IPAD'] } },
      cpaCap: null,
      creationTime: NOW,
      modificationTime: NOW,
      deleted: false,
    });

    const keyword = (
      await post('/keywords', {
        adGroupId: adGroup.id,
        text: 'object words',
        matchType: 'EXACT',
        bid: { amount: '2', currency: 'USD' },
      })
    ).result;
    const keywordObject = {
      id: keyword.id,
      adAccountId,
      campaignId: campaign.id,
      adGroupId: adGroup.id,
      text: 'object words',
      matchType: 'EXACT',
      bid: { amount: '2.00', currency: 'USD' },
      status: 'ENABLED',
      displayStatus: 'RUNNING',
      creationTime: NOW,
      modificationTime: NOW,
      deleted: false,
    };
    expect(await api.call('GET', `/keywords/${keyword.id}`)).toEqual({
      status: 200,
      body: { result: keywordObject },
    });
    const keywords = await post('/keywords/query', {
      filters: [{ field: 'adGroupId', operator: 'EQUALS', value: [adGroup.id] }],
    });
    expect(keywords.result).toEqual([keywordObject]);

    const negative = (
      await post('/negative-keywords', {
        adGroupId: adGroup.id,
        text: 'free',
        matchType: 'EXACT',
      })
    ).result;
    const negativeObject = {
      id: negative.id,
      adAccountId,
      campaignId: campaign.id,
      adGroupId: adGroup.id,
      text: 'free',
      matchType: 'EXACT',
      status: 'ENABLED',
      creationTime: NOW,
      modificationTime: NOW,
      deleted: false,
    };
    expect(await api.call('GET', `/negative-keywords/${negative.id}`)).toEqual({
      status: 200,
      body: { result: negativeObject },
    });
    const negatives = await post('/negative-keywords/query', {
      filters: [{ field: 'adGroupId', operator: 'EQUALS', value: [adGroup.id] }],
    });
    expect(negatives.result).toEqual([negativeObject]);
    // negativekeyword.md: adGroupId is null for a campaign-level negative.
    const campaignNegative = (
      await post('/negative-keywords', {
        campaignId: campaign.id,
        text: 'cheap',
        matchType: 'BROAD',
      })
    ).result;
    expect(await api.call('GET', `/negative-keywords/${campaignNegative.id}`)).toEqual({
      status: 200,
      body: {
        result: {
          ...negativeObject,
          id: campaignNegative.id,
          adGroupId: null,
          text: 'cheap',
          matchType: 'BROAD',
        },
      },
    });

    const pages = await post('/product-pages/query', {
      filters: [{ field: 'adamId', operator: 'EQUALS', value: [adamId] }],
    });
    const page = pages.result[0];
    // productpagedetails.md: deepLink only for a page with a configured deep link.
    const pageObject = {
      id: page.id,
      adamId,
      name: 'VividWise Crypto – Seasonal',
      state: 'PUBLISHED',
      creationTime: '2024-06-15T07:00:00.000',
      modificationTime: '2024-06-15T07:00:00.000',
    };
    expect(page).toEqual(pageObject);
    expect(await api.call('GET', `/product-pages/${page.id}`)).toEqual({
      status: 200,
      body: { result: pageObject },
    });

    const creative = (
      await post('/creatives', {
        name: 'Objects page',
        creativeType: 'CUSTOM_PRODUCT_PAGE',
        destination: {
          destinationType: 'APP_STORE_PRODUCT_PAGE',
          parameters: { adamId: String(adamId), productPageId: page.id },
        },
      })
    ).result;
    await expectServed('creatives', creative.id, {
      id: creative.id,
      adAccountId,
      name: 'Objects page',
      creativeType: 'CUSTOM_PRODUCT_PAGE',
      creativeSpec: {},
      destination: {
        destinationType: 'APP_STORE_PRODUCT_PAGE',
        parameters: { adamId: String(adamId), productPageId: page.id },
        url: `https://apps.apple.com/us/app/id/${adamId}`,
      },
      systemStatus: 'VALID',
      systemStatusReasons: [],
      eligibility: {
        status: 'ELIGIBLE',
        allowedGroups: [
          {
            supplyPlacement: [
              'APPSTORE_SEARCH_RESULTS',
              'APPSTORE_SEARCH_TAB',
              'APPSTORE_TODAY_TAB',
              'APPSTORE_PRODUCT_PAGES',
            ],
            countryOrRegion: [],
          },
        ],
        blockedGroups: [],
      },
      creationTime: NOW,
      modificationTime: NOW,
      deleted: false,
    });

    const ad = (
      await post('/ads', {
        adGroupId: adGroup.id,
        creativeId: creative.id,
        name: 'Objects ad',
        status: 'ENABLED',
      })
    ).result;
    await expectServed('ads', ad.id, {
      id: ad.id,
      name: 'Objects ad',
      status: 'ENABLED',
      adAccountId,
      campaignId: campaign.id,
      adGroupId: adGroup.id,
      creativeId: creative.id,
      systemStatus: 'RUNNING',
      systemStatusReasons: [],
      systemStatusLimitingReasons: [],
      displayStatus: 'RUNNING',
      creationTime: NOW,
      modificationTime: NOW,
      deleted: false,
    });
  });
});

describe('apps (appinfo.md, appdetails.md, eligibilityresponse.md)', () => {
  it('answers app search rows, app details and eligibility records in their object shapes', async () => {
    const app = api.sandbox.store.appsByAdamId.get(adamId);
    const search = await api.call('GET', `/search/apps?query=${app?.name}&returnOwnedApps=true`);
    expect(search).toEqual({
      status: 200,
      body: {
        result: [
          {
            adamId,
            appName: 'VividWise Crypto',
            developerName: app?.developer,
            countryOrRegionCodes: ['US', 'GB', 'CA', 'DE', 'FR', 'AU', 'JP'],
          },
        ],
        pagination: { offset: 0, pageSize: 1, totalCount: 1 },
      },
    });
    expect(await api.call('GET', `/apps/${adamId}`)).toEqual({
      status: 200,
      body: {
        result: {
          id: String(adamId),
          appName: 'VividWise Crypto',
          artistName: app?.developer,
          primaryLanguage: 'en-US',
          primaryGenre: '>Mobile Software Applications>Finance',
          deviceClasses: ['IPHONE', 'IPAD'],
          iconPictureUrl: `https://is1-ssl.mzstatic.com/image/thumb/sandbox/${adamId}/AppIcon-1024x1024.png`,
          isPreorder: false,
          availableStorefronts: ['US', 'GB', 'CA', 'DE', 'FR', 'AU', 'JP'],
        },
      },
    });
    const eligibility = await post('/eligibilities/apps/query', {
      filters: [
        { field: 'adamId', operator: 'EQUALS', value: [adamId] },
        { field: 'countryOrRegion', operator: 'EQUALS', value: ['US'] },
      ],
    });
    expect(eligibility.result).toEqual(
      [
        'APPSTORE_SEARCH_RESULTS',
        'APPSTORE_SEARCH_TAB',
        'APPSTORE_TODAY_TAB',
        'APPSTORE_PRODUCT_PAGES',
      ].map((supplyPlacement) => ({
        adamId,
        supplyPlacement,
        supplySource: 'APPSTORE',
        minAge: 4,
        state: 'ELIGIBLE',
        countryOrRegion: 'US',
        deviceClass: 'IPHONE',
        creationTime: '2024-05-16T07:00:00.000',
        modificationTime: '2024-05-16T07:00:00.000',
      })),
    );
  });
});

describe('geo search (searchentity.md)', () => {
  it('answers the same SearchEntity by name (GET) and by id (POST)', async () => {
    const sanAntonio = {
      id: '11390012',
      legacyId: 'US|TX|San Antonio',
      entity: 'Locality',
      displayName: 'San Antonio, Texas, United States',
      countryOrRegion: 'US',
      adminArea: 'TX',
      locality: 'San Antonio',
    };
    const byName = await api.call(
      'GET',
      '/search/geo?query=San%20Antonio&entity=Locality&supplySource=APPSTORE',
    );
    expect(byName).toEqual({
      status: 200,
      body: { result: [sanAntonio], pagination: { totalCount: 1, offset: 0, pageSize: 20 } },
    });
    const byId = await post('/search/geo', {
      supplySource: 'APPSTORE',
      geoRequest: [{ entity: 'Locality', id: '11390012' }],
    });
    expect(byId).toEqual({
      result: [sanAntonio],
      pagination: { totalCount: 1, offset: 0, pageSize: 20 },
    });
    const country = await post('/search/geo', {
      supplySource: 'APPSTORE',
      geoRequest: [{ entity: 'Country', legacyId: 'US' }],
    });
    // A country has no adminArea or locality (searchentity.md: present for finer entities only).
    expect(country.result).toEqual([
      {
        id: '10001',
        legacyId: 'US',
        entity: 'Country',
        displayName: 'United States',
        countryOrRegion: 'US',
      },
    ]);
  });
});

describe('change history (auditsummary.md, changedetails.md, activitydetail.md)', () => {
  it('answers AuditSummary rows and ChangeDetails with string ids and string values', async () => {
    const campaign = (
      await post(
        '/campaigns',
        campaignBody(api.sandbox, {
          name: 'History',
          dailyBudget: { value: { amount: '50', currency: 'USD' } },
        }),
      )
    ).result;
    const renamed = await api.call('PUT', `/campaigns/${campaign.id}`, {
      body: { name: 'History renamed' },
    });
    expect(renamed.status).toBe(200);
    const [user] = [...api.sandbox.store.apiUsers.values()];
    const modifiedBy = String(user?.userId);
    const summary = await post('/change-history/query', {
      filters: [
        { field: 'eventTime', operator: 'GREATER_THAN', value: '2026-06-15T11:59:59.000Z' },
        { field: 'entityId', operator: 'EQUALS', value: String(campaign.id) },
        { field: 'eventType', operator: 'IN', value: ['UPDATE'] },
      ],
      options: { metadata: 'latest' },
    });
    const transactionId = summary.result[0]?.transactionId;
    const detailId = `Campaign.${campaign.id}.${transactionId}`;
    expect(summary).toEqual({
      dataType: 'AuditSummary',
      result: [
        {
          transactionId: expect.stringMatching(/^\d+$/),
          eventType: 'UPDATE',
          eventTime: `${NOW}Z`,
          entityType: 'Campaign',
          count: 1,
          metas: [
            {
              Campaign: String(campaign.id),
              detailId,
              meta: {
                name: 'History renamed',
                adAccountId: String(adAccountId),
                campaignId: String(campaign.id),
              },
            },
          ],
          userType: 'CUSTOMER_API',
          modifiedBy,
        },
      ],
      pagination: { offset: 0, pageSize: 1, totalCount: 1 },
      error: null,
    });
    expect(await api.call('GET', `/change-history/${detailId}`)).toEqual({
      status: 200,
      body: {
        dataType: 'ChangeDetail',
        result: [
          {
            transactionId,
            detailId,
            eventType: 'UPDATE',
            entityType: 'Campaign',
            entityId: String(campaign.id),
            eventTime: `${NOW}Z`,
            userType: 'CUSTOMER_API',
            modifiedBy,
            entityMetaData: {
              name: 'History renamed',
              adAccountId: String(adAccountId),
              campaignId: String(campaign.id),
            },
            details: [
              {
                transactionId,
                changes: [
                  { field: 'name', oldValues: ['History'], newValues: ['History renamed'] },
                ],
              },
            ],
          },
        ],
        pagination: { offset: 0, pageSize: 1, totalCount: 1 },
        error: null,
      },
    });
  });
});

describe('suggestions and recommendations (keywordsuggestion.md, phrasesuggestion.md, targetcpasuggestion.md, dailycaprecommendation.md, targetcparecommendation.md, and their history pages)', () => {
  /** Computed figures are checked for their JSON type; everything else for its value. */
  const usd = { amount: expect.stringMatching(/^\d+\.\d\d$/), currency: 'USD' };
  const count = expect.any(Number);
  const appFilters = () => [
    { field: 'promotedObjectId', operator: 'EQUALS', value: [String(adamId)] },
    { field: 'promotedObjectType', operator: 'EQUALS', value: ['APPSTORE_APP'] },
  ];

  it('answers suggestions with exactly their fields', async () => {
    const keywords = await post('/suggestions/keywords/query', {
      filters: appFilters(),
      pagination: { offset: 0, pageSize: 1 },
    });
    expect(keywords).toEqual({
      result: [{ text: expect.any(String), popularity: count }],
      pagination: { offset: 0, pageSize: 1, totalCount: count },
    });
    const phrases = await post('/suggestions/phrases/query', {
      filters: [...appFilters(), { field: 'queryType', operator: 'EQUALS', value: ['SUGGESTION'] }],
      pagination: { offset: 0, pageSize: 1 },
    });
    expect(phrases).toEqual({
      result: [{ phrase: expect.any(String), popularity: count }],
      pagination: { offset: 0, pageSize: 1, totalCount: count },
    });
    expect(await post('/suggestions/target-cpas/query', { filters: appFilters() })).toEqual({
      result: {
        promotedObjectId: String(adamId),
        suggestedTargetCPA: usd,
        countryOrRegion: ['US'],
        appCategory: 'Finance',
      },
      pagination: null,
    });
  });

  it("answers recommendations in their kind's shape and history records for decisions", async () => {
    const { store } = api.sandbox;
    const dailyCaps = await post('/recommendations/daily-budgets/query', {
      filters: appFilters(),
    });
    const dailyCap = dailyCaps.result[0];
    const capped = store.campaigns.get(dailyCap.campaignId);
    const common = {
      promotedObjectId: String(adamId),
      promotedObjectType: 'APPSTORE_APP',
      campaignId: capped?.id,
      campaignName: capped?.name,
      state: 'AVAILABLE',
      status: 'ENABLED',
      // recommendationbidstrategy.md: no bid on this campaign, so no bidAmount.
      bidStrategy: { bidStrategyType: 'MANUAL_CPT', bidStrategyGoal: 'TAP' },
      installs: count,
      spend: usd,
      averageCPA: usd,
      averageCPT: usd,
      impression: count,
      taps: count,
      ttr: count,
      expectedInstalls: count,
      expectedSpend: usd,
      expectedTaps: count,
      creationTime: '2026-06-15T07:00:00.000',
      modificationTime: '2026-06-15T07:00:00.000',
      expirationTime: '2026-06-22T07:00:00.000',
    };
    expect(dailyCap).toEqual({
      ...common,
      id: `DAILYCAP-${capped?.id}-${amountToCents(capped?.dailyBudget.value.amount ?? '')}`,
      recommendationType: 'DAILYCAP',
      adAccountId,
      suggestedDailyBudgetAmount: usd,
      dailyBudget: capped?.dailyBudget.value,
      expectedImpressions: count,
      expectedCpa: usd,
    });
    const applied = await post('/recommendations/daily-budgets/apply', [
      {
        id: dailyCap.id,
        promotedObjectId: String(adamId),
        promotedObjectType: 'APPSTORE_APP',
        appliedDailyBudget: { amount: '999.00', currency: 'USD' },
      },
    ]);
    const {
      id: _id,
      adAccountId: _account,
      dailyBudget: _budget,
      bidStrategy: _bid,
      ...kept
    } = dailyCap;
    expect(applied).toEqual({
      result: [
        {
          ...kept,
          recommendationId: dailyCap.id,
          state: 'APPLIED',
          appliedDailyBudgetAmount: { amount: '999.00', currency: 'USD' },
          rank: 1,
          expectedImpressionsLow: count,
          expectedImpressionsHigh: count,
          expectedInstallsLow: count,
          expectedInstallsHigh: count,
          expectedSpendLow: usd,
          expectedSpendHigh: usd,
          expectedTapsLow: count,
          expectedTapsHigh: count,
          expectedCpaLow: usd,
          expectedCpaHigh: usd,
          modificationTime: NOW,
          appliedTime: NOW,
        },
      ],
      pagination: null,
    });

    const targetCpa = (await post('/recommendations/target-cpas/query', { filters: appFilters() }))
      .result[0];
    const target = store.campaigns.get(targetCpa.campaignId);
    expect(targetCpa).toEqual({
      ...common,
      campaignId: target?.id,
      campaignName: target?.name,
      id: `TCPA-${target?.id}`,
      recommendationType: 'TCPA',
      recommendedTargetCPA: usd,
      expectedCPA: usd,
    });
    const dismissed = await post('/recommendations/target-cpas/dismiss', [
      { id: targetCpa.id, promotedObjectId: String(adamId), promotedObjectType: 'APPSTORE_APP' },
    ]);
    const { id: _tcpaId, bidStrategy: _tcpaBid, ...tcpaKept } = targetCpa;
    expect(dismissed).toEqual({
      result: [
        {
          ...tcpaKept,
          recommendationId: targetCpa.id,
          state: 'DISMISSED',
          appliedTargetCPA: null,
          rank: 1,
          modificationTime: NOW,
          appliedTime: NOW,
        },
      ],
      pagination: null,
    });
  });
});
