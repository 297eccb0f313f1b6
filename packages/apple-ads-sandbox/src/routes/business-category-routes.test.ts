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

const queryCategories = (body: unknown, context?: number | null) =>
  api.call('POST', '/business-categories/query', { body, context });

const retail = {
  id: expect.stringMatching(/^\d+$/),
  name: 'Retail',
  qualifiedId: 'shopping.retail',
  eligibility: { status: 'ELIGIBLE', blockedGroups: [], allowedGroups: [] },
  creationTime: '2024-06-01T00:00:00.000',
  modificationTime: '2024-06-01T00:00:00.000',
};

describe('business categories', () => {
  it("lists the taxonomy in BusinessCategory shape, the brands' category among it", async () => {
    const response = await queryCategories({}, api.accountIds[0]);
    expect(response.status).toBe(200);
    expect(response.body.result.length).toBe(17);
    const byPath = new Map(response.body.result.map((c: Json) => [c.qualifiedId, c]));
    expect(byPath.get('shopping.retail')).toEqual(retail);
    expect(byPath.get('health.pharmacy')).toMatchObject({ eligibility: { status: 'INELIGIBLE' } });
    // Dots separate levels; a level's own name may hold underscores.
    expect(byPath.has('services.association_or_organization')).toBe(true);
    const id = (byPath.get('shopping.retail') as Json).id;
    expect(await api.call('GET', `/business-categories/${id}`)).toEqual({
      status: 200,
      body: { result: retail },
    });
  });

  it('filters by name STARTS_WITH only; 404 for an unknown id', async () => {
    const response = await queryCategories({
      filters: [{ field: 'name', operator: 'STARTS_WITH', value: 'Re' }],
      pagination: { fetchTotalCount: true },
    });
    expect(response.body.result.map((c: Json) => c.name).sort()).toEqual(['Restaurant', 'Retail']);
    expect(response.body.pagination.totalCount).toBe(2);
    const cases: [Record<string, unknown>, string][] = [
      [
        { filters: [{ field: 'qualifiedId', operator: 'EQUALS', value: 'dining' }] },
        'filters.0.field',
      ],
      [{ filters: [{ field: 'name', operator: 'EQUALS', value: 'Retail' }] }, 'filters.0.operator'],
      [{ sorting: [{ field: 'name', order: 'ASC' }] }, 'sorting.0.field'],
    ];
    for (const [body, field] of cases)
      expectRefused(await queryCategories(body), 'INVALID_VALUE', field, 'INVALID_REQUEST');
    expect((await api.call('GET', '/business-categories/cat-din-001')).status).toBe(404);
    const noContext = await queryCategories({}, null);
    expect(noContext.status).toBe(400);
    expect(noContext.body.error.code).toBe('INVALID_REQUEST');
  });
});
