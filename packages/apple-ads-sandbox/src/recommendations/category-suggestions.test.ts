import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRefused,
  startTestApi,
  type Json,
  type TestApi,
} from '../server/http-test-client.js';

let api: TestApi;
let maps: number;
let brandId: string;
const adamId = '1727975571';

beforeAll(async () => {
  api = await startTestApi();
  const brands = await api.call('GET', '/advertiser-resources?resourceType=BUSINESS_BRAND', {
    context: null,
  });
  brandId = brands.body.result[0].resourceId;
  const account = await api.call('POST', '/ad-accounts', {
    body: {
      name: 'Maps',
      productFeatures: ['BUSINESS_BRAND_MANUAL'],
      delegations: [{ resourceId: brandId, resourceType: 'BUSINESS_BRAND' }],
    },
    context: null,
  });
  maps = account.body.result.id;
});
afterAll(() => api.sandbox.close());

const suggest = (filters: unknown[], extra: Record<string, unknown> = {}, context?: number) =>
  api.call('POST', '/suggestions/categories/query', { body: { filters, ...extra }, context });
const filter = (field: string, value: string[], operator = 'EQUALS') => ({
  field,
  operator,
  value,
});
const categories = (response: Json) => response.body.result.map((row: Json) => row.category);

describe('category suggestions', () => {
  it("suggests an app's App Store category with its popularity", async () => {
    const response = await suggest([
      filter('promotedObjectId', [adamId]),
      filter('promotedObjectType', ['APPSTORE_APP']),
      filter('queryType', ['SUGGESTION']),
    ]);
    expect(response).toEqual({
      status: 200,
      body: {
        result: [{ category: 'Finance', popularity: expect.any(Number) }],
        pagination: { offset: 0, pageSize: 1, totalCount: 1 },
      },
    });
  });

  it("suggests a delegated brand's business categories with their parents, most popular first", async () => {
    const response = await suggest(
      [
        filter('promotedObjectId', [brandId]),
        filter('promotedObjectType', ['BUSINESS_BRAND']),
        filter('queryType', ['SUGGESTION']),
      ],
      {},
      maps,
    );
    expect(categories(response).sort()).toEqual(['Retail', 'Shopping']);
    const [first, second] = response.body.result;
    expect(first.popularity).toBeGreaterThanOrEqual(second.popularity);
  });

  it('searches names: IN for exact names, LIKE for part of a name; sorts and pages', async () => {
    const named = await suggest(
      [filter('queryType', ['SEARCH']), filter('category', ['Productivity', 'Business'], 'IN')],
      { sorting: [{ field: 'category', order: 'DESC' }] },
    );
    expect(categories(named)).toEqual(['Productivity', 'Business']);
    expect(named.body.pagination).toEqual({ offset: 0, pageSize: 2, totalCount: 2 });
    const partial = await suggest([
      filter('queryType', ['SEARCH']),
      filter('category', ['prod'], 'LIKE'),
    ]);
    expect(categories(partial)).toEqual(['Productivity']);
    const paged = await suggest(
      [filter('queryType', ['SEARCH']), filter('category', ['e'], 'LIKE')],
      { pagination: { offset: 1, pageSize: 2 } },
    );
    expect(paged.body.pagination).toMatchObject({ offset: 1, pageSize: 2 });
    expect(paged.body.pagination.totalCount).toBeGreaterThan(3);
  });

  it('needs queryType, then the filters of its route', async () => {
    const required = (response: Json) =>
      expectRefused(response, 'FIELD_REQUIRED', 'filters', 'INVALID_REQUEST');
    required(await suggest([]));
    required(await suggest([filter('queryType', ['SUGGESTION'])]));
    required(await suggest([filter('queryType', ['SEARCH'])]));
    const invalid = (response: Json, field: string) =>
      expectRefused(response, 'INVALID_VALUE', field, 'INVALID_REQUEST');
    invalid(await suggest([filter('queryType', ['BROWSE'])]), 'filters');
    invalid(
      await suggest([
        filter('queryType', ['SUGGESTION']),
        filter('promotedObjectId', ['1']),
        filter('promotedObjectType', ['CAMPAIGN']),
      ]),
      'filters',
    );
    invalid(
      await suggest([filter('queryType', ['SEARCH']), filter('category', ['Finance'])]),
      'filters.1.operator',
    );
    invalid(
      await suggest([{ field: 'queryType', operator: 'EQUALS', value: 'SEARCH' }]),
      'filters.0.value',
    );
    invalid(await suggest([filter('countryOrRegion', ['US'])]), 'filters.0.field');
    invalid(
      await suggest([filter('queryType', ['SEARCH']), filter('category', ['x'], 'IN')], {
        sorting: [{ field: 'name', order: 'ASC' }],
      }),
      'sorting.0.field',
    );
    invalid(
      await suggest([filter('queryType', ['SEARCH']), filter('category', ['x'], 'IN')], {
        pagination: { pageSize: 1001 },
      }),
      'pagination.pageSize',
    );
  });

  it('refuses an app or brand the account does not promote', async () => {
    const [, eurAccount] = api.accountIds;
    const refused = await suggest(
      [
        filter('promotedObjectId', [adamId]),
        filter('promotedObjectType', ['APPSTORE_APP']),
        filter('queryType', ['SUGGESTION']),
      ],
      {},
      eurAccount,
    );
    expectRefused(refused, 'INVALID_VALUE', 'filters', 'INVALID_REQUEST');
    const brand = await suggest([
      filter('promotedObjectId', [brandId]),
      filter('promotedObjectType', ['BUSINESS_BRAND']),
      filter('queryType', ['SUGGESTION']),
    ]);
    expectRefused(brand, 'INVALID_VALUE', 'filters', 'INVALID_REQUEST');
  });
});
