import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  detailsOf,
  startRouteHarness,
  startTestApi,
  type Json,
  type RouteHarness,
} from '../server/http-test-client.js';

let harness: RouteHarness;
let adGroupId: number;
let campaignId: number;

beforeAll(async () => {
  harness = await startRouteHarness();
  const groups = await harness.call('POST', '/adgroups/query', { pagination: { pageSize: 1 } });
  adGroupId = groups.body.result[0].id;
  campaignId = groups.body.result[0].campaignId;
});
afterAll(() => harness.sandbox.close());

describe('keywords', () => {
  it('refuses text and matchType on update: they are fixed at creation', async () => {
    const created = await harness.call('POST', '/keywords', {
      adGroupId,
      text: 'fixed words',
      matchType: 'EXACT',
    });
    const response = await harness.call('PUT', `/keywords/${created.body.result.id}`, {
      text: 'other words',
      matchType: 'BROAD',
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([
      ['INVALID_FIELD', 'text'],
      ['INVALID_FIELD', 'matchType'],
    ]);
  });

  it('refuses a null bid on update and a bid with three decimals on create', async () => {
    const created = await harness.call('POST', '/keywords', { adGroupId, text: 'null bid' });
    const nullBid = await harness.call('PUT', `/keywords/${created.body.result.id}`, {
      bid: null,
    });
    expect(detailsOf(nullBid)).toEqual([['INVALID_VALUE', 'bid']]);
    const badBid = await harness.call('POST', '/keywords', {
      adGroupId,
      text: 'bad bid',
      bid: { amount: '1.005', currency: 'USD' },
    });
    expect(detailsOf(badBid)).toEqual([['INVALID_VALUE', 'bid.amount']]);
  });

  it('refuses an unknown match type and a missing text', async () => {
    const response = await harness.call('POST', '/keywords', { adGroupId, matchType: 'FUZZY' });
    expect(detailsOf(response)).toEqual([
      ['FIELD_REQUIRED', 'text'],
      ['INVALID_VALUE', 'matchType'],
    ]);
  });

  it('serves EXACT and BROAD only, with a text of at most 80 characters', async () => {
    const phrase = await harness.call('POST', '/keywords', {
      adGroupId,
      text: 'phrase words',
      matchType: 'PHRASE',
    });
    expect(detailsOf(phrase)).toEqual([['INVALID_VALUE', 'matchType']]);
    const long = await harness.call('POST', '/keywords', { adGroupId, text: 'w'.repeat(81) });
    expect(detailsOf(long)).toEqual([['INVALID_VALUE', 'text']]);
  });

  it('refuses a bulk update item that changes the text, naming its correlationId', async () => {
    const created = await harness.call('POST', '/keywords', { adGroupId, text: 'bulk text' });
    const response = await harness.call('POST', '/keywords/bulk-update', {
      items: [{ correlationId: 4, data: { id: created.body.result.id, text: 'changed' } }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([
      expect.objectContaining({
        code: 'INVALID_FIELD',
        info: { field: 'text', correlationId: 4 },
      }),
    ]);
  });
});

describe('keywords under a paused or deleted ad group', () => {
  it('enables a keyword of a paused ad group (AD_GROUP_ON_HOLD) and answers 404 once it is deleted', async () => {
    const group = await harness.call('POST', '/adgroups', {
      campaignId,
      name: 'Paused parent',
      pricingModel: 'CPT',
      status: 'PAUSED',
      bidStrategy: { bidStrategyType: 'MANUAL_CPT', bidStrategyGoal: 'TAP', bid: { amount: '1' } },
    });
    const keyword = await harness.call('POST', '/keywords', {
      adGroupId: group.body.result.id,
      text: 'paused parent',
      status: 'PAUSED',
    });
    const path = `/keywords/${keyword.body.result.id}`;
    const enabled = await harness.call('PUT', path, { status: 'ENABLED' });
    expect(enabled.status).toBe(200);
    expect(enabled.body.result).toMatchObject({
      status: 'ENABLED',
      displayStatus: 'AD_GROUP_ON_HOLD',
    });
    await harness.call('DELETE', `/adgroups/${group.body.result.id}`);
    expect((await harness.call('PUT', path, { status: 'ENABLED' })).status).toBe(404);
  });
});

describe('keyword bids under MAX_CONVERSIONS', () => {
  it('takes the bid but does not use it (keywordcreate.md: "not used")', async () => {
    const api = await startTestApi();
    try {
      const { store } = api.sandbox;
      const adGroup = [...store.adGroups.values()].find(
        (group) =>
          group.adAccountId === api.accountIds[0] &&
          group.status === 'ENABLED' &&
          store.campaigns.get(group.campaignId)?.status === 'ENABLED',
      );
      const keywordId =
        (store.keywordIdsByAdGroup.get(adGroup?.id ?? 0) ?? [])
          .map((id) => store.keywords.get(id))
          .find((keyword) => keyword?.status === 'ENABLED')?.id ?? 0;
      await api.call('PUT', `/adgroups/${adGroup?.id}`, {
        body: {
          bidStrategy: {
            bidStrategyType: 'MAX_CONVERSIONS',
            bidStrategyGoal: 'INSTALL',
            bid: { amount: '5.00' },
          },
        },
      });
      const put = await api.call('PUT', `/keywords/${keywordId}`, {
        body: { bid: { amount: '0.01' } },
      });
      expect(put.body.result.bid).toEqual({ amount: '0.01', currency: 'USD' });
      api.clock.now += 5 * 86_400_000;
      const report = await api.call('POST', '/reports/apps/keywords/query', {
        body: {
          timeRange: { start: '2026-06-16', end: '2026-06-19' },
          filters: [{ field: 'campaignId', operator: 'EQUALS', value: adGroup?.campaignId }],
          pagination: { pageSize: 1000 },
        },
      });
      const row = report.body.result.rows.find((r: Json) => r.metadata.id === keywordId);
      // A bid of 0.01 would win no auction, and cap the cost per tap at 0.01.
      expect(row.totalMetrics.taps).toBeGreaterThan(0);
      expect(Number(row.totalMetrics.localSpend.amount) / row.totalMetrics.taps).toBeGreaterThan(
        0.01,
      );
    } finally {
      await api.sandbox.close();
    }
  });
});

describe('negative keywords', () => {
  it('refuses a negative keyword scoped to both a campaign and an ad group', async () => {
    const response = await harness.call('POST', '/negative-keywords', {
      campaignId,
      adGroupId,
      text: 'both',
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([['INVALID_VALUE', 'campaignId']]);
  });

  it('refuses CATEGORY, which negative keywords do not support', async () => {
    const response = await harness.call('POST', '/negative-keywords', {
      campaignId,
      text: 'maps',
      matchType: 'CATEGORY',
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([['INVALID_VALUE', 'matchType']]);
  });

  it('defaults the match type to BROAD and refuses text on update', async () => {
    const created = await harness.call('POST', '/negative-keywords', { campaignId, text: 'free' });
    expect(created.body.result).toMatchObject({ matchType: 'BROAD', status: 'ENABLED' });
    const response = await harness.call('PUT', `/negative-keywords/${created.body.result.id}`, {
      text: 'cheap',
    });
    expect(detailsOf(response)).toEqual([['INVALID_FIELD', 'text']]);
  });
});
