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

const adamId = 1727975571;
const pageId = 'd427426c-88fe-4550-ae3e-5d36876aef13';
const codes = (response: Json) => response.body.result.map((row: Json) => row.languageCode);
const appLocales = (body: unknown, id: number | string = adamId) =>
  api.call('POST', `/apps/${id}/locale-details/query`, { body });
const pageLocales = (body: unknown, context?: number) =>
  api.call('POST', '/product-pages/locale-details/query', { body, context });
const languages = (body: unknown) =>
  api.call('POST', '/metadata/apps/supported-languages/query', { body });

const uuid = expect.stringMatching(
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
);
/** The display sizes of every locale: the larger size of each device holds the screenshots. */
const assetsByDevice = (iphones: number) => {
  const assets = (count: number) => Array.from({ length: count }, () => ({ assetId: uuid }));
  return {
    iphone_6_7: { assets: assets(iphones), appPreviewDeviceFallBackDevices: [] },
    iphone_6_5: { assets: assets(2), appPreviewDeviceFallBackDevices: ['iphone_6_7'] },
    ipad_12_9: { assets: assets(2), appPreviewDeviceFallBackDevices: [] },
    ipad_11: { assets: assets(1), appPreviewDeviceFallBackDevices: ['ipad_12_9'] },
  };
};

describe('app locale details', () => {
  it("lists the default page's locales, one per storefront, the primary en-US first, in AppLocaleDetails shape", async () => {
    const response = await appLocales({ pagination: { fetchTotalCount: true } });
    expect(response.status).toBe(200);
    expect(codes(response)).toEqual([
      'en-US',
      'en-GB',
      'en-CA',
      'de-DE',
      'fr-FR',
      'en-AU',
      'ja-JP',
    ]);
    expect(response.body.pagination).toEqual({ offset: 0, pageSize: 7, totalCount: 7 });
    expect(response.body.result[0]).toEqual({
      adamId,
      language: 'en',
      languageCode: 'en-US',
      isPrimaryLocale: true,
      appName: 'VividWise Crypto',
      subTitle: 'Finance made simple',
      promotionalText: expect.stringMatching(/^New in VividWise Crypto: .+ tools$/),
      shortDescription: expect.stringMatching(/^VividWise Crypto by .+\.$/),
      deviceClasses: ['IPHONE', 'IPAD'],
      assetsByDevice: assetsByDevice(3),
    });
    expect(response.body.result[6]).toMatchObject({ language: 'ja', isPrimaryLocale: false });
  });

  it('filters by languageCode EQUALS only; 404 for an app outside the catalogue', async () => {
    const japanese = await appLocales({
      filters: [{ field: 'languageCode', operator: 'EQUALS', value: 'ja-JP' }],
    });
    expect(codes(japanese)).toEqual(['ja-JP']);
    const cases: [Record<string, unknown>, string][] = [
      [{ filters: [{ field: 'language', operator: 'EQUALS', value: 'en' }] }, 'filters.0.field'],
      [
        { filters: [{ field: 'languageCode', operator: 'IN', value: ['en-US'] }] },
        'filters.0.operator',
      ],
      [{ sorting: [{ field: 'languageCode', order: 'ASC' }] }, 'sorting.0.field'],
    ];
    for (const [body, field] of cases)
      expectRefused(await appLocales(body), 'INVALID_VALUE', field, 'INVALID_REQUEST');
    expect((await appLocales({}, 1)).status).toBe(404);
    expect((await appLocales({}, 'abc')).status).toBe(400);
  });
});

describe('product page locale details', () => {
  it("lists a custom page's locales in ProductPageLocaleDetails shape, the page name as promotional text", async () => {
    const response = await pageLocales({
      filters: [{ field: 'productPageId', operator: 'EQUALS', value: pageId }],
    });
    expect(response.status).toBe(200);
    expect(codes(response)[0]).toBe('en-US');
    expect(codes(response)).toContain('en-AU');
    expect(response.body.result[0]).toEqual({
      productPageId: pageId,
      adamId,
      language: 'en',
      languageCode: 'en-US',
      appName: 'VividWise Crypto',
      subTitle: 'Finance made simple',
      promotionalText: 'VividWise Crypto – Features',
      shortDescription: expect.stringMatching(/^VividWise Crypto by .+\.$/),
      deviceClasses: ['IPHONE', 'IPAD'],
      assetsByDevice: expect.any(Object),
    });
    // A custom page holds one to three screenshots for the largest iPhone, the same on every locale.
    const iphones = response.body.result[0].assetsByDevice.iphone_6_7.assets.length;
    expect([1, 2, 3]).toContain(iphones);
    for (const locale of response.body.result)
      expect(locale.assetsByDevice).toEqual(assetsByDevice(iphones));
    const english = await pageLocales({
      filters: [
        { field: 'productPageId', operator: 'EQUALS', value: pageId },
        { field: 'language', operator: 'EQUALS', value: 'en' },
      ],
    });
    expect(codes(english).every((code: string) => code.startsWith('en-'))).toBe(true);
  });

  it("requires a productPageId filter and shows no other account's page", async () => {
    expectRefused(
      await pageLocales({
        filters: [{ field: 'languageCode', operator: 'EQUALS', value: 'en-US' }],
      }),
      'FIELD_REQUIRED',
      'filters',
      'INVALID_REQUEST',
    );
    expectRefused(
      await pageLocales({ filters: [{ field: 'productPageId', operator: 'IN', value: [pageId] }] }),
      'INVALID_VALUE',
      'filters.0.operator',
      'INVALID_REQUEST',
    );
    const [, eurAccount] = api.accountIds;
    const foreign = await pageLocales(
      { filters: [{ field: 'productPageId', operator: 'EQUALS', value: pageId }] },
      eurAccount,
    );
    expect(foreign.body.result).toEqual([]);
  });
});

describe('supported app languages', () => {
  it("lists each storefront's ad languages and defaults, filtered and sorted as the page allows", async () => {
    const all = await languages({ pagination: { fetchTotalCount: true } });
    expect(all.body.pagination).toEqual({ offset: 0, pageSize: 12, totalCount: 12 });
    const response = await languages({
      filters: [{ field: 'countryCode', operator: 'IN', value: ['US', 'CA'] }],
      sorting: [{ field: 'name', order: 'ASC' }],
    });
    expect(response).toEqual({
      status: 200,
      body: {
        result: [
          {
            name: 'Canada',
            countryCode: 'CA',
            adsSupportedLanguages: [
              { language: 'en', languageCode: 'en-CA' },
              { language: 'fr', languageCode: 'fr-CA' },
            ],
            adsDefaultLanguages: [{ language: 'en', languageCode: 'en-CA' }],
          },
          {
            name: 'United States',
            countryCode: 'US',
            adsSupportedLanguages: [
              { language: 'en', languageCode: 'en-US' },
              { language: 'es', languageCode: 'es-US' },
            ],
            adsDefaultLanguages: [{ language: 'en', languageCode: 'en-US' }],
          },
        ],
        pagination: { offset: 0, pageSize: 2 },
      },
    });
    const united = await languages({
      filters: [{ field: 'name', operator: 'STARTS_WITH', value: 'United' }],
      sorting: [{ field: 'countryCode', order: 'DESC' }],
    });
    expect(united.body.result.map((row: Json) => row.countryCode)).toEqual(['US', 'GB']);
  });

  it('refuses fields and operators the page does not list', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { filters: [{ field: 'adsSupportedLanguages', operator: 'EQUALS', value: 'en' }] },
        'filters.0.field',
      ],
      [
        { filters: [{ field: 'countryCode', operator: 'LIKE', value: 'U%' }] },
        'filters.0.operator',
      ],
      [{ filters: [{ field: 'countryCode', operator: 'IN', value: 'US' }] }, 'filters.0'],
    ];
    for (const [body, field] of cases)
      expectRefused(await languages(body), 'INVALID_VALUE', field, 'INVALID_REQUEST');
  });
});
