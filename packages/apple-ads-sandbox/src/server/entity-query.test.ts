import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesFilter } from './entity-query.js';
import { startRouteHarness, type Json, type RouteHarness } from './http-test-client.js';

let kit: RouteHarness;
let adGroupId: number;
let campaignId: number;

beforeAll(async () => {
  kit = await startRouteHarness();
  const keyword = [...kit.sandbox.store.keywords.values()].find(
    (candidate) => candidate.adAccountId === kit.adAccountId && !candidate.deleted,
  );
  adGroupId = keyword?.adGroupId ?? 0;
  campaignId = keyword?.campaignId ?? 0;
});
afterAll(() => kit.sandbox.close());

/** Asserts Apple's 400 with exactly one detail of this code on this field. */
async function refused(path: string, body: unknown, code: string, field: string) {
  const response = await kit.post(path, body);
  expect(response.status).toBe(400);
  expect(response.body.error?.code).toBe('INVALID_REQUEST');
  expect(response.body.error?.details).toEqual([
    expect.objectContaining({ code, info: { field } }),
  ]);
  return response.body.error?.details[0]?.message;
}

const filter = (field: string, operator: string, value?: unknown) => ({ field, operator, value });

describe('POST /keywords/query', () => {
  it('requires an adGroupId or campaignId filter unless it filters by id', async () => {
    expect(await refused('/keywords/query', {}, 'FIELD_REQUIRED', 'filters')).toContain(
      'adGroupId or campaignId',
    );
    await refused(
      '/keywords/query',
      { filters: [filter('matchType', 'EQUALS', 'EXACT')] },
      'FIELD_REQUIRED',
      'filters',
    );
    const byId = await kit.post('/keywords/query', { filters: [filter('id', 'IN', [1, 2])] });
    expect(byId.status).toBe(200);
  });

  it('takes only the operators of the fields table', async () => {
    expect(
      await refused(
        '/keywords/query',
        { filters: [filter('campaignId', 'IN', [campaignId])] },
        'INVALID_VALUE',
        'filters.0.operator',
      ),
    ).toBe('campaignId takes EQUALS, not IN (post-keywords-query.md)');
    await refused(
      '/keywords/query',
      { filters: [filter('adGroupId', 'NOT_EQUALS', adGroupId)] },
      'INVALID_VALUE',
      'filters.0.operator',
    );
    await refused(
      '/keywords/query',
      { filters: [filter('adGroupId', 'EQUALS', adGroupId), filter('text', 'CONTAINS', 'a')] },
      'INVALID_VALUE',
      'filters.1.operator',
    );
  });

  it('refuses a filter on a field that is not filterable', async () => {
    await refused(
      '/keywords/query',
      { filters: [filter('adGroupId', 'EQUALS', adGroupId), filter('bid', 'EQUALS', '1.00')] },
      'INVALID_VALUE',
      'filters.1.field',
    );
  });

  it('caps adGroupId IN at 1000 values', async () => {
    const ids = Array.from({ length: 1001 }, (_, index) => index + 1);
    await refused(
      '/keywords/query',
      { filters: [filter('adGroupId', 'IN', ids)] },
      'INVALID_VALUE',
      'filters.0.value',
    );
  });

  it('sorts only on sortable fields, ASC or DESC', async () => {
    const scoped = { filters: [filter('adGroupId', 'EQUALS', adGroupId)] };
    await refused(
      '/keywords/query',
      { ...scoped, sorting: [{ field: 'bid', order: 'ASC' }] },
      'INVALID_VALUE',
      'sorting.0.field',
    );
    await refused(
      '/keywords/query',
      { ...scoped, sorting: [{ field: 'text', order: 'UP' }] },
      'INVALID_VALUE',
      'sorting.0.order',
    );
    const sorted = await kit.post('/keywords/query', {
      ...scoped,
      sorting: [{ field: 'creationTime', order: 'DESC' }],
    });
    expect(sorted.status).toBe(200);
    expect(sorted.body.result?.length).toBeGreaterThan(0);
    expect(sorted.body.result?.every((row: Json) => row.adGroupId === adGroupId)).toBe(true);
  });
});

describe('operator arity (queryfilter.md)', () => {
  it('takes a list for IN, two values for BETWEEN, one for EQUALS and none for IS_NULL', async () => {
    expect(
      await refused(
        '/campaigns/query',
        { filters: [filter('id', 'IN', campaignId)] },
        'INVALID_VALUE',
        'filters.0',
      ),
    ).toBe('IN takes a non-empty list of values');
    await refused(
      '/campaigns/query',
      { filters: [filter('id', 'EQUALS', [campaignId, campaignId + 1])] },
      'INVALID_VALUE',
      'filters.0',
    );
    await refused(
      '/campaigns/query',
      { filters: [filter('name', 'STARTS_WITH', ['a'])] },
      'INVALID_VALUE',
      'filters.0',
    );
    await refused(
      '/negative-keywords/query',
      {
        filters: [filter('campaignId', 'EQUALS', campaignId), filter('adGroupId', 'IS_NULL', 1)],
      },
      'INVALID_VALUE',
      'filters.1',
    );
    const single = await kit.post('/campaigns/query', {
      filters: [filter('id', 'EQUALS', [campaignId])],
    });
    expect(single.status).toBe(200);
    expect(single.body.result?.map((row: Json) => row.id)).toEqual([campaignId]);
  });

  it('refuses BETWEEN with one value where the report filters allow it', async () => {
    await refused(
      '/reports/apps/campaigns/query',
      {
        timeRange: { start: '2026-11-01', end: '2026-11-10' },
        filters: [
          filter('campaignId', 'EQUALS', campaignId),
          filter('impressions', 'BETWEEN', [1]),
        ],
      },
      'INVALID_VALUE',
      'filters.1.value',
    );
  });
});

describe('POST /negative-keywords/query', () => {
  it('requires an adGroupId filter, and campaignId EQUALS beside IS_NULL / IS_NOT_NULL / NOT_EQUALS', async () => {
    await refused(
      '/negative-keywords/query',
      { filters: [filter('campaignId', 'EQUALS', campaignId)] },
      'FIELD_REQUIRED',
      'filters',
    );
    expect(
      await refused(
        '/negative-keywords/query',
        { filters: [filter('adGroupId', 'IS_NULL')] },
        'FIELD_REQUIRED',
        'filters',
      ),
    ).toBe('adGroupId IS_NULL needs a campaignId EQUALS filter (post-negative-keywords-query.md)');
    const negativeCampaignId = [...kit.sandbox.store.negativeKeywords.values()].find(
      (negative) => negative.adAccountId === kit.adAccountId && negative.adGroupId == null,
    )?.campaignId;
    const campaignLevel = await kit.post('/negative-keywords/query', {
      filters: [filter('campaignId', 'EQUALS', negativeCampaignId), filter('adGroupId', 'IS_NULL')],
    });
    expect(campaignLevel.status).toBe(200);
    expect(campaignLevel.body.result?.length).toBeGreaterThan(0);
    expect(
      campaignLevel.body.result?.every(
        (row: Json) => row.campaignId === negativeCampaignId && row.adGroupId == null,
      ),
    ).toBe(true);
  });

  it('takes EQUALS or IN on matchType and no sort on text', async () => {
    const scoped = filter('adGroupId', 'EQUALS', adGroupId);
    await refused(
      '/negative-keywords/query',
      { filters: [scoped, filter('matchType', 'LIKE', 'EX%')] },
      'INVALID_VALUE',
      'filters.1.operator',
    );
    await refused(
      '/negative-keywords/query',
      { filters: [scoped], sorting: [{ field: 'text', order: 'ASC' }] },
      'INVALID_VALUE',
      'sorting.0.field',
    );
  });
});

describe('every entity query', () => {
  it('refuses fields outside QueryRequest and QueryPagination', async () => {
    await refused('/campaigns/query', { conditions: [] }, 'INVALID_FIELD', 'conditions');
    await refused(
      '/ads/query',
      { pagination: { offset: 0, limit: 20 } },
      'INVALID_FIELD',
      'pagination.limit',
    );
    await refused(
      '/creatives/query',
      { filters: [{ ...filter('id', 'EQUALS', 1), values: [1] }] },
      'INVALID_FIELD',
      'filters.0.values',
    );
  });

  it('caps pageSize at 1000 and takes a non-negative offset', async () => {
    await refused(
      '/campaigns/query',
      { pagination: { pageSize: 1001 } },
      'INVALID_VALUE',
      'pagination.pageSize',
    );
    await refused(
      '/adgroups/query',
      { pagination: { offset: -1 } },
      'INVALID_VALUE',
      'pagination.offset',
    );
  });

  it('keeps each endpoint to its own fields table', async () => {
    await refused(
      '/adgroups/query',
      { filters: [filter('campaignId', 'IN', [campaignId])] },
      'INVALID_VALUE',
      'filters.0.operator',
    );
    await refused(
      '/ads/query',
      { filters: [filter('name', 'EQUALS', 'x')] },
      'INVALID_VALUE',
      'filters.0.field',
    );
    await refused(
      '/product-pages/query',
      { filters: [filter('name', 'EQUALS', 'x')] },
      'INVALID_VALUE',
      'filters.0.field',
    );
    await refused(
      '/campaigns/query',
      { filters: [filter('systemStatusReasons', 'EQUALS', 'PAUSED_BY_USER')] },
      'INVALID_VALUE',
      'filters.0.operator',
    );
    const byTime = await kit.post('/campaigns/query', {
      filters: [filter('startTime', 'GREATER_THAN', '2000-01-01T00:00:00.000')],
      sorting: [{ field: 'name', order: 'ASC' }],
    });
    expect(byTime.status).toBe(200);
    expect(byTime.body.result?.length).toBeGreaterThan(0);
  });
});

describe('POST /eligibilities/apps/query', () => {
  it('takes the fields table of find-apps-eligibilities.md', async () => {
    const adamId = kit.sandbox.accounts()[0]?.adamIds[0];
    await refused(
      '/eligibilities/apps/query',
      { filters: [filter('adamId', 'IN', [adamId])] },
      'INVALID_VALUE',
      'filters.0.operator',
    );
    await refused(
      '/eligibilities/apps/query',
      { filters: [filter('minAge', 'EQUALS', 4)] },
      'INVALID_VALUE',
      'filters.0.field',
    );
    await refused(
      '/eligibilities/apps/query',
      { sorting: [{ field: 'adamId', order: 'ASC' }] },
      'INVALID_VALUE',
      'sorting.0.field',
    );
    const rows = await kit.post('/eligibilities/apps/query', {
      filters: [
        filter('adamId', 'EQUALS', adamId),
        filter('countryOrRegion', 'IN', ['GB']),
        filter('supplyPlacement', 'EQUALS', 'APPSTORE_SEARCH_RESULTS'),
      ],
      sorting: [{ field: 'countryOrRegion', order: 'DESC' }],
    });
    expect(rows.status).toBe(200);
    const { creationTime } = kit.sandbox.store.accountOf(kit.adAccountId);
    expect(rows.body.result).toEqual([
      {
        adamId,
        supplyPlacement: 'APPSTORE_SEARCH_RESULTS',
        supplySource: 'APPSTORE',
        minAge: 4,
        state: 'ELIGIBLE',
        countryOrRegion: 'GB',
        deviceClass: 'IPHONE',
        creationTime,
        modificationTime: creationTime,
      },
    ]);
  });
});

describe('filter values', () => {
  it('matches IN and NOT_IN across numbers and numeric strings, as EQUALS does', () => {
    const keyword = { id: 7, adGroupId: 42, text: 'habit tracker', bid: { amount: '1.50' } };
    const cases: [string, unknown][] = [
      ['adGroupId', ['42']],
      ['adGroupId', [41, 42]],
      ['text', ['notes', 'habit tracker']],
      ['bid', ['1.5']],
      ['id', ['7.0']],
      ['adGroupId', ['41', 'x']],
      ['text', [7]],
    ];
    for (const [field, values] of cases) {
      const equals = (values as unknown[]).some((value) =>
        matchesFilter(keyword, filter(field, 'EQUALS', value)),
      );
      expect(matchesFilter(keyword, filter(field, 'IN', values))).toBe(equals);
      expect(matchesFilter(keyword, filter(field, 'NOT_IN', values))).toBe(!equals);
    }
  });
});
