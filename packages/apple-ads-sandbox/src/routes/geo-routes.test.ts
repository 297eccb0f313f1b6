import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRefused,
  startTestApi,
  type Json,
  type TestApi,
} from '../server/http-test-client.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.sandbox.close());

const search = (params: Record<string, string>) =>
  api.call('GET', `/search/geo?${new URLSearchParams(params)}`);
const lookup = (body: unknown) => api.call('POST', '/search/geo', { body });
const legacyIds = (response: Json) => response.body.result.map((geo: Json) => geo.legacyId);

describe('GET /search/geo', () => {
  it("finds localities by name in a country, sorted by display name, in Apple's SearchEntity shape", async () => {
    const response = await search({
      query: 'San Francisco',
      entity: 'Locality',
      countrycode: 'US',
      supplySource: 'APPSTORE',
    });
    expect(response.body).toEqual({
      result: [
        {
          id: expect.stringMatching(/^\d+$/),
          legacyId: 'US|CA|San Francisco',
          entity: 'Locality',
          displayName: 'San Francisco, California, United States',
          countryOrRegion: 'US',
          adminArea: 'CA',
          locality: 'San Francisco',
        },
        expect.objectContaining({ legacyId: 'US|CA|South San Francisco' }),
      ],
      pagination: { totalCount: 2, offset: 0, pageSize: 20 },
    });
  });

  it('reads supplySource in any case; countrycode defaults to US below country level', async () => {
    expect(legacyIds(await search({ entity: 'AdminArea', supplySource: 'appstore' }))).toEqual(
      legacyIds(await search({ entity: 'AdminArea', countrycode: 'us', supplySource: 'APPSTORE' })),
    );
    expect(
      legacyIds(await search({ entity: 'AdminArea', countrycode: 'GB', supplySource: 'APPSTORE' })),
    ).toEqual(['GB|ENG', 'GB|SCT', 'GB|WLS']);
    const berlin = await search({ query: 'Berlin', entity: 'Locality', supplySource: 'APPSTORE' });
    expect(berlin.body.result).toEqual([]);
  });

  it('takes * or no query for every geo, and pages', async () => {
    const all = await search({ entity: 'Country', supplySource: 'APPSTORE', query: '*' });
    expect(all.body.pagination.totalCount).toBe(12);
    const page = await search({
      entity: 'Country',
      supplySource: 'APPSTORE',
      offset: '10',
      pageSize: '5',
    });
    expect(page.body.result).toHaveLength(2);
    expect(page.body.pagination).toEqual({ totalCount: 12, offset: 10, pageSize: 5 });
    const eligible = await search({
      entity: 'Country',
      supplySource: 'APPSTORE',
      eligible: 'true',
    });
    expect(eligible.body.pagination.totalCount).toBe(12);
  });

  it('serves MAPS without countries and outside the US and Canada', async () => {
    const countries = await search({ entity: 'Country', supplySource: 'MAPS' });
    expect(countries.body.result).toEqual([]);
    const areas = await search({ entity: 'AdminArea', countrycode: 'GB', supplySource: 'MAPS' });
    expect(areas.body.result).toEqual([]);
    const california = await search({ query: 'California', supplySource: 'MAPS' });
    expect(legacyIds(california)).toContain('US|CA');
  });

  it('refuses a missing supply source, short queries, unknown entities and parameters', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ query: 'Berlin' }, 'FIELD_REQUIRED', 'supplySource'],
      [{ supplySource: 'WEB' }, 'INVALID_VALUE', 'supplySource'],
      [{ supplySource: 'APPSTORE', query: 'S' }, 'MIN_QUERY_LENGTH', 'query'],
      [{ supplySource: 'APPSTORE', entity: 'Planet' }, 'INVALID_VALUE', 'entity'],
      [{ supplySource: 'APPSTORE', entity: 'locality' }, 'INVALID_VALUE', 'entity'],
      [{ supplySource: 'APPSTORE', countrycode: 'USA' }, 'INVALID_VALUE', 'countrycode'],
      [{ supplySource: 'APPSTORE', eligible: 'yes' }, 'INVALID_VALUE', 'eligible'],
      [{ supplySource: 'APPSTORE', pageSize: '0' }, 'INVALID_VALUE', 'pageSize'],
      [{ supplySource: 'APPSTORE', offset: '-1' }, 'INVALID_VALUE', 'offset'],
      [{ supplySource: 'APPSTORE', limit: '5' }, 'INVALID_FIELD', 'limit'],
    ];
    for (const [params, code, field] of cases)
      expectRefused(await search(params), code, field, 'INVALID_REQUEST');
  });
});

describe('POST /search/geo', () => {
  it('resolves ids and legacy ids, deduplicated and sorted by display name', async () => {
    const berlin = await search({
      query: 'Berlin',
      entity: 'Locality',
      countrycode: 'DE',
      supplySource: 'APPSTORE',
    });
    const id = berlin.body.result[0].id;
    const response = await lookup({
      supplySource: 'maps',
      geoRequest: [
        { entity: 'Locality', id },
        { entity: 'AdminArea', legacyId: 'us|ca' },
        { entity: 'Locality', legacyId: 'DE|BE|Berlin' },
      ],
      pagination: { offset: 0, pageSize: 20 },
    });
    expect(legacyIds(response)).toEqual(['DE|BE|Berlin', 'US|CA']);
    expect(response.body.pagination).toEqual({ totalCount: 2, offset: 0, pageSize: 20 });
  });

  it('needs geoRequest and supplySource, and exactly one of id and legacyId per request', async () => {
    const cases: [Json, string, string][] = [
      [{ supplySource: 'APPSTORE' }, 'FIELD_REQUIRED', 'geoRequest'],
      [{ geoRequest: [{ entity: 'Country', legacyId: 'US' }] }, 'FIELD_REQUIRED', 'supplySource'],
      [{ supplySource: 'APPSTORE', geoRequest: [] }, 'INVALID_VALUE', 'geoRequest'],
      [
        { supplySource: 'APPSTORE', geoRequest: [{ entity: 'Country', id: '1', legacyId: 'US' }] },
        'INVALID_VALUE',
        'geoRequest.0',
      ],
      [
        { supplySource: 'APPSTORE', geoRequest: [{ entity: 'Country' }] },
        'INVALID_VALUE',
        'geoRequest.0',
      ],
      [
        { supplySource: 'APPSTORE', geoRequest: [{ legacyId: 'US' }] },
        'FIELD_REQUIRED',
        'geoRequest.0.entity',
      ],
      [
        { supplySource: 'APPSTORE', geoRequest: [{ entity: 'Country', id: 10001 }] },
        'INVALID_VALUE',
        'geoRequest.0.id',
      ],
      [
        {
          supplySource: 'APPSTORE',
          geoRequest: [{ entity: 'Country', legacyId: 'US', name: 'x' }],
        },
        'INVALID_FIELD',
        'geoRequest.0.name',
      ],
      [
        {
          supplySource: 'APPSTORE',
          geoRequest: [{ entity: 'Country', legacyId: 'US' }],
          pagination: { pageSize: 1001 },
        },
        'INVALID_VALUE',
        'pagination.pageSize',
      ],
    ];
    for (const [body, code, field] of cases)
      expectRefused(await lookup(body), code, field, 'INVALID_REQUEST');
  });
});
