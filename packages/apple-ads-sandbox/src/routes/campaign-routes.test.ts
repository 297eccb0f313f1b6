import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailsOf, startRouteHarness, type RouteHarness } from '../server/http-test-client.js';

let harness: RouteHarness;
let adamId: string;
let counter = 0;

beforeAll(async () => {
  harness = await startRouteHarness();
  adamId = String(harness.sandbox.accounts()[0]?.adamIds[0]);
});
afterAll(() => harness.sandbox.close());

const campaignBody = (extra: Record<string, unknown> = {}) => ({
  adAccountId: harness.adAccountId,
  name: `Routes ${++counter}`,
  billingEvent: 'TAPS',
  promotedObjectType: 'APPSTORE_APP',
  promotedObjectId: adamId,
  dailyBudget: { value: { amount: '50.00', currency: 'USD' } },
  targeting: { countryOrRegion: { include: ['US'] } },
  ...extra,
});

async function createCampaign(extra: Record<string, unknown> = {}) {
  const response = await harness.call('POST', '/campaigns', campaignBody(extra));
  expect(response.status).toBe(200);
  return response.body.result as { id: number };
}

async function createAdGroup(campaignId: number) {
  const response = await harness.call('POST', '/adgroups', {
    campaignId,
    name: `Group ${++counter}`,
    pricingModel: 'CPT',
    bidStrategy: {
      bidStrategyType: 'MANUAL_CPT',
      bidStrategyGoal: 'TAP',
      bid: { amount: '1.50', currency: 'USD' },
    },
  });
  expect(response.status).toBe(200);
  return response.body.result as { id: number };
}

describe('POST /campaigns', () => {
  it('refuses a bid strategy paired with a goal Apple does not pair it with', async () => {
    const response = await harness.call(
      'POST',
      '/campaigns',
      campaignBody({ bidStrategy: { bidStrategyType: 'MAX_CONVERSIONS', bidStrategyGoal: 'TAP' } }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(detailsOf(response)).toEqual([['INVALID_VALUE', 'bidStrategy.bidStrategyGoal']]);
  });

  it('refuses a bid strategy type sent without its goal', async () => {
    const response = await harness.call(
      'POST',
      '/campaigns',
      campaignBody({ bidStrategy: { bidStrategyType: 'MANUAL_CPT' } }),
    );
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([['INVALID_VALUE', 'bidStrategy.bidStrategyGoal']]);
  });

  it('stores the bid strategy and billing event it was sent', async () => {
    const campaign = await createCampaign({
      billingEvent: 'TAPS',
      bidStrategy: { bidStrategyType: 'MAX_CONVERSIONS', bidStrategyGoal: 'INSTALL' },
    });
    const stored = await harness.call('GET', `/campaigns/${campaign.id}`);
    expect(stored.body.result.bidStrategy).toEqual({
      bidStrategyType: 'MAX_CONVERSIONS',
      bidStrategyGoal: 'INSTALL',
    });
  });

  it('names every missing required field, unknown field and invalid value', async () => {
    const response = await harness.call('POST', '/campaigns', {
      adAccountId: harness.adAccountId,
      name: 'x'.repeat(201),
      billingEvent: 'CLICKS',
      promotedObjectId: adamId,
      dailyBudget: { value: { amount: '1.234' } },
      targeting: { countryOrRegion: { include: [] } },
      id: 7,
      startTime: '2030-01-02T00:00:00.000',
      endTime: '2030-01-01T00:00:00.000',
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual(
      expect.arrayContaining([
        ['INVALID_FIELD', 'id'],
        ['INVALID_VALUE', 'name'],
        ['INVALID_VALUE', 'billingEvent'],
        ['FIELD_REQUIRED', 'promotedObjectType'],
        ['INVALID_VALUE', 'dailyBudget.value.amount'],
        ['INVALID_VALUE', 'targeting.countryOrRegion'],
      ]),
    );
  });

  it("refuses a start or end time not written yyyy-MM-dd'T'HH:mm:ss.SSS", async () => {
    const response = await harness.call(
      'POST',
      '/campaigns',
      campaignBody({ startTime: '2030-01-02', endTime: '2030-01-03T00:00:00Z' }),
    );
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([
      ['INVALID_VALUE', 'startTime'],
      ['INVALID_VALUE', 'endTime'],
    ]);
  });

  it('requires invoiceDetail of a line-of-credit account, and stores it', async () => {
    const account = harness.sandbox.store.accountOf(harness.adAccountId);
    account.paymentModel = 'LOC';
    try {
      const refused = await harness.call('POST', '/campaigns', campaignBody());
      expect(refused.status).toBe(400);
      expect(detailsOf(refused)).toEqual([['FIELD_REQUIRED', 'invoiceDetail']]);
      const invoiceDetail = {
        clientName: 'Client',
        orderNumber: 'PO-1',
        primaryBuyerName: 'Jordan Lee',
        primaryBuyerEmail: 'jordan@example.com',
        billingEmail: 'billing@example.com',
      };
      const created = await harness.call('POST', '/campaigns', campaignBody({ invoiceDetail }));
      expect(created.status).toBe(200);
      expect(created.body.result).toMatchObject({ paymentModel: 'LOC', invoiceDetail });
    } finally {
      account.paymentModel = 'PAYG';
    }
  });

  it('takes only the context account, its currency and apps, and a name not yet used', async () => {
    const foreign = await harness.call(
      'POST',
      '/campaigns',
      campaignBody({
        adAccountId: harness.adAccountId + 1,
        dailyBudget: { value: { amount: '50.00', currency: 'EUR' } },
        promotedObjectId: '1',
      }),
    );
    expect(foreign.status).toBe(400);
    expect(detailsOf(foreign)).toEqual([
      ['INVALID_VALUE', 'dailyBudget.value.currency'],
      ['INVALID_VALUE', 'adAccountId'],
      ['INVALID_VALUE', 'promotedObjectId'],
    ]);
    const brand = await harness.call(
      'POST',
      '/campaigns',
      campaignBody({ promotedObjectType: 'BUSINESS_BRAND' }),
    );
    expect(detailsOf(brand)).toEqual([['INVALID_VALUE', 'promotedObjectId']]);
    const first = await createCampaign();
    const name = (await harness.call('GET', `/campaigns/${first.id}`)).body.result.name;
    const duplicate = await harness.call('POST', '/campaigns', campaignBody({ name }));
    expect(detailsOf(duplicate)).toEqual([['DUPLICATE_NAME', 'name']]);
  });

  it('refuses an end before the start', async () => {
    const response = await harness.call(
      'POST',
      '/campaigns',
      campaignBody({ startTime: '2030-01-02T00:00:00.000', endTime: '2030-01-01T00:00:00.000' }),
    );
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([['INVALID_VALUE', 'endTime']]);
  });
});

describe('PUT /campaigns/{id}', () => {
  it('refuses the fields fixed at creation', async () => {
    const campaign = await createCampaign();
    const response = await harness.call('PUT', `/campaigns/${campaign.id}`, {
      billingEvent: 'IMPRESSIONS',
      promotedObjectId: adamId,
      displayStatus: 'RUNNING',
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([
      ['INVALID_FIELD', 'billingEvent'],
      ['INVALID_FIELD', 'promotedObjectId'],
      ['INVALID_FIELD', 'displayStatus'],
    ]);
  });

  it('refuses a mismatched bid strategy and applies a matched one', async () => {
    const campaign = await createCampaign();
    const refused = await harness.call('PUT', `/campaigns/${campaign.id}`, {
      bidStrategy: { bidStrategyType: 'MANUAL_CPM', bidStrategyGoal: 'TAP' },
    });
    expect(detailsOf(refused)).toEqual([['INVALID_VALUE', 'bidStrategy.bidStrategyGoal']]);
    const applied = await harness.call('PUT', `/campaigns/${campaign.id}`, {
      bidStrategy: { bidStrategyType: 'MAX_CONVERSIONS', bidStrategyGoal: 'INSTALL' },
      startTime: '2020-01-01T00:00:00.000',
    });
    expect(applied.status).toBe(200);
    expect(applied.body.result).toMatchObject({
      bidStrategy: { bidStrategyType: 'MAX_CONVERSIONS', bidStrategyGoal: 'INSTALL' },
      startTime: '2020-01-01T00:00:00.000',
    });
  });

  it('refuses an empty countryOrRegion include', async () => {
    const campaign = await createCampaign();
    const response = await harness.call('PUT', `/campaigns/${campaign.id}`, {
      targeting: { countryOrRegion: { include: [] } },
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([['INVALID_VALUE', 'targeting.countryOrRegion.include']]);
  });

  it("puts a paused campaign's ad groups and keywords on CAMPAIGN_ON_HOLD", async () => {
    const campaign = await createCampaign();
    const adGroup = await createAdGroup(campaign.id);
    const keyword = await harness.call('POST', '/keywords', { adGroupId: adGroup.id, text: 'x1' });
    await harness.call('PUT', `/campaigns/${campaign.id}`, { status: 'PAUSED' });
    const [group, word] = await Promise.all([
      harness.call('GET', `/adgroups/${adGroup.id}`),
      harness.call('GET', `/keywords/${keyword.body.result.id}`),
    ]);
    expect(group.body.result).toMatchObject({
      displayStatus: 'CAMPAIGN_ON_HOLD',
      systemStatusReasons: ['CAMPAIGN_NOT_RUNNING'],
    });
    expect(word.body.result.displayStatus).toBe('CAMPAIGN_ON_HOLD');
  });
});

describe('DELETE /campaigns/{id} and /adgroups/{id}', () => {
  async function tree() {
    const campaign = await createCampaign();
    const adGroup = await createAdGroup(campaign.id);
    const keyword = await harness.call('POST', '/keywords', { adGroupId: adGroup.id, text: 'k1' });
    const negative = await harness.call('POST', '/negative-keywords', {
      adGroupId: adGroup.id,
      text: 'n1',
    });
    const campaignNegative = await harness.call('POST', '/negative-keywords', {
      campaignId: campaign.id,
      text: 'n2',
    });
    const creatives = await harness.call('POST', '/creatives/query', {
      filters: [{ field: 'creativeType', operator: 'EQUALS', value: 'DEFAULT_PRODUCT_PAGE' }],
    });
    const creative = creatives.body.result.find(
      (c: { destination: { parameters: { adamId: string } } }) =>
        c.destination.parameters.adamId === adamId,
    );
    const ad = await harness.call('POST', '/ads', {
      adGroupId: adGroup.id,
      creativeId: creative.id,
      name: 'Ad',
      status: 'ENABLED',
    });
    expect(ad.status).toBe(200);
    return {
      campaign,
      adGroup,
      keywordId: keyword.body.result.id as number,
      negativeId: negative.body.result.id as number,
      campaignNegativeId: campaignNegative.body.result.id as number,
      adId: ad.body.result.id as number,
    };
  }

  const deletedIds = async (path: string, ids: number[]) => {
    const page = await harness.call('POST', `${path}/query`, {
      filters: [
        { field: 'id', operator: 'IN', value: ids },
        { field: 'deleted', operator: 'EQUALS', value: true },
      ],
    });
    return page.body.result
      .filter((e: { deleted: boolean }) => e.deleted)
      .map((e: { id: number }) => e.id);
  };

  it('deletes an ad group with its keywords, ads and negative keywords', async () => {
    const { adGroup, keywordId, negativeId, campaignNegativeId, adId } = await tree();
    expect((await harness.call('DELETE', `/adgroups/${adGroup.id}`)).status).toBe(200);
    expect(await deletedIds('/keywords', [keywordId])).toEqual([keywordId]);
    expect(await deletedIds('/ads', [adId])).toEqual([adId]);
    const ads = await harness.call('POST', '/ads/query', {
      filters: [
        { field: 'id', operator: 'EQUALS', value: adId },
        { field: 'deleted', operator: 'EQUALS', value: true },
      ],
    });
    expect(ads.body.result[0]).toMatchObject({
      displayStatus: 'DELETED',
      systemStatus: 'NOT_RUNNING',
      systemStatusReasons: ['DELETED_BY_USER'],
    });
    expect(await deletedIds('/negative-keywords', [negativeId, campaignNegativeId])).toEqual([
      negativeId,
    ]);
  });

  it('deletes a campaign with its ad groups and everything under them', async () => {
    const { campaign, adGroup, keywordId, negativeId, campaignNegativeId, adId } = await tree();
    expect((await harness.call('DELETE', `/campaigns/${campaign.id}`)).status).toBe(200);
    expect(await deletedIds('/adgroups', [adGroup.id])).toEqual([adGroup.id]);
    expect(await deletedIds('/keywords', [keywordId])).toEqual([keywordId]);
    expect(await deletedIds('/ads', [adId])).toEqual([adId]);
    expect(
      (await deletedIds('/negative-keywords', [negativeId, campaignNegativeId])).sort(),
    ).toEqual([negativeId, campaignNegativeId].sort());
  });
});

describe('GET of deleted entities', () => {
  it('still answers a deleted campaign, ad group, keyword and negative by id, and refuses to change them', async () => {
    const campaign = await createCampaign();
    const adGroup = await createAdGroup(campaign.id);
    const keyword = await harness.call('POST', '/keywords', {
      adGroupId: adGroup.id,
      text: 'gone',
    });
    const negative = await harness.call('POST', '/negative-keywords', {
      adGroupId: adGroup.id,
      text: 'gone too',
    });
    await harness.call('DELETE', `/campaigns/${campaign.id}`);
    const paths = [
      `/campaigns/${campaign.id}`,
      `/adgroups/${adGroup.id}`,
      `/keywords/${keyword.body.result.id}`,
      `/negative-keywords/${negative.body.result.id}`,
    ];
    for (const path of paths) {
      const read = await harness.call('GET', path);
      expect([path, read.status, read.body.result.deleted]).toEqual([path, 200, true]);
      const write = await harness.call('PUT', path, { status: 'PAUSED' });
      expect([path, write.status]).toEqual([path, 404]);
    }
  });
});

describe('POST /adgroups and PUT /adgroups/{id}', () => {
  it('refuses a pricing model that does not match the campaign billing event', async () => {
    const campaign = await createCampaign();
    const response = await harness.call('POST', '/adgroups', {
      campaignId: campaign.id,
      name: 'CPM group',
      pricingModel: 'CPM',
      bidStrategy: {
        bidStrategyType: 'MANUAL_CPT',
        bidStrategyGoal: 'TAP',
        bid: { amount: '1.00' },
      },
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([['INVALID_VALUE', 'pricingModel']]);
  });

  it('refuses unknown targeting dimensions, a missing pricing model and a mismatched goal', async () => {
    const campaign = await createCampaign();
    const response = await harness.call('POST', '/adgroups', {
      campaignId: campaign.id,
      name: 'Bad group',
      bidStrategy: { bidStrategyType: 'MANUAL_CPT', bidStrategyGoal: 'INSTALL' },
      targeting: { shoeSize: { include: ['42'] } },
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual(
      expect.arrayContaining([
        ['FIELD_REQUIRED', 'pricingModel'],
        ['INVALID_VALUE', 'bidStrategy.bidStrategyGoal'],
        ['INVALID_FIELD', 'targeting.shoeSize'],
      ]),
    );
  });

  it("needs a bid, and bids only MANUAL_CPT or MAX_CONVERSIONS (the campaign's strategy by default)", async () => {
    const campaign = await createCampaign();
    const group = { campaignId: campaign.id, name: 'No bid', pricingModel: 'CPT' };
    const withoutBid = await harness.call('POST', '/adgroups', group);
    expect(withoutBid.status).toBe(400);
    expect(detailsOf(withoutBid)).toEqual([['FIELD_REQUIRED', 'bidStrategy.bid']]);
    const cpm = await harness.call('POST', '/adgroups', {
      ...group,
      bidStrategy: {
        bidStrategyType: 'MANUAL_CPM',
        bidStrategyGoal: 'IMPRESSION',
        bid: { amount: '1.00' },
      },
    });
    expect(detailsOf(cpm)).toEqual([['INVALID_VALUE', 'bidStrategy.bidStrategyType']]);
  });

  it('takes daypart slots 0 to 167 as integer strings', async () => {
    const campaign = await createCampaign();
    const group = (daypart: unknown) => ({
      campaignId: campaign.id,
      name: `Daypart ${++counter}`,
      pricingModel: 'CPT',
      bidStrategy: { bidStrategyType: 'MANUAL_CPT', bidStrategyGoal: 'TAP', bid: { amount: '1' } },
      targeting: { daypart },
    });
    const refused = await harness.call(
      'POST',
      '/adgroups',
      group({ include: ['0', '168', 'Monday 9', '-1'] }),
    );
    expect(refused.status).toBe(400);
    expect(detailsOf(refused)).toEqual([
      ['INVALID_VALUE', 'targeting.daypart.include.1'],
      ['INVALID_VALUE', 'targeting.daypart.include.2'],
      ['INVALID_VALUE', 'targeting.daypart.include.3'],
    ]);
    const created = await harness.call('POST', '/adgroups', group({ include: ['0', '99', '167'] }));
    expect(created.status).toBe(200);
    expect(created.body.result.targeting.daypart).toEqual({ include: ['0', '99', '167'] });
  });

  it('refuses pricingModel and campaignId on update, and applies the schedule', async () => {
    const campaign = await createCampaign();
    const adGroup = await createAdGroup(campaign.id);
    const refused = await harness.call('PUT', `/adgroups/${adGroup.id}`, {
      pricingModel: 'CPM',
      campaignId: campaign.id,
    });
    expect(detailsOf(refused)).toEqual([
      ['INVALID_FIELD', 'pricingModel'],
      ['INVALID_FIELD', 'campaignId'],
    ]);
    const updated = await harness.call('PUT', `/adgroups/${adGroup.id}`, {
      endTime: '2031-01-01T00:00:00.000',
    });
    expect(updated.body.result.endTime).toBe('2031-01-01T00:00:00.000');
  });
});

describe('GET /campaigns/{id}/legacy-app-limited-status-reason-details', () => {
  const path = (id: number | string) => `/campaigns/${id}/legacy-app-limited-status-reason-details`;

  it('maps each targeted storefront to its reasons: none where the app is published', async () => {
    const campaign = await createCampaign({
      targeting: { countryOrRegion: { include: ['US', 'KR', 'GB'] } },
    });
    expect(await harness.call('GET', path(campaign.id))).toEqual({
      status: 200,
      body: {
        result: {
          countryOrRegionLimitedStatusReasons: { US: [], KR: ['APP_NOT_PUBLISHED_YET'], GB: [] },
        },
      },
    });
  });

  it('answers 404 for an unknown or deleted campaign and 400 for a non-integer id', async () => {
    const campaign = await createCampaign();
    expect((await harness.call('DELETE', `/campaigns/${campaign.id}`)).status).toBe(200);
    expect((await harness.call('GET', path(campaign.id))).status).toBe(404);
    expect((await harness.call('GET', path(1))).status).toBe(404);
    const invalid = await harness.call('GET', path('abc'));
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('INVALID_REQUEST');
  });
});
