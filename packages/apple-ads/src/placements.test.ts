import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_STORE_PLACEMENTS, V1RequestError } from '@tapwise/apple-ads-schemas';
import { startFixture, type Fixture } from './sandbox-fixture.js';
import { toMetrics } from './report-metrics.js';
import type { AppStorePlacement, CampaignCreate } from './types.js';

// 05:00 in Los Angeles on 2026-03-10; the test moves the clock to the next day.
const start = Date.UTC(2026, 2, 10, 12);
const clock = { now: start };
let fixture: Fixture;
let adamId: string;

beforeAll(async () => {
  fixture = await startFixture({ scenario: 'demo', now: () => clock.now });
  adamId = String(fixture.sandbox.accounts()[0]?.adamIds[0]);
});
afterAll(() => fixture.sandbox.close());

const account = () => fixture.client.forAccount(fixture.adAccountId);

const campaignOn = (placement: AppStorePlacement): Omit<CampaignCreate, 'adAccountId'> => ({
  name: `Client ${placement}`,
  billingEvent: 'TAPS',
  promotedObjectType: 'APPSTORE_APP',
  promotedObjectId: adamId,
  dailyBudget: { value: { amount: '300', currency: 'USD' } },
  targeting: { countryOrRegion: { include: ['US'] }, supplyPlacement: { include: [placement] } },
  bidStrategy: { bidStrategyType: 'MANUAL_CPT', bidStrategyGoal: 'TAP' },
});

async function creativeId(creativeType: 'DEFAULT_PRODUCT_PAGE' | 'CUSTOM_PRODUCT_PAGE') {
  const page = await account().creatives.query({
    filters: [{ field: 'creativeType', operator: 'EQUALS', value: creativeType }],
  });
  return page.result.find((creative) => creative.destination.parameters.adamId === adamId)?.id;
}

describe('campaign creation on each placement through the client', () => {
  it('creates a campaign, ad group and ad on every placement, keywords on search results only, and reads them back', async () => {
    const created = new Map<AppStorePlacement, number>();
    for (const placement of APP_STORE_PLACEMENTS) {
      const campaign = await account().campaigns.create(campaignOn(placement));
      expect(campaign.targeting.supplyPlacement).toEqual({ include: [placement] });
      const targeting = {
        deviceClass: { include: ['IPHONE', 'IPAD'] },
        gender: { include: ['F'] },
        minAge: { include: ['25'] },
        daypart: { include: ['8', '9', '10'] },
      };
      const adGroup = await account().adGroups.create({
        campaignId: campaign.id,
        name: `${placement} audience`,
        pricingModel: 'CPT',
        automatedKeywordsOptIn: placement === 'APPSTORE_SEARCH_RESULTS',
        bidStrategy: {
          bidStrategyType: 'MANUAL_CPT',
          bidStrategyGoal: 'TAP',
          bid: { amount: '2.50', currency: 'USD' },
        },
        targeting,
      });
      expect((await account().adGroups.get(adGroup.id)).targeting).toEqual(targeting);
      if (placement === 'APPSTORE_SEARCH_RESULTS') {
        const keywords = await account().keywords.bulkCreate([
          { adGroupId: adGroup.id, text: 'habit tracker', matchType: 'EXACT' },
        ]);
        expect(keywords[0]?.success).toBe(true);
      } else {
        // Apple's answer to a keyword on another placement is the client's error too.
        await expect(
          account().keywords.create({ adGroupId: adGroup.id, text: 'habit tracker' }),
        ).rejects.toMatchObject({ status: 400 });
      }
      const creativeType =
        placement === 'APPSTORE_TODAY_TAB' ? 'CUSTOM_PRODUCT_PAGE' : 'DEFAULT_PRODUCT_PAGE';
      const ad = await account().ads.create({
        adGroupId: adGroup.id,
        creativeId: (await creativeId(creativeType)) ?? 0,
        name: `${placement} ad`,
        status: 'ENABLED',
      });
      expect(await account().ads.get(ad.id)).toMatchObject({
        campaignId: campaign.id,
        adGroupId: adGroup.id,
        status: 'ENABLED',
      });
      created.set(placement, campaign.id);
    }
    clock.now = start + 26 * 3_600_000;
    for (const [placement, campaignId] of created) {
      const page = await account().reports.adGroups({
        timeRange: { start: '2026-03-10', end: '2026-03-10' },
        filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaignId }],
      });
      const metrics = toMetrics(page.rows[0]?.totalMetrics ?? {});
      expect(metrics.impressions, placement).toBeGreaterThan(0);
      expect(metrics.taps, placement).toBeGreaterThan(0);
    }
  });

  it('refuses before sending what a placement does not take', async () => {
    await expect(
      account().campaigns.create({
        ...campaignOn('APPSTORE_TODAY_TAB'),
        bidStrategy: { bidStrategyType: 'MAX_CONVERSIONS', bidStrategyGoal: 'INSTALL' },
      }),
    ).rejects.toBeInstanceOf(V1RequestError);
    await expect(
      account().campaigns.create({
        ...campaignOn('APPSTORE_SEARCH_TAB'),
        billingEvent: 'IMPRESSIONS',
      }),
    ).rejects.toBeInstanceOf(V1RequestError);
  });
});
