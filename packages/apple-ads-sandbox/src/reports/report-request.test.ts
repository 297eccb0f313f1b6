import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDateOfDay, localDayOf } from '../model/calendar.js';
import { startRouteHarness, type Json, type RouteHarness } from '../server/http-test-client.js';

let kit: RouteHarness;
let campaignId: number;
let adamId: string;
let today: number;
const day = (offset: number) => isoDateOfDay(today + offset);

beforeAll(async () => {
  kit = await startRouteHarness();
  const campaign = [...kit.sandbox.store.campaigns.values()].find(
    (candidate) =>
      candidate.adAccountId === kit.adAccountId &&
      candidate.status === 'ENABLED' &&
      candidate.name.includes('Discovery'),
  );
  campaignId = campaign?.id ?? 0;
  adamId = campaign?.promotedObjectId ?? '';
  today = localDayOf('America/Los_Angeles', kit.sandbox.store.now());
});
afterAll(() => kit.sandbox.close());

async function refused(path: string, body: unknown, code: string, field: string) {
  const response = await kit.post(path, body);
  expect(response.status).toBe(400);
  expect(response.body.error?.details).toEqual([
    expect.objectContaining({ code, info: { field } }),
  ]);
  return response.body.error?.details[0]?.message;
}

const report = (extra: Record<string, unknown> = {}, timeRange: Record<string, unknown> = {}) => ({
  timeRange: { start: day(-10), end: day(-2), ...timeRange },
  filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaignId }],
  ...extra,
});

describe('POST /reports/apps/{level}/query', () => {
  it('refuses unknown fields of the request, its timeRange, filters and options', async () => {
    await refused(
      '/reports/apps/campaigns/query',
      report({}, { granularity: 'DAILY', zone: 'UTC' }),
      'INVALID_FIELD',
      'timeRange.zone',
    );
    await refused(
      '/reports/apps/campaigns/query',
      report({ selector: {} }),
      'INVALID_FIELD',
      'selector',
    );
    await refused(
      '/reports/apps/campaigns/query',
      report({ options: { includeRows: ['ALL'] } }),
      'INVALID_VALUE',
      'options.includeRows.0',
    );
  });

  it("takes filter.md's operators with their arity and campaignId by EQUALS or IN", async () => {
    const base = report().filters;
    await refused(
      '/reports/apps/keywords/query',
      report({ filters: [...base, { field: 'matchType', operator: 'NOT_IN', value: ['EXACT'] }] }),
      'INVALID_VALUE',
      'filters.1.operator',
    );
    await refused(
      '/reports/apps/keywords/query',
      report({
        filters: [{ field: 'campaignId', operator: 'EQUALS', value: [campaignId, campaignId] }],
      }),
      'INVALID_VALUE',
      'filters.0.value',
    );
    await refused(
      '/reports/apps/keywords/query',
      report({ filters: [{ field: 'campaignId', operator: 'NOT_EQUALS', value: campaignId }] }),
      'INVALID_VALUE',
      'filters',
    );
    const listed = await kit.post(
      '/reports/apps/keywords/query',
      report({
        filters: [{ field: 'campaignId', operator: 'EQUALS', value: [String(campaignId)] }],
      }),
    );
    expect(listed.status).toBe(200);
  });

  it('takes integer ids and numeric metrics, a metric as a number string too (filter.md)', async () => {
    await refused(
      '/reports/apps/campaigns/query',
      report({ filters: [{ field: 'campaignId', operator: 'IN', value: [campaignId, 'abc'] }] }),
      'INVALID_VALUE',
      'filters.0.value',
    );
    const base = report().filters;
    await refused(
      '/reports/apps/keywords/query',
      report({ filters: [...base, { field: 'adGroupId', operator: 'EQUALS', value: '1.5' }] }),
      'INVALID_VALUE',
      'filters.1.value',
    );
    await refused(
      '/reports/apps/campaigns/query',
      report({ filters: [...base, { field: 'localSpend', operator: 'GREATER_THAN', value: 'a' }] }),
      'INVALID_VALUE',
      'filters.1.value',
    );
    const numeric = await kit.post(
      '/reports/apps/campaigns/query',
      report({
        filters: [...base, { field: 'localSpend', operator: 'GREATER_THAN', value: ['100.00'] }],
      }),
    );
    expect(numeric.status).toBe(200);
  });

  it('holds each granularity to its window (timerange.md, get-app-*-reports.md)', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['campaigns', { start: day(-3), end: day(-3), granularity: 'DAILY' }, 'longer than one day'],
      ['campaigns', { start: day(-100), end: day(-2), granularity: 'DAILY' }, 'last 90 days'],
      ['campaigns', { start: day(-9), end: day(-1), granularity: 'HOURLY' }, 'at most 7 days'],
      ['ads', { start: day(-3), end: day(-1), granularity: 'HOURLY' }, 'not supported for ads'],
      ['searchterms', { start: day(-3), end: day(-1), granularity: 'HOURLY' }, 'searchterms'],
      ['adgroups', { start: day(-60), end: day(-7), granularity: 'WEEKLY' }, '14 days ago'],
      ['keywords', { start: day(-200), end: day(-30), granularity: 'MONTHLY' }, '90 days ago'],
    ];
    for (const [level, timeRange, rule] of cases)
      expect(
        await refused(
          `/reports/apps/${level}/query`,
          report({}, timeRange),
          'INVALID_VALUE',
          'timeRange.granularity',
        ),
      ).toContain(rule);
  });

  it('groups only by the dimensions of the level', async () => {
    expect(
      await refused(
        '/reports/apps/keywords/query',
        report({ groupBy: ['countryOrRegion', 'gender'] }),
        'INVALID_VALUE',
        'groupBy.1',
      ),
    ).toContain('gender is not supported for keywords');
  });

  it('answers campaign, ad group and ad metadata with the fields of their Apps reporting objects', async () => {
    const metadataOf = async (level: string) =>
      (await kit.post(`/reports/apps/${level}/query`, report())).body.result?.rows?.[0]
        ?.metadata as Json;
    const campaign = await metadataOf('campaigns');
    for (const field of ['paymentModel', 'sharedBudgets', 'invoiceDetail', 'regulationResponses'])
      expect(campaign).not.toHaveProperty(field);
    expect(campaign).toMatchObject({
      id: campaignId,
      promotedObjectId: adamId,
      adChannelType: 'SEARCH',
    });
    const adGroup = await metadataOf('adgroups');
    expect(adGroup).not.toHaveProperty('targeting');
    expect(adGroup).toMatchObject({ campaignId, campaign: {}, pricingModel: 'CPT' });
    const ad = await metadataOf('ads');
    expect(ad).not.toHaveProperty('creativeId');
    expect(ad.creative).toEqual({
      id: expect.any(Number),
      creativeType: expect.any(String),
      systemStatus: expect.any(String),
    });
  });

  it('answers search-term metadata as ReportingSearchTerm, its keyword a ReportingKeyword', async () => {
    const answer = await kit.post('/reports/apps/searchterms/query', report());
    expect(answer.status).toBe(200);
    const metadata = answer.body.result?.rows?.[0]?.metadata as Json;
    expect(metadata).not.toHaveProperty('keywordId');
    expect(metadata).toMatchObject({
      campaignId,
      adAccountId: kit.adAccountId,
      adGroupId: expect.any(Number),
      adGroup: { name: expect.any(String), deleted: false },
      searchTermText: expect.any(String),
      keyword: {
        id: expect.any(Number),
        campaignId,
        adAccountId: kit.adAccountId,
        adGroupId: metadata.adGroupId,
        text: expect.any(String),
        bid: { amount: expect.any(String), currency: 'USD' },
        deleted: false,
        displayStatus: expect.any(String),
        creationTime: expect.any(String),
        adGroup: { name: expect.any(String), deleted: false },
      },
    });
  });
});

describe('POST /insights/apps/impression-share/query', () => {
  const share = (extra: Record<string, unknown> = {}) => ({
    timeRange: { start: day(-7), end: day(-2), granularity: 'DAILY' },
    filters: [{ field: 'promotedObjectId', operator: 'EQUALS', value: adamId }],
    ...extra,
  });

  it('refuses unknown options, a promotedObjectId not by EQUALS or IN or not an Adam ID, and three sort fields', async () => {
    await refused(
      '/insights/apps/impression-share/query',
      share({ options: { slots: 'ALL' } }),
      'INVALID_FIELD',
      'options.slots',
    );
    await refused(
      '/insights/apps/impression-share/query',
      share({ filters: [{ field: 'promotedObjectId', operator: 'NOT_EQUALS', value: adamId }] }),
      'INVALID_VALUE',
      'filters',
    );
    await refused(
      '/insights/apps/impression-share/query',
      share({ filters: [{ field: 'promotedObjectId', operator: 'EQUALS', value: 'my app' }] }),
      'INVALID_VALUE',
      'filters.0.value',
    );
    const sort = { field: 'rank', order: 'ASC' };
    await refused(
      '/insights/apps/impression-share/query',
      share({ sorting: [sort, sort, sort] }),
      'INVALID_VALUE',
      'sorting',
    );
  });

  it("takes Apple's example body, fields: [] included, and answers rows of the reference types", async () => {
    const answer = await kit.post(
      '/insights/apps/impression-share/query',
      share({ fields: [], options: { impressionShareReportType: 'FIRST_SLOT' } }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.result?.rows?.[0]).toEqual({
      day: expect.any(String),
      appName: expect.any(String),
      promotedObjectId: adamId,
      countryOrRegion: expect.any(String),
      searchTerm: expect.any(String),
      lowImpressionShare: expect.any(Number),
      highImpressionShare: expect.any(Number),
      rank: expect.any(Number),
      searchPopularity1to5: expect.any(Number),
    });
  });
});

describe('POST /insights/apps/search-term-popularity/query', () => {
  const popularity = (extra: Record<string, unknown> = {}) => ({
    timeRange: { start: day(-60), end: day(-30), granularity: 'WEEKLY_SUN_SAT' },
    filters: [
      { field: 'countryOrRegion', operator: 'EQUALS', value: 'US' },
      { field: 'genre', operator: 'EQUALS', value: 'PRODUCTIVITY_UTILITIES' },
    ],
    pagination: { pageSize: 1 },
    ...extra,
  });

  it('includes the popularity metrics only when fields asks for them', async () => {
    const bare = await kit.post('/insights/apps/search-term-popularity/query', popularity());
    expect(bare.status).toBe(200);
    expect(Object.keys(bare.body.result?.rows?.[0] ?? {}).sort()).toEqual([
      'countryOrRegion',
      'genre',
      'searchTerm',
      'week',
    ]);
    const asked = await kit.post(
      '/insights/apps/search-term-popularity/query',
      popularity({ fields: ['rankInGenre', 'searchPopularity1to5'] }),
    );
    expect(asked.body.result?.rows?.[0]).toMatchObject({
      rankInGenre: expect.any(Number),
      searchPopularity1to5: expect.any(Number),
    });
    expect(asked.body.result?.rows?.[0]).not.toHaveProperty('searchPopularity1to100');
    await refused(
      '/insights/apps/search-term-popularity/query',
      popularity({ fields: ['impressions'] }),
      'INVALID_VALUE',
      'fields.0',
    );
  });

  it('takes a list for IN and refuses another time zone than UTC', async () => {
    await refused(
      '/insights/apps/search-term-popularity/query',
      popularity({ filters: [{ field: 'countryOrRegion', operator: 'IN', value: 'US' }] }),
      'INVALID_VALUE',
      'filters.0.value',
    );
    await refused(
      '/insights/apps/search-term-popularity/query',
      popularity({
        timeRange: { start: day(-60), end: day(-30), granularity: 'MONTHLY', timeZone: 'ORTZ' },
      }),
      'INVALID_VALUE',
      'timeRange.timeZone',
    );
  });
});
