import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignBody,
  expectRefused,
  startTestApi,
  type Json,
  type TestApi,
} from '../server/http-test-client.js';

let api: TestApi;
let campaignId: number;
const paused = Date.UTC(2026, 5, 15, 12);
const since = { field: 'eventTime', operator: 'GREATER_THAN', value: '2026-06-15' };
const campaignsOnly = { field: 'entityType', operator: 'IN', value: ['Campaign'] };

beforeAll(async () => {
  api = await startTestApi();
  const campaigns = await api.call('POST', '/campaigns/query', {
    body: { pagination: { pageSize: 1 } },
  });
  campaignId = campaigns.body.result[0].id;
  api.clock.now = paused;
  await api.call('PUT', `/campaigns/${campaignId}`, { body: { status: 'PAUSED' } });
  api.clock.now = paused + 3_600_000;
});
afterAll(() => api.sandbox.close());

const query = (body: unknown) => api.call('POST', '/change-history/query', { body });
const refused = async (body: unknown, code: string, field: string) =>
  expectRefused(await query(body), code, field, 'BAD_REQUEST');

describe('change history queries', () => {
  it('answers the AuditSummary envelope for a write made through the API', async () => {
    const response = await query({
      filters: [since, { field: 'entityId', operator: 'EQUALS', value: String(campaignId) }],
      options: { metadata: 'latest', needTotals: 'true', timeZone: 'UTC' },
    });
    expect(response.status).toBe(200);
    const [row] = response.body.result;
    expect(response.body).toEqual({
      dataType: 'AuditSummary',
      result: [
        {
          transactionId: expect.any(String),
          eventType: 'UPDATE',
          eventTime: '2026-06-15T12:00:00.000Z',
          entityType: 'Campaign',
          count: 1,
          metas: [
            {
              Campaign: String(campaignId),
              detailId: `Campaign.${campaignId}.${row.transactionId}`,
              meta: expect.objectContaining({ campaignId: String(campaignId) }),
            },
          ],
          userType: 'CUSTOMER_API',
          modifiedBy: expect.any(String),
        },
      ],
      pagination: { offset: 0, pageSize: 1, totalCount: 1 },
      error: null,
    });
    const detail = await api.call('GET', `/change-history/${row.metas[0].detailId}?limit=5`);
    expect(detail.status).toBe(200);
    expect(detail.body.result[0].details[0].changes).toEqual([
      { field: 'status', oldValues: ['ENABLED'], newValues: ['PAUSED'] },
    ]);
  });

  it('needs an eventTime filter, in ISO 8601, no further back than six months', async () => {
    await refused({}, 'FIELD_REQUIRED', 'filters');
    await refused(
      { filters: [{ field: 'entityType', operator: 'IN', value: ['Campaign'] }] },
      'FIELD_REQUIRED',
      'filters',
    );
    await refused(
      { filters: [{ ...since, value: '15/06/2026' }] },
      'INVALID_VALUE',
      'filters.0.value',
    );
    await refused(
      { filters: [{ ...since, value: '2025-12-14T00:00:00.000Z' }] },
      'INVALID_VALUE',
      'filters.0.value',
    );
    const inRange = await query({ filters: [{ ...since, value: '2025-12-16T00:00:00.000Z' }] });
    expect(inRange.status).toBe(200);
  });

  it("takes each field's operators from the page's table, with their arity", async () => {
    const cases: [Json, string][] = [
      [{ field: 'eventTime', operator: 'EQUALS', value: '2026-06-15' }, 'filters.0.operator'],
      [{ field: 'eventTime', operator: 'BETWEEN', value: ['2026-06-15'] }, 'filters.0.value'],
      [{ field: 'entityType', operator: 'EQUALS', value: 'Campaign' }, 'filters.0.operator'],
      [{ field: 'entityId', operator: 'GREATER_THAN', value: '1' }, 'filters.0.operator'],
      [{ field: 'campaignId', operator: 'IN', value: '1' }, 'filters.0.value'],
      [{ field: 'name', operator: 'EQUALS', value: 'x' }, 'filters.0.field'],
      [{ field: 'eventType', operator: 'IN', value: ['MODIFY'] }, 'filters.0.value'],
      [{ field: 'userType', operator: 'IN', value: ['ADMIN'] }, 'filters.0.value'],
    ];
    for (const [filter, field] of cases)
      await refused({ filters: [filter, since] }, 'INVALID_VALUE', field);
    const between = await query({
      filters: [
        { field: 'eventTime', operator: 'BETWEEN', value: ['2026-06-15', '2026-06-16'] },
        { field: 'eventType', operator: 'IN', value: ['UPDATE'] },
        { field: 'userType', operator: 'IN', value: ['CUSTOMER_API'] },
      ],
    });
    expect(between.body.result.map((row: Json) => row.entityType)).toEqual(['Campaign']);
  });

  it('takes the three string options with their values and nothing else', async () => {
    const cases: [Json, string, string][] = [
      [{ metadata: 'all' }, 'INVALID_VALUE', 'options.metadata'],
      [{ needTotals: true }, 'INVALID_VALUE', 'options.needTotals'],
      [{ timeZone: 'PST' }, 'INVALID_VALUE', 'options.timeZone'],
      [{ locale: 'en' }, 'INVALID_FIELD', 'options.locale'],
    ];
    for (const [options, code, field] of cases)
      await refused({ filters: [since], options }, code, field);
    await refused({ filters: [since], fields: ['eventTime'] }, 'INVALID_FIELD', 'fields');
    const noTotals = await query({ filters: [since], options: { needTotals: 'false' } });
    expect(noTotals.body.pagination).toEqual({ offset: 0, pageSize: 1, totalCount: 0 });
  });

  it('reads eventTime values in the account zone with timeZone ORTZ', async () => {
    // 04:00-06:00 in Los Angeles (PDT) is 11:00-13:00 UTC: it holds the 12:00 UTC pause.
    const window = {
      field: 'eventTime',
      operator: 'BETWEEN',
      value: ['2026-06-15T04:00:00.000', '2026-06-15T06:00:00.000'],
    };
    const inUtc = await query({ filters: [window] });
    expect(inUtc.body.result).toEqual([]);
    const inZone = await query({ filters: [window], options: { timeZone: 'ORTZ' } });
    expect(inZone.body.result.map((row: Json) => row.eventTime)).toEqual([
      '2026-06-15T12:00:00.000Z',
    ]);
  });

  it("answers one row per transaction and entity type, counting the transaction's entities", async () => {
    const adGroups = await api.call('POST', '/adgroups/query', {
      body: { filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaignId }] },
    });
    const keywords = await api.call('POST', '/keywords/query', {
      body: {
        filters: [{ field: 'adGroupId', operator: 'EQUALS', value: adGroups.body.result[0].id }],
        pagination: { pageSize: 2 },
      },
    });
    api.clock.now = paused + 2 * 3_600_000;
    await api.call('POST', '/keywords/bulk-update', {
      body: {
        items: keywords.body.result.map((keyword: Json, index: number) => ({
          correlationId: index,
          data: { id: keyword.id, status: 'PAUSED' },
        })),
      },
    });
    const rows = await query({
      filters: [{ field: 'eventTime', operator: 'GREATER_THAN', value: '2026-06-15T13:30:00Z' }],
      options: { metadata: 'latest' },
    });
    expect(rows.body.result).toEqual([
      expect.objectContaining({ entityType: 'Keyword', eventType: 'UPDATE', count: 2 }),
    ]);
    expect(rows.body.result[0].metas.map((meta: Json) => meta.Keyword)).toEqual(
      keywords.body.result.map((keyword: Json) => String(keyword.id)),
    );
    api.clock.now = paused + 3_600_000;
  });

  it('sorts on a filterable field, newest first by default, and pages', async () => {
    await refused(
      { filters: [since], sorting: [{ field: 'count', order: 'ASC' }] },
      'INVALID_VALUE',
      'sorting.0.field',
    );
    await refused(
      { filters: [since], sorting: [{ field: 'eventTime', order: 'UP' }] },
      'INVALID_VALUE',
      'sorting.0.order',
    );
    await refused(
      { filters: [since], pagination: { offset: -1 } },
      'INVALID_VALUE',
      'pagination.offset',
    );
    await api.call('PUT', `/campaigns/${campaignId}`, { body: { status: 'ENABLED' } });
    const times = async (sorting?: Json) =>
      (await query({ filters: [since, campaignsOnly], sorting })).body.result.map(
        (row: Json) => row.eventTime,
      );
    const newestFirst = await times();
    expect(newestFirst).toEqual(['2026-06-15T13:00:00.000Z', '2026-06-15T12:00:00.000Z']);
    expect(await times([{ field: 'eventTime', order: 'ASC' }])).toEqual([...newestFirst].reverse());
  });
});

describe('change details', () => {
  it('pages the changes array with limit and offset, and refuses other parameters', async () => {
    const created = await api.call('POST', '/campaigns', {
      body: campaignBody(api.sandbox, { name: 'History detail' }),
    });
    const detailId = `Campaign.${created.body.result.id}`;
    const [row] = (
      await query({
        filters: [since, { field: 'entityId', operator: 'EQUALS', value: detailId.split('.')[1] }],
        options: { metadata: 'latest' },
      })
    ).body.result;
    const path = `/change-history/${row.metas[0].detailId}`;
    const all = (await api.call('GET', path)).body.result[0].details[0].changes;
    expect(all.length).toBeGreaterThan(2);
    const page = await api.call('GET', `${path}?offset=1&limit=2`);
    expect(page.body.result[0].details[0].changes).toEqual(all.slice(1, 3));
    expect(page.body.pagination).toEqual({ offset: 0, pageSize: 1, totalCount: 1 });
    for (const [params, code, field] of [
      ['limit=0', 'INVALID_VALUE', 'limit'],
      ['offset=-1', 'INVALID_VALUE', 'offset'],
      ['limit=two', 'INVALID_VALUE', 'limit'],
      ['page=2', 'INVALID_FIELD', 'page'],
    ] as const)
      expectRefused(await api.call('GET', `${path}?${params}`), code, field, 'BAD_REQUEST');
    expect((await api.call('GET', '/change-history/Campaign.1.2')).status).toBe(404);
  });
});
