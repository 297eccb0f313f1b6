import { REPORT_LEVELS } from '@tapwise/apple-ads-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailsOf, startTestApi, type TestApi } from '../server/http-test-client.js';

let api: TestApi;
let maps: number;

beforeAll(async () => {
  api = await startTestApi();
  const brands = await api.call('GET', '/advertiser-resources?resourceType=BUSINESS_BRAND', {
    context: null,
  });
  const account = await api.call('POST', '/ad-accounts', {
    body: {
      name: 'Maps',
      productFeatures: ['BUSINESS_BRAND_MANUAL'],
      delegations: [
        { resourceId: brands.body.result[0].resourceId, resourceType: 'BUSINESS_BRAND' },
      ],
    },
    context: null,
  });
  maps = account.body.result.id;
});
afterAll(() => api.sandbox.close());

// The test clock's day is 2026-06-15.
const week = { start: '2026-06-01', end: '2026-06-07' };
const report = (level: string, body: unknown, context = maps) =>
  api.call('POST', `/reports/business-brands/${level}/query`, { body, context });

describe('POST /reports/business-brands/{level}/query', () => {
  it('answers every level with the empty report of an account without brand campaigns', async () => {
    for (const level of REPORT_LEVELS)
      expect(await report(level, { timeRange: { ...week, granularity: 'DAILY' } })).toEqual({
        status: 200,
        body: { result: { rows: [] }, pagination: { offset: 0, pageSize: 0, totalCount: 0 } },
      });
    const [appsAccount = 0] = api.accountIds;
    const withTotal = await report(
      'campaigns',
      {
        timeRange: week,
        filters: [{ field: 'campaignId', operator: 'EQUALS', value: '444555999' }],
        groupBy: ['locationId'],
        options: { includeRows: ['GRAND_TOTAL'] },
        pagination: { offset: 20, pageSize: 20 },
      },
      appsAccount,
    );
    expect(withTotal).toEqual({
      status: 200,
      body: {
        result: {
          rows: [],
          summary: {
            grandTotal: {
              localSpend: { amount: '0.00', currency: 'USD' },
              impressions: 0,
              taps: 0,
            },
          },
        },
        pagination: { offset: 20, pageSize: 0, totalCount: 0 },
      },
    });
  });

  it('takes deviceClass, locationId and supplyPlacement, keywords and search terms deviceClass only', async () => {
    for (const level of ['campaigns', 'adgroups', 'ads'])
      expect(
        (
          await report(level, {
            timeRange: week,
            groupBy: ['deviceClass', 'locationId', 'supplyPlacement'],
          })
        ).status,
      ).toBe(200);
    expect((await report('keywords', { timeRange: week, groupBy: ['deviceClass'] })).status).toBe(
      200,
    );
    for (const level of ['keywords', 'searchterms'])
      expect(
        detailsOf(
          await report(level, { timeRange: week, groupBy: ['supplyPlacement', 'locationId'] }),
        ),
      ).toEqual([
        ['INVALID_VALUE', 'groupBy.0'],
        ['INVALID_VALUE', 'groupBy.1'],
      ]);
    expect(
      detailsOf(await report('campaigns', { timeRange: week, groupBy: ['countryOrRegion'] })),
    ).toEqual([['INVALID_VALUE', 'groupBy.0']]);
  });

  it('refuses EMPTY_METRICS, HOURLY for ads and search terms, and UTC for search terms', async () => {
    const emptyMetrics = await report('campaigns', {
      timeRange: week,
      options: { includeRows: ['EMPTY_METRICS'] },
    });
    expect(emptyMetrics.body.error.details).toEqual([
      {
        code: 'INVALID_VALUE',
        message: 'includeRows takes GRAND_TOTAL only: EMPTY_METRICS is not supported for brands',
        info: { field: 'options.includeRows.0' },
      },
    ]);
    const hourly = { timeRange: { start: '2026-06-14', end: '2026-06-15', granularity: 'HOURLY' } };
    expect((await report('campaigns', hourly)).status).toBe(200);
    for (const level of ['ads', 'searchterms'])
      expect(detailsOf(await report(level, hourly))).toEqual([
        ['INVALID_VALUE', 'timeRange.granularity'],
      ]);
    expect((await report('keywords', { timeRange: { ...week, timeZone: 'UTC' } })).status).toBe(
      200,
    );
    expect(
      detailsOf(await report('searchterms', { timeRange: { ...week, timeZone: 'UTC' } })),
    ).toEqual([['INVALID_VALUE', 'timeRange.timeZone']]);
  });

  it("keeps the apps reports' time windows, page cap and strict fields", async () => {
    const cases: [unknown, [string, string][]][] = [
      [{}, [['FIELD_REQUIRED', 'timeRange']]],
      [
        { timeRange: { start: '2026-03-01', end: '2026-03-10', granularity: 'DAILY' } },
        [['INVALID_VALUE', 'timeRange.granularity']],
      ],
      [
        { timeRange: { start: '2026-05-01', end: '2026-06-10', granularity: 'WEEKLY' } },
        [['INVALID_VALUE', 'timeRange.granularity']],
      ],
      [
        { timeRange: { start: '2026-06-10', end: '2026-06-20' } },
        [['INVALID_VALUE', 'timeRange.end']],
      ],
      [
        { timeRange: week, pagination: { pageSize: 5001 } },
        [['INVALID_VALUE', 'pagination.pageSize']],
      ],
      [
        { timeRange: week, filters: [{ field: 'campaignId', operator: 'IN', value: '1' }] },
        [['INVALID_VALUE', 'filters.0.value']],
      ],
      [{ timeRange: week, campaignId: 1 }, [['INVALID_FIELD', 'campaignId']]],
    ];
    for (const [body, details] of cases) {
      const refused = await report('campaigns', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('INVALID_REQUEST');
      expect(detailsOf(refused)).toEqual(details);
    }
  });
});
