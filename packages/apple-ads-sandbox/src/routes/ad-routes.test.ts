import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeHistoryOf,
  detailsOf,
  startRouteHarness,
  type RouteHarness,
} from '../server/http-test-client.js';

let harness: RouteHarness;
let adamId: number;

beforeAll(async () => {
  harness = await startRouteHarness();
  adamId = harness.sandbox.accounts()[0]?.adamIds[0] ?? 0;
});
afterAll(() => harness.sandbox.close());

async function runningAdGroup(): Promise<number> {
  // displayStatus is not a filterable field of post-adgroups-query.md: read it from the rows.
  const groups = await harness.call('POST', '/adgroups/query', {
    filters: [{ field: 'status', operator: 'EQUALS', value: 'ENABLED' }],
    pagination: { pageSize: 100 },
  });
  return groups.body.result.find(
    (group: { displayStatus: string }) => group.displayStatus === 'RUNNING',
  ).id;
}

describe('ads', () => {
  it('requires a status on create and refuses unknown fields', async () => {
    const response = await harness.call('POST', '/ads', {
      adGroupId: await runningAdGroup(),
      creativeId: 1,
      name: 'No status',
      creative: {},
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([
      ['FIELD_REQUIRED', 'status'],
      ['INVALID_FIELD', 'creative'],
    ]);
  });

  it('takes only name and status on update', async () => {
    const ads = await harness.call('POST', '/ads/query', { pagination: { pageSize: 1 } });
    const response = await harness.call('PUT', `/ads/${ads.body.result[0].id}`, {
      name: 'Renamed',
      creativeId: 1,
      adGroupId: 2,
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([
      ['INVALID_FIELD', 'creativeId'],
      ['INVALID_FIELD', 'adGroupId'],
    ]);
  });

  it('still answers a deleted ad by id, deleted: true, and refuses to change it', async () => {
    const ads = await harness.call('POST', '/ads/query', { pagination: { pageSize: 1 } });
    const ad = ads.body.result[0];
    expect((await harness.call('DELETE', `/ads/${ad.id}`)).status).toBe(200);
    const after = await harness.call('GET', `/ads/${ad.id}`);
    expect(after.status).toBe(200);
    expect(after.body.result).toEqual({
      ...ad,
      deleted: true,
      displayStatus: 'DELETED',
      systemStatus: 'NOT_RUNNING',
      systemStatusReasons: ['DELETED_BY_USER'],
      systemStatusLimitingReasons: [],
      modificationTime: after.body.result.modificationTime,
    });
    expect((await harness.call('PUT', `/ads/${ad.id}`, { status: 'PAUSED' })).status).toBe(404);
    expect((await harness.call('DELETE', `/ads/${ad.id}`)).status).toBe(404);
  });

  it("stops a deleted creative's ads without deleting them", async () => {
    const pages = await harness.call('POST', '/product-pages/query', {});
    const page = pages.body.result.find((p: { adamId: number }) => Number(p.adamId) === adamId);
    const creative = await harness.call('POST', '/creatives', {
      name: 'Custom page',
      creativeType: 'CUSTOM_PRODUCT_PAGE',
      destination: {
        destinationType: 'APP_STORE_PRODUCT_PAGE',
        parameters: { adamId: String(adamId), productPageId: page.id },
      },
    });
    expect(creative.status).toBe(200);
    expect(creative.body.result.destination.url).toBe(`https://apps.apple.com/us/app/id/${adamId}`);
    const ad = await harness.call('POST', '/ads', {
      adGroupId: await runningAdGroup(),
      creativeId: creative.body.result.id,
      name: 'Custom page ad',
      status: 'ENABLED',
    });
    expect(ad.body.result).toMatchObject({ displayStatus: 'RUNNING', systemStatus: 'RUNNING' });
    expect((await harness.call('DELETE', `/creatives/${creative.body.result.id}`)).status).toBe(
      200,
    );
    const after = await harness.call('GET', `/ads/${ad.body.result.id}`);
    expect(after.body.result).toMatchObject({
      deleted: false,
      systemStatus: 'NOT_RUNNING',
      displayStatus: 'ON_HOLD',
      systemStatusReasons: ['CREATIVE_INVALID'],
    });
  });
});

describe('creatives', () => {
  it('requires the product page of a custom product page creative', async () => {
    const response = await harness.call('POST', '/creatives', {
      name: 'No page',
      creativeType: 'CUSTOM_PRODUCT_PAGE',
      destination: { destinationType: 'APP_STORE_PRODUCT_PAGE', parameters: { adamId: '1' } },
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response)).toEqual([
      ['INVALID_VALUE', 'destination.parameters.productPageId'],
    ]);
  });

  it('records its create, update and delete in the change history', async () => {
    const pages = await harness.call('POST', '/product-pages/query', {});
    const page = pages.body.result.find((p: { adamId: number }) => Number(p.adamId) === adamId);
    const created = await harness.call('POST', '/creatives', {
      name: 'Audited page',
      creativeType: 'CUSTOM_PRODUCT_PAGE',
      destination: {
        destinationType: 'APP_STORE_PRODUCT_PAGE',
        parameters: { adamId: String(adamId), productPageId: page.id },
      },
    });
    const id = created.body.result.id;
    await harness.call('PUT', `/creatives/${id}`, { name: 'Audited page 2' });
    await harness.call('DELETE', `/creatives/${id}`);
    const rows = (await changeHistoryOf(harness.sandbox, harness.post, 'Creative')).filter((row) =>
      row.metas[0]?.detailId.startsWith(`Creative.${id}.`),
    );
    expect(rows.map((row) => [row.eventType, row.metas[0]?.meta])).toEqual([
      ['CREATE', { name: 'Audited page 2', creativeType: 'CUSTOM_PRODUCT_PAGE' }],
      ['UPDATE', { name: 'Audited page 2', creativeType: 'CUSTOM_PRODUCT_PAGE' }],
      ['DELETE', { name: 'Audited page 2', creativeType: 'CUSTOM_PRODUCT_PAGE' }],
    ]);
    const update = await harness.call('GET', `/change-history/${rows[1]?.metas[0]?.detailId}`);
    expect(update.body.result[0].details[0].changes).toEqual([
      { field: 'name', oldValues: ['Audited page'], newValues: ['Audited page 2'] },
    ]);
  });

  it('refuses creativeType on update', async () => {
    const creatives = await harness.call('POST', '/creatives/query', {});
    const response = await harness.call('PUT', `/creatives/${creatives.body.result[0].id}`, {
      creativeType: 'DEFAULT_PRODUCT_PAGE',
    });
    expect(detailsOf(response)).toEqual([['INVALID_FIELD', 'creativeType']]);
  });
});

describe('GET /apps/{adamId}', () => {
  it("answers Apple's AppDetails field names and types", async () => {
    const response = await harness.call('GET', `/apps/${adamId}`);
    expect(response.body.result).toMatchObject({ id: String(adamId), isPreorder: false });
    expect(Object.keys(response.body.result).sort()).toEqual(
      [
        'appName',
        'artistName',
        'availableStorefronts',
        'deviceClasses',
        'iconPictureUrl',
        'id',
        'isPreorder',
        'primaryGenre',
        'primaryLanguage',
      ].sort(),
    );
  });
});
