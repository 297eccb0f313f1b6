import { describe, expect, it } from 'vitest';
import { ApiError } from '../server/api-error.js';
import { searchGeoByIds, searchGeoByName } from './geo-search.js';

const params = (values: Record<string, string>) => new URLSearchParams(values);

describe('geo search by name', () => {
  it('finds localities by name in a country, sorted by display name', () => {
    const page = searchGeoByName(
      params({
        query: 'San Francisco',
        entity: 'Locality',
        countrycode: 'US',
        supplySource: 'APPSTORE',
      }),
    );
    expect(page.result.map((geo) => geo.legacyId)).toEqual([
      'US|CA|San Francisco',
      'US|CA|South San Francisco',
    ]);
    expect(page.result[0]).toMatchObject({
      entity: 'Locality',
      displayName: 'San Francisco, California, United States',
      countryOrRegion: 'US',
      adminArea: 'CA',
      locality: 'San Francisco',
    });
    expect(page.pagination).toEqual({ totalCount: 2, offset: 0, pageSize: 20 });
  });

  it('lists every admin area of a country without a query, case-insensitive entity', () => {
    const page = searchGeoByName(
      params({ entity: 'adminarea', countrycode: 'gb', supplySource: 'maps' }),
    );
    expect(page.result.map((geo) => geo.legacyId)).toEqual(['GB|ENG', 'GB|SCT', 'GB|WLS']);
  });

  it('pages countries and rejects short queries, unknown entities and a missing supply source', () => {
    const page = searchGeoByName(
      params({ entity: 'Country', supplySource: 'APPSTORE', offset: '10', pageSize: '5' }),
    );
    expect(page.result).toHaveLength(2);
    expect(page.pagination.totalCount).toBe(12);
    const attempts: Record<string, string>[] = [
      { query: 'S', supplySource: 'APPSTORE' },
      { entity: 'Planet', supplySource: 'APPSTORE' },
      { query: 'Berlin' },
    ];
    for (const bad of attempts) expect(() => searchGeoByName(params(bad))).toThrow(ApiError);
  });
});

describe('geo lookup by ids', () => {
  it('resolves ids and legacy ids, deduplicated and sorted by display name', () => {
    const byName = searchGeoByName(
      params({ query: 'Berlin', entity: 'Locality', supplySource: 'APPSTORE' }),
    );
    const berlin = byName.result[0];
    const page = searchGeoByIds({
      supplySource: 'APPSTORE',
      geoRequest: [
        { entity: 'Locality', id: berlin?.id },
        { entity: 'AdminArea', legacyId: 'us|ca' },
        { entity: 'Locality', legacyId: 'DE|BE|Berlin' },
      ],
    });
    expect(page.result.map((geo) => geo.legacyId)).toEqual(['DE|BE|Berlin', 'US|CA']);
  });

  it('needs exactly one of id and legacyId per request', () => {
    expect(() =>
      searchGeoByIds({
        supplySource: 'APPSTORE',
        geoRequest: [{ entity: 'Country', id: '10001', legacyId: 'US' }],
      }),
    ).toThrow(ApiError);
  });
});
