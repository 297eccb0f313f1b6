import { APP_STORE_PLACEMENTS } from '@tapwise/apple-ads-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDateOfDay, localDayOf } from '../model/calendar.js';
import type { Creative } from '../model/entities.js';
import { detailsOf, startTestApi, type Json, type TestApi } from '../server/http-test-client.js';

let api: TestApi;
let adamId: string;
let otherAdamId: string;
let counter = 0;

beforeAll(async () => {
  api = await startTestApi();
  [adamId, otherAdamId] = (api.sandbox.accounts()[0]?.adamIds ?? []).map(String) as [
    string,
    string,
  ];
});
afterAll(() => api.sandbox.close());

const call = (method: string, path: string, body?: unknown) => api.call(method, path, { body });

const campaignBody = (placement: string, extra: Record<string, unknown> = {}) => ({
  adAccountId: api.accountIds[0],
  name: `Placement ${++counter}`,
  billingEvent: 'TAPS',
  promotedObjectType: 'APPSTORE_APP',
  promotedObjectId: adamId,
  dailyBudget: { value: { amount: '500.00', currency: 'USD' } },
  targeting: {
    countryOrRegion: { include: ['US'] },
    supplyPlacement: { include: [placement] },
  },
  bidStrategy: { bidStrategyType: 'MANUAL_CPT', bidStrategyGoal: 'TAP' },
  ...extra,
});

const adGroupBody = (campaignId: number, extra: Record<string, unknown> = {}) => ({
  campaignId,
  name: `Group ${++counter}`,
  pricingModel: 'CPT',
  bidStrategy: {
    bidStrategyType: 'MANUAL_CPT',
    bidStrategyGoal: 'TAP',
    bid: { amount: '3.00', currency: 'USD' },
  },
  ...extra,
});

async function created(path: string, body: unknown): Promise<Json> {
  const response = await call('POST', path, body);
  expect(response.status).toBe(200);
  return response.body.result;
}

async function refused(path: string, body: unknown, method = 'POST') {
  const response = await call(method, path, body);
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe('VALIDATION_ERROR');
  return detailsOf(response);
}

/** A product page creative of the app already in the demo account. */
function creativeOf(app: string, creativeType: Creative['creativeType']): number {
  const creative = [...api.sandbox.store.creatives.values()].find(
    (candidate) =>
      candidate.adAccountId === api.accountIds[0] &&
      candidate.creativeType === creativeType &&
      candidate.destination.parameters.adamId === app,
  );
  return creative?.id ?? 0;
}

describe('POST /campaigns on each App Store placement', () => {
  it('creates a campaign on every App Store placement and answers it as sent', async () => {
    for (const placement of APP_STORE_PLACEMENTS) {
      const campaign = await created('/campaigns', campaignBody(placement));
      const read = await call('GET', `/campaigns/${campaign.id}`);
      expect(read.body.result).toMatchObject({
        billingEvent: 'TAPS',
        promotedObjectType: 'APPSTORE_APP',
        promotedObjectId: adamId,
        bidStrategy: { bidStrategyType: 'MANUAL_CPT', bidStrategyGoal: 'TAP' },
      });
      expect(read.body.result.targeting).toEqual({
        supplySource: { include: ['APPSTORE'] },
        countryOrRegion: { include: ['US'] },
        supplyPlacement: { include: [placement] },
      });
    }
  });

  it('serves search results when supplyPlacement is omitted (choice)', async () => {
    const body = campaignBody('APPSTORE_SEARCH_RESULTS');
    const campaign = await created('/campaigns', {
      ...body,
      targeting: { countryOrRegion: { include: ['US'] } },
    });
    expect(campaign.targeting.supplyPlacement).toEqual({ include: ['APPSTORE_SEARCH_RESULTS'] });
  });

  it('refuses an unknown placement, a Maps placement and two placements in one campaign', async () => {
    expect(await refused('/campaigns', campaignBody('APPSTORE_TOP_CHARTS'))).toEqual([
      ['INVALID_VALUE', 'targeting.supplyPlacement.include.0'],
    ]);
    expect(await refused('/campaigns', campaignBody('MAPS_SEARCH_HOME'))).toEqual([
      ['INVALID_VALUE', 'targeting.supplyPlacement.include.0'],
    ]);
    const two = campaignBody('APPSTORE_TODAY_TAB');
    two.targeting.supplyPlacement.include.push('APPSTORE_SEARCH_TAB');
    expect(await refused('/campaigns', two)).toEqual([
      ['INVALID_VALUE', 'targeting.supplyPlacement.include'],
    ]);
  });

  it('bills an app campaign on taps, from APPSTORE, with MANUAL_CPT or MAX_CONVERSIONS', async () => {
    expect(
      await refused(
        '/campaigns',
        campaignBody('APPSTORE_TODAY_TAB', {
          billingEvent: 'IMPRESSIONS',
          bidStrategy: { bidStrategyType: 'MANUAL_CPM', bidStrategyGoal: 'IMPRESSION' },
        }),
      ),
    ).toEqual([
      ['INVALID_VALUE', 'billingEvent'],
      ['INVALID_VALUE', 'bidStrategy.bidStrategyType'],
    ]);
    const maps = campaignBody('APPSTORE_SEARCH_TAB');
    expect(
      await refused('/campaigns', {
        ...maps,
        targeting: { ...maps.targeting, supplySource: { include: ['MAPS'] } },
      }),
    ).toEqual([['INVALID_VALUE', 'targeting.supplySource.include']]);
  });

  it('takes MAX_CONVERSIONS in search results only (choice)', async () => {
    const maxConversions = {
      bidStrategy: { bidStrategyType: 'MAX_CONVERSIONS', bidStrategyGoal: 'INSTALL' },
    };
    await created('/campaigns', campaignBody('APPSTORE_SEARCH_RESULTS', maxConversions));
    for (const placement of APP_STORE_PLACEMENTS.slice(1))
      expect(await refused('/campaigns', campaignBody(placement, maxConversions))).toEqual([
        ['INVALID_VALUE', 'bidStrategy.bidStrategyType'],
      ]);
  });
});

describe('PUT /campaigns/{id} on a placement', () => {
  it('keeps the placement it was created for and the App Store bid strategies', async () => {
    const campaign = await created('/campaigns', campaignBody('APPSTORE_PRODUCT_PAGES'));
    expect(
      await refused(
        `/campaigns/${campaign.id}`,
        {
          targeting: { supplyPlacement: { include: ['APPSTORE_SEARCH_RESULTS'] } },
          bidStrategy: { bidStrategyType: 'MAX_CONVERSIONS', bidStrategyGoal: 'INSTALL' },
        },
        'PUT',
      ),
    ).toEqual([
      ['INVALID_VALUE', 'targeting.supplyPlacement.include'],
      ['INVALID_VALUE', 'bidStrategy.bidStrategyType'],
    ]);
    expect(
      await refused(
        `/campaigns/${campaign.id}`,
        { bidStrategy: { bidStrategyType: 'MAX_ENGAGEMENTS', bidStrategyGoal: 'TAP' } },
        'PUT',
      ),
    ).toEqual([['INVALID_VALUE', 'bidStrategy.bidStrategyType']]);
    const same = await call('PUT', `/campaigns/${campaign.id}`, {
      targeting: { supplyPlacement: { include: ['APPSTORE_PRODUCT_PAGES'] } },
    });
    expect(same.status).toBe(200);
  });
});

describe('POST /adgroups and PUT /adgroups/{id} on a placement', () => {
  it('takes the audience dimensions of an App Store ad group and answers them as sent', async () => {
    const campaign = await created('/campaigns', campaignBody('APPSTORE_TODAY_TAB'));
    const targeting = {
      deviceClass: { include: ['IPHONE'] },
      gender: { include: ['F'] },
      minAge: { include: ['18'] },
      maxAge: { include: ['64'] },
      appDownloader: { exclude: [adamId] },
      daypart: { include: ['0', '167'] },
      country: { include: ['US'] },
      adminArea: { include: ['US|CA'] },
    };
    const adGroup = await created('/adgroups', adGroupBody(campaign.id, { targeting }));
    expect(adGroup.targeting).toEqual(targeting);
    expect(adGroup.automatedKeywordsOptIn).toBe(false);
  });

  it('refuses Search Match and MAX_CONVERSIONS outside search results (choice)', async () => {
    const campaign = await created('/campaigns', campaignBody('APPSTORE_SEARCH_TAB'));
    expect(
      await refused(
        '/adgroups',
        adGroupBody(campaign.id, {
          automatedKeywordsOptIn: true,
          bidStrategy: {
            bidStrategyType: 'MAX_CONVERSIONS',
            bidStrategyGoal: 'INSTALL',
            bid: { amount: '5.00' },
          },
        }),
      ),
    ).toEqual([
      ['INVALID_VALUE', 'automatedKeywordsOptIn'],
      ['INVALID_VALUE', 'bidStrategy.bidStrategyType'],
    ]);
    const adGroup = await created('/adgroups', adGroupBody(campaign.id));
    expect(
      await refused(`/adgroups/${adGroup.id}`, { automatedKeywordsOptIn: true }, 'PUT'),
    ).toEqual([['INVALID_VALUE', 'automatedKeywordsOptIn']]);
    const search = await created('/campaigns', campaignBody('APPSTORE_SEARCH_RESULTS'));
    const optedIn = await created(
      '/adgroups',
      adGroupBody(search.id, { automatedKeywordsOptIn: true }),
    );
    expect(optedIn.automatedKeywordsOptIn).toBe(true);
  });

  it('refuses Maps dimensions, ages outside 18-64, unknown genders and devices, and apps of others', async () => {
    const campaign = await created('/campaigns', campaignBody('APPSTORE_PRODUCT_PAGES'));
    expect(
      await refused(
        '/adgroups',
        adGroupBody(campaign.id, {
          targeting: {
            minAge: { include: ['17'] },
            maxAge: { include: ['65'] },
            gender: { include: ['X'] },
            deviceClass: { include: ['IPOD'] },
          },
        }),
      ),
    ).toEqual([
      ['INVALID_VALUE', 'targeting.deviceClass.include.0'],
      ['INVALID_VALUE', 'targeting.gender.include.0'],
      ['INVALID_VALUE', 'targeting.maxAge.include.0'],
      ['INVALID_VALUE', 'targeting.minAge.include.0'],
    ]);
    expect(
      await refused(
        '/adgroups',
        adGroupBody(campaign.id, {
          targeting: {
            radius: { include: ['CLOSE'] },
            locationGroup: { include: ['1'] },
            appDownloader: { include: ['284882215'] },
          },
        }),
      ),
    ).toEqual([
      ['INVALID_VALUE', 'targeting.radius'],
      ['INVALID_VALUE', 'targeting.locationGroup'],
      ['INVALID_VALUE', 'targeting.appDownloader'],
    ]);
  });
});

describe('keywords and negative keywords on a placement', () => {
  it('refuses keywords and negatives outside search results, single and bulk', async () => {
    for (const placement of APP_STORE_PLACEMENTS.slice(1)) {
      const campaign = await created('/campaigns', campaignBody(placement));
      const adGroup = await created('/adgroups', adGroupBody(campaign.id));
      const keyword = { adGroupId: adGroup.id, text: 'photo editor', matchType: 'EXACT' };
      expect(await refused('/keywords', keyword)).toEqual([['INVALID_VALUE', 'adGroupId']]);
      const bulk = await call('POST', '/keywords/bulk-create', {
        items: [{ correlationId: 1, data: keyword }],
      });
      expect(bulk.status).toBe(400);
      expect(detailsOf(bulk)).toEqual([['INVALID_VALUE', 'adGroupId']]);
      expect(await refused('/negative-keywords', { adGroupId: adGroup.id, text: 'free' })).toEqual([
        ['INVALID_VALUE', 'adGroupId'],
      ]);
      expect(
        await refused('/negative-keywords', { campaignId: campaign.id, text: 'free' }),
      ).toEqual([['INVALID_VALUE', 'campaignId']]);
    }
  });

  it('takes keywords and negatives in a search results campaign', async () => {
    const campaign = await created('/campaigns', campaignBody('APPSTORE_SEARCH_RESULTS'));
    const adGroup = await created('/adgroups', adGroupBody(campaign.id));
    await created('/keywords', { adGroupId: adGroup.id, text: 'photo editor', matchType: 'EXACT' });
    await created('/negative-keywords', { campaignId: campaign.id, text: 'free' });
  });
});

describe('POST /ads on a placement', () => {
  it("serves the campaign app's default or custom product page on every placement", async () => {
    for (const placement of APP_STORE_PLACEMENTS) {
      const campaign = await created('/campaigns', campaignBody(placement));
      const adGroup = await created('/adgroups', adGroupBody(campaign.id));
      for (const creativeType of ['DEFAULT_PRODUCT_PAGE', 'CUSTOM_PRODUCT_PAGE'] as const) {
        const creativeId = creativeOf(adamId, creativeType);
        const ad = await created('/ads', {
          adGroupId: adGroup.id,
          creativeId,
          name: `${placement} ${creativeType}`,
          status: 'PAUSED',
        });
        expect(ad).toMatchObject({ adGroupId: adGroup.id, campaignId: campaign.id, creativeId });
      }
    }
  });

  it("refuses a creative of another app than the campaign's (choice)", async () => {
    const campaign = await created('/campaigns', campaignBody('APPSTORE_TODAY_TAB'));
    const adGroup = await created('/adgroups', adGroupBody(campaign.id));
    expect(
      await refused('/ads', {
        adGroupId: adGroup.id,
        creativeId: creativeOf(otherAdamId, 'DEFAULT_PRODUCT_PAGE'),
        name: 'Wrong app',
        status: 'ENABLED',
      }),
    ).toEqual([['INVALID_VALUE', 'creativeId']]);
  });
});

describe('delivery of a campaign created on each placement', () => {
  const HOUR = 3_600_000;

  async function report(
    level: string,
    campaignId: number,
    date: string,
    granularity?: string,
  ): Promise<Json[]> {
    const response = await call('POST', `/reports/apps/${level}/query`, {
      timeRange: { start: date, end: date, granularity },
      filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaignId }],
      pagination: { pageSize: 1000 },
    });
    expect(response.status).toBe(200);
    return response.body.result.rows;
  }

  it('delivers impressions and taps from the start time, through an enabled ad, in ad group and ad rows only', async () => {
    const start = api.clock.now;
    const timeZone = 'America/Los_Angeles';
    const campaigns = new Map<string, { campaignId: number; adGroupId: number }>();
    for (const placement of APP_STORE_PLACEMENTS.slice(1)) {
      // Starts two hours after creation: nothing before, the rest of the day after.
      const startTime = new Date(start + 2 * HOUR).toISOString().replace('Z', '');
      const campaign = await created('/campaigns', campaignBody(placement, { startTime }));
      const adGroup = await created('/adgroups', adGroupBody(campaign.id));
      const ad = (status: string, adGroupId: number) =>
        created('/ads', {
          adGroupId,
          creativeId: creativeOf(adamId, 'DEFAULT_PRODUCT_PAGE'),
          name: `${placement} ad ${++counter}`,
          status,
        });
      await ad('ENABLED', adGroup.id);
      // Neither an ad group without an ad nor one whose only ad is paused serves.
      await created('/adgroups', adGroupBody(campaign.id));
      await ad('PAUSED', (await created('/adgroups', adGroupBody(campaign.id))).id);
      campaigns.set(placement, { campaignId: campaign.id, adGroupId: adGroup.id });
    }
    const today = isoDateOfDay(localDayOf(timeZone, start));
    api.clock.now = start + HOUR;
    for (const { campaignId } of campaigns.values())
      expect(await report('adgroups', campaignId, today)).toEqual([]);
    api.clock.now = start + 30 * HOUR;
    const totalsOf = (rows: Json[]) =>
      rows.map((row) => ({
        impressions: row.totalMetrics.impressions,
        taps: row.totalMetrics.taps,
        localSpend: row.totalMetrics.localSpend,
      }));
    for (const [placement, { campaignId, adGroupId }] of campaigns) {
      const [campaignRow] = await report('campaigns', campaignId, today);
      const adGroupRows = await report('adgroups', campaignId, today);
      const adRows = await report('ads', campaignId, today);
      expect(
        adGroupRows.map((row) => row.metadata.id),
        placement,
      ).toEqual([adGroupId]);
      expect(campaignRow.metadata.adChannelType).toBe('DISPLAY');
      expect(campaignRow.totalMetrics.impressions, placement).toBeGreaterThan(100);
      expect(campaignRow.totalMetrics.taps, placement).toBeGreaterThan(0);
      expect(totalsOf(adGroupRows)).toEqual(totalsOf([campaignRow]));
      expect(totalsOf(adRows)).toEqual(totalsOf([campaignRow]));
      const [hourly] = await report('campaigns', campaignId, today, 'HOURLY');
      const hourlyImpressions = hourly.granularMetrics.reduce(
        (sum: number, hour: Json) => sum + hour.impressions,
        0,
      );
      expect(hourlyImpressions).toBe(campaignRow.totalMetrics.impressions);
      expect(await report('keywords', campaignId, today)).toEqual([]);
      expect(await report('searchterms', campaignId, today)).toEqual([]);
    }
    api.clock.now = start;
  });

  it('stops a today tab ad group from the instant its only ad is paused', async () => {
    const start = api.clock.now;
    const campaign = await created('/campaigns', campaignBody('APPSTORE_TODAY_TAB'));
    const adGroup = await created('/adgroups', adGroupBody(campaign.id));
    const ad = await created('/ads', {
      adGroupId: adGroup.id,
      creativeId: creativeOf(adamId, 'CUSTOM_PRODUCT_PAGE'),
      name: `Today ${++counter}`,
      status: 'ENABLED',
    });
    const today = isoDateOfDay(localDayOf('America/Los_Angeles', start));
    api.clock.now = start + 5 * HOUR;
    const [beforePause] = await report('adgroups', campaign.id, today);
    expect(beforePause.totalMetrics.impressions).toBeGreaterThan(0);
    expect((await call('PUT', `/ads/${ad.id}`, { status: 'PAUSED' })).status).toBe(200);
    api.clock.now = start + 30 * HOUR;
    const [dayAfter] = await report('adgroups', campaign.id, today);
    expect(dayAfter.totalMetrics).toEqual(beforePause.totalMetrics);
    api.clock.now = start;
  });

  it('delivers a search results campaign starting inside a day from its start time, by keyword', async () => {
    const start = api.clock.now;
    const startTime = new Date(start + 2 * HOUR).toISOString().replace('Z', '');
    const campaign = await created(
      '/campaigns',
      campaignBody('APPSTORE_SEARCH_RESULTS', { startTime }),
    );
    const adGroup = await created('/adgroups', adGroupBody(campaign.id));
    await created('/keywords', { adGroupId: adGroup.id, text: 'photo editor', matchType: 'EXACT' });
    const today = isoDateOfDay(localDayOf('America/Los_Angeles', start));
    api.clock.now = start + HOUR;
    expect(await report('keywords', campaign.id, today)).toEqual([]);
    api.clock.now = start + 30 * HOUR;
    const [campaignRow] = await report('campaigns', campaign.id, today);
    const keywordRows = await report('keywords', campaign.id, today);
    expect(campaignRow.metadata.adChannelType).toBe('SEARCH');
    expect(campaignRow.totalMetrics.impressions).toBeGreaterThan(0);
    expect(keywordRows.map((row) => row.totalMetrics.impressions)).toEqual([
      campaignRow.totalMetrics.impressions,
    ]);
    api.clock.now = start;
  });
});
