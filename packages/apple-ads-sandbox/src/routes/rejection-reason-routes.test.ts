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

const queryReasons = (body: unknown, context?: number | null) =>
  api.call('POST', '/rejection-reasons/apps/query', { body, context });

describe('creative rejection reasons', () => {
  it("lists the account's rejected custom page locales in Apple's CreativeRejectionReason shape", async () => {
    const response = await queryReasons({ pagination: { fetchTotalCount: true } });
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ offset: 0, pageSize: 2, totalCount: 2 });
    const [first] = response.body.result;
    expect(first).toEqual({
      id: 578571600,
      adamId: 1727975571,
      creativeId: 500000002,
      productPageId: 'd427426c-88fe-4550-ae3e-5d36876aef13',
      assetId: null,
      supplySource: 'APPSTORE',
      supplyPlacement: 'APPSTORE_SEARCH_RESULTS',
      countryOrRegion: 'AU',
      languageCode: 'en-AU',
      reasonType: 'REJECTION_REASON',
      reasonCode: 'APP_NOT_ELIGIBLE',
      comment: null,
      reasonLevel: 'CUSTOM_PRODUCT_PAGE_LOCALE',
      creationTime: '2024-06-15T07:00:00.000',
      modificationTime: '2024-06-15T07:00:00.000',
    });
    // Consistent with the store: the creative points at that page, which has that locale.
    const creative = await api.call('GET', `/creatives/${first.creativeId}`);
    expect(creative.body.result.destination.parameters).toEqual({
      adamId: String(first.adamId),
      productPageId: first.productPageId,
    });
    const locales = await api.call('POST', '/product-pages/locale-details/query', {
      body: {
        filters: [{ field: 'productPageId', operator: 'EQUALS', value: first.productPageId }],
      },
    });
    expect(locales.body.result.map((locale: Json) => locale.languageCode)).toContain('en-AU');
  });

  it('answers one reason by id; 404 for an unknown id or from another account; 400 for a non-integer id', async () => {
    const [first] = (await queryReasons({})).body.result;
    expect(await api.call('GET', `/rejection-reasons/apps/${first.id}`)).toEqual({
      status: 200,
      body: { result: first },
    });
    expect((await api.call('GET', '/rejection-reasons/apps/1')).status).toBe(404);
    const [, eurAccount] = api.accountIds;
    const foreign = await api.call('GET', `/rejection-reasons/apps/${first.id}`, {
      context: eurAccount,
    });
    expect(foreign.status).toBe(404);
    const invalid = await api.call('GET', '/rejection-reasons/apps/abc');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('INVALID_REQUEST');
  });

  it('filters by adamId EQUALS, sorts by id and refuses every other field, operator and sort', async () => {
    const byApp = await queryReasons({
      filters: [{ field: 'adamId', operator: 'EQUALS', value: 1544428723 }],
    });
    expect(byApp.body.result.map((reason: Json) => reason.creativeId)).toEqual([500001503]);
    const descending = await queryReasons({ sorting: [{ field: 'id', order: 'DESC' }] });
    expect(descending.body.result.map((reason: Json) => reason.id)).toEqual([963718607, 578571600]);
    const cases: [Record<string, unknown>, string][] = [
      [{ filters: [{ field: 'creativeId', operator: 'EQUALS', value: 1 }] }, 'filters.0.field'],
      [{ filters: [{ field: 'adamId', operator: 'IN', value: [1] }] }, 'filters.0.operator'],
      [{ sorting: [{ field: 'reasonCode', order: 'ASC' }] }, 'sorting.0.field'],
      [{ pagination: { pageSize: 1001 } }, 'pagination.pageSize'],
    ];
    for (const [body, field] of cases)
      expectRefused(await queryReasons(body), 'INVALID_VALUE', field, 'INVALID_REQUEST');
    expectRefused(await queryReasons({ limit: 1 }), 'INVALID_FIELD', 'limit', 'INVALID_REQUEST');
    const noContext = await queryReasons({}, null);
    expect(noContext.status).toBe(400);
    expect(noContext.body.error.code).toBe('INVALID_REQUEST');
  });

  it('drops the reason of a deleted creative', async () => {
    expect((await api.call('DELETE', '/creatives/500000002')).status).toBe(200);
    const response = await queryReasons({});
    expect(response.body.result.map((reason: Json) => reason.creativeId)).toEqual([500001503]);
    expect((await api.call('GET', '/rejection-reasons/apps/578571600')).status).toBe(404);
  });
});

describe('business brand rejection reasons', () => {
  it('answers an empty page: no Maps creative or brand asset is under review', async () => {
    const response = await api.call('POST', '/rejection-reasons/business-brands/query', {
      body: {
        filters: [{ field: 'promotedObjectId', operator: 'IN', value: ['1001', '1002'] }],
        sorting: [{ field: 'id', order: 'DESC' }],
        pagination: { fetchTotalCount: true },
      },
    });
    expect(response).toEqual({
      status: 200,
      body: { result: [], pagination: { offset: 0, pageSize: 0, totalCount: 0 } },
    });
  });

  it('takes promotedObjectId IN only', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { filters: [{ field: 'promotedObjectId', operator: 'EQUALS', value: '1' }] },
        'filters.0.operator',
      ],
      [{ filters: [{ field: 'code', operator: 'EQUALS', value: 'X' }] }, 'filters.0.field'],
      [{ sorting: [{ field: 'code', order: 'ASC' }] }, 'sorting.0.field'],
    ];
    for (const [body, field] of cases)
      expectRefused(
        await api.call('POST', '/rejection-reasons/business-brands/query', { body }),
        'INVALID_VALUE',
        field,
        'INVALID_REQUEST',
      );
  });
});
