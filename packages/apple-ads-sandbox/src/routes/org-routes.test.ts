import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeHistoryOf,
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

const resources = async (resourceType: string) =>
  (await api.call('GET', `/advertiser-resources?resourceType=${resourceType}`, { context: null }))
    .body.result as { resourceId: string; resourceType: string; resourceName: string }[];

describe('GET /orgs/{id}', () => {
  it("answers the caller's org in Apple's Org shape, without X-AP-Context", async () => {
    const { store } = api.sandbox;
    const response = await api.call('GET', `/orgs/${store.orgId}`, { context: null });
    expect(response).toEqual({
      status: 200,
      body: {
        result: {
          id: store.orgId,
          name: 'Tapwise Demo',
          currency: 'USD',
          timezone: 'America/Los_Angeles',
          paymentModel: 'PAYG',
          systemStatus: 'ACTIVE',
          systemStatusReasons: [],
        },
      },
    });
  });

  it('answers 404 for another org', async () => {
    const response = await api.call('GET', '/orgs/1', { context: null });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });
});

describe('GET /advertiser-resources', () => {
  it("lists the org's content providers (the developers of its apps) and its brand", async () => {
    const providers = await resources('CONTENT_PROVIDER');
    const developers = new Set(
      api.sandbox
        .accounts()
        .flatMap((account) => account.adamIds)
        .map((adamId) => api.sandbox.store.appsByAdamId.get(adamId)?.developer),
    );
    expect(new Set(providers.map((provider) => provider.resourceName))).toEqual(developers);
    expect(providers.every((p) => p.resourceType === 'CONTENT_PROVIDER')).toBe(true);
    expect(providers[0]?.resourceId).toMatch(/^\d{8}$/);
    expect(await resources('BUSINESS_BRAND')).toEqual([
      {
        resourceId: expect.stringMatching(/^\d{8}$/),
        resourceType: 'BUSINESS_BRAND',
        resourceName: 'Tapwise Demo',
      },
    ]);
  });

  it('requires a known resourceType and no other parameter', async () => {
    expectRefused(
      await api.call('GET', '/advertiser-resources', { context: null }),
      'FIELD_REQUIRED',
      'resourceType',
    );
    expectRefused(
      await api.call('GET', '/advertiser-resources?resourceType=APP', { context: null }),
      'INVALID_VALUE',
      'resourceType',
    );
    expectRefused(
      await api.call('GET', '/advertiser-resources?resourceType=BUSINESS_BRAND&limit=5', {
        context: null,
      }),
      'INVALID_FIELD',
      'limit',
    );
  });
});

describe('POST /ad-accounts', () => {
  it('creates an account inheriting the org currency, time zone and payment model', async () => {
    api.clock.now = Date.UTC(2026, 5, 15, 12);
    const [provider] = await resources('CONTENT_PROVIDER');
    const response = await api.call('POST', '/ad-accounts', {
      body: {
        name: 'New apps account',
        productFeatures: ['APPSTORE_APP_MANUAL'],
        delegations: [{ resourceId: provider?.resourceId, resourceType: 'CONTENT_PROVIDER' }],
      },
      context: null,
    });
    expect(response.status).toBe(200);
    const account = response.body.result;
    expect(account).toEqual({
      id: expect.any(Number),
      name: 'New apps account',
      orgId: api.sandbox.store.orgId,
      timezone: 'America/Los_Angeles',
      currency: 'USD',
      paymentModel: 'PAYG',
      systemStatus: 'ACTIVE',
      systemStatusReasons: [],
      delegations: [provider],
      productFeatures: ['APPSTORE_APP_MANUAL'],
      creationTime: '2026-06-15T12:00:00.000',
      modificationTime: '2026-06-15T12:00:00.000',
    });
    const read = await api.call('GET', `/ad-accounts/${account.id}`, { context: null });
    expect(read.body.result).toEqual(account);
    const acls = await api.call('GET', '/acls', { context: null });
    expect(acls.body.result.acls.map((acl: Json) => acl.adAccount.id)).toContain(account.id);
  });

  it('requires name and productFeatures, one feature only, and refuses unknown fields', async () => {
    expectRefused(
      await api.call('POST', '/ad-accounts', {
        body: { productFeatures: ['APPSTORE_APP_MANUAL'] },
      }),
      'FIELD_REQUIRED',
      'name',
    );
    expectRefused(
      await api.call('POST', '/ad-accounts', { body: { name: 'x' } }),
      'FIELD_REQUIRED',
      'productFeatures',
    );
    expectRefused(
      await api.call('POST', '/ad-accounts', {
        body: { name: 'x', productFeatures: ['APPSTORE_APP_MANUAL', 'BUSINESS_BRAND_MANUAL'] },
      }),
      'INVALID_VALUE',
      'productFeatures',
    );
    expectRefused(
      await api.call('POST', '/ad-accounts', { body: { name: 'x', productFeatures: ['MAPS'] } }),
      'INVALID_VALUE',
      'productFeatures.0',
    );
    expectRefused(
      await api.call('POST', '/ad-accounts', {
        body: { name: 'x', productFeatures: ['APPSTORE_APP_MANUAL'], currency: 'EUR' },
      }),
      'INVALID_FIELD',
      'currency',
    );
  });

  it("takes only the org's resources, of the type its product feature needs", async () => {
    const [brand] = await resources('BUSINESS_BRAND');
    expectRefused(
      await api.call('POST', '/ad-accounts', {
        body: {
          name: 'x',
          productFeatures: ['APPSTORE_APP_MANUAL'],
          delegations: [{ resourceId: brand?.resourceId, resourceType: 'BUSINESS_BRAND' }],
        },
      }),
      'INVALID_VALUE',
      'delegations.0.resourceType',
    );
    expectRefused(
      await api.call('POST', '/ad-accounts', {
        body: {
          name: 'x',
          productFeatures: ['BUSINESS_BRAND_MANUAL'],
          delegations: [{ resourceId: '123', resourceType: 'BUSINESS_BRAND' }],
        },
      }),
      'INVALID_VALUE',
      'delegations.0.resourceId',
    );
    expectRefused(
      await api.call('POST', '/ad-accounts', {
        body: {
          name: 'x',
          productFeatures: ['BUSINESS_BRAND_MANUAL'],
          delegations: [{ resourceId: '1' }],
        },
      }),
      'FIELD_REQUIRED',
      'delegations.0.resourceType',
    );
    const maps = await api.call('POST', '/ad-accounts', {
      body: {
        name: 'Maps account',
        productFeatures: ['BUSINESS_BRAND_MANUAL'],
        delegations: [{ resourceId: brand?.resourceId, resourceType: 'BUSINESS_BRAND' }],
      },
    });
    expect(maps.status).toBe(200);
    expect(maps.body.result.delegations).toEqual([brand]);
  });

  it('is refused to read-only roles (403)', async () => {
    const readOnly = await startTestApi({ role: 'Limited Access: API Read Only' });
    try {
      const response = await readOnly.call('POST', '/ad-accounts', {
        body: { name: 'x', productFeatures: ['APPSTORE_APP_MANUAL'] },
      });
      expect(response.status).toBe(403);
    } finally {
      await readOnly.sandbox.close();
    }
  });
});

describe('PUT /ad-accounts/{id}', () => {
  it('renames, replaces the delegations wholesale and ignores productFeatures', async () => {
    const [id = 0] = api.accountIds;
    api.clock.now = Date.UTC(2026, 5, 16, 8);
    const before = (await api.call('GET', `/ad-accounts/${id}`)).body.result;
    expect(before.delegations.length).toBeGreaterThan(0);
    const response = await api.call('PUT', `/ad-accounts/${id}`, {
      body: {
        name: 'Renamed account',
        delegations: [],
        productFeatures: ['BUSINESS_BRAND_MANUAL'],
      },
      context: id,
    });
    expect(response.status).toBe(200);
    expect(response.body.result).toEqual({
      ...before,
      name: 'Renamed account',
      delegations: [],
      modificationTime: '2026-06-16T08:00:00.000',
    });
    const restored = await api.call('PUT', `/ad-accounts/${id}`, {
      body: {
        delegations: before.delegations.map(({ resourceId, resourceType }: Json) => ({
          resourceId,
          resourceType,
        })),
      },
      context: id,
    });
    expect(restored.body.result.delegations).toEqual(before.delegations);
  });

  it('records the creation and the rename in the change history of the account', async () => {
    const created = await api.call('POST', '/ad-accounts', {
      body: { name: 'Audited account', productFeatures: ['APPSTORE_APP_MANUAL'] },
      context: null,
    });
    const id = created.body.result.id;
    await api.call('PUT', `/ad-accounts/${id}`, { body: { name: 'Audited 2' }, context: id });
    const post = (path: string, body: unknown) => api.call('POST', path, { body, context: id });
    const rows = await changeHistoryOf(api.sandbox, post, 'AdAccount');
    expect(rows.map((row) => [row.eventType, row.metas[0]?.detailId.split('.')[1]])).toEqual([
      ['CREATE', String(id)],
      ['UPDATE', String(id)],
    ]);
    const rename = await api.call('GET', `/change-history/${rows[1]?.metas[0]?.detailId}`, {
      context: id,
    });
    expect(rename.body.result[0].details[0].changes).toEqual([
      { field: 'name', oldValues: ['Audited account'], newValues: ['Audited 2'] },
    ]);
  });

  it('refuses a null name, a foreign delegation and an unknown field', async () => {
    const [id = 0] = api.accountIds;
    expectRefused(
      await api.call('PUT', `/ad-accounts/${id}`, { body: { name: null } }),
      'INVALID_VALUE',
      'name',
    );
    const [brand] = await resources('BUSINESS_BRAND');
    expectRefused(
      await api.call('PUT', `/ad-accounts/${id}`, {
        body: { delegations: [{ resourceId: brand?.resourceId, resourceType: 'BUSINESS_BRAND' }] },
      }),
      'INVALID_VALUE',
      'delegations.0.resourceType',
    );
    expectRefused(
      await api.call('PUT', `/ad-accounts/${id}`, { body: { timezone: 'UTC' } }),
      'INVALID_FIELD',
      'timezone',
    );
  });

  it('needs X-AP-Context (400) and answers 404 for an account the user does not reach', async () => {
    const [id = 0] = api.accountIds;
    const noContext = await api.call('PUT', `/ad-accounts/${id}`, {
      body: { name: 'x' },
      context: null,
    });
    expect(noContext.status).toBe(400);
    const unknown = await api.call('PUT', '/ad-accounts/123', { body: { name: 'x' } });
    expect(unknown.status).toBe(404);
  });
});
