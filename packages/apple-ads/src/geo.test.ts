import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './sandbox-fixture.js';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture({ scenario: 'new' });
});
afterAll(async () => {
  await fixture.sandbox.close();
});

describe('geo search', () => {
  it('searches localities by name and resolves them back by id and legacy id', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const found = await account.geo.search({
      supplySource: 'APPSTORE',
      query: 'San Francisco',
      entity: 'Locality',
      countryCode: 'US',
    });
    expect(found.result.map((geo) => geo.displayName)).toEqual([
      'San Francisco, California, United States',
      'South San Francisco, California, United States',
    ]);
    const sanFrancisco = found.result[0];
    const resolved = await account.geo.lookup(
      [
        { entity: 'Locality', id: sanFrancisco?.id ?? '' },
        { entity: 'AdminArea', legacyId: 'US|CA' },
      ],
      { supplySource: 'APPSTORE' },
    );
    expect(resolved.result.map((geo) => geo.legacyId)).toEqual(['US|CA', 'US|CA|San Francisco']);
  });

  it('lists countries page by page and refuses a one-letter query before sending it', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const page = await account.geo.search({
      supplySource: 'APPSTORE',
      entity: 'Country',
      pageSize: 5,
    });
    expect(page.result).toHaveLength(5);
    expect(page.pagination.totalCount).toBe(12);
    await expect(
      account.geo.search({ supplySource: 'APPSTORE', query: 'S' }),
    ).rejects.toMatchObject({
      name: 'V1RequestError',
      violations: [expect.objectContaining({ code: 'MIN_QUERY_LENGTH', field: 'query' })],
    });
  });

  it('retries the POST lookup like a read, since it changes nothing', async () => {
    const delays: number[] = [];
    const retrying = await startFixture(
      { scenario: 'new' },
      {
        sleep: async (ms) => {
          delays.push(ms);
        },
      },
    );
    try {
      const account = retrying.client.forAccount(retrying.adAccountId);
      await retrying.client.me();
      retrying.sandbox.setFaults({ serverErrors: 1 });
      const page = await account.geo.lookup([{ entity: 'Country', legacyId: 'DE' }], {
        supplySource: 'APPSTORE',
      });
      expect(page.result[0]?.displayName).toBe('Germany');
      expect(delays).toEqual([1000]);
    } finally {
      await retrying.sandbox.close();
    }
  });
});
