import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailsOf, startRouteHarness, type RouteHarness } from '../server/http-test-client.js';

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
