import { V1RequestError } from '@tapwise/apple-ads-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './sandbox-fixture.js';
import { adamIdOf } from './report-metrics.js';
import type { SearchTermReportMetadata } from './types.js';

let fixture: Fixture;
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  fixture = await startFixture({ scenario: 'demo' });
});
afterAll(async () => {
  await fixture.sandbox.close();
});

describe('search-term popularity', () => {
  it('reads weekly popularity by genre, ranked, for a storefront', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const page = await account.insights.searchTermPopularity({
      timeRange: { start: day(-35), end: day(-1), granularity: 'WEEKLY_SUN_SAT' },
      filters: [
        { field: 'countryOrRegion', operator: 'EQUALS', value: 'US' },
        { field: 'genre', operator: 'EQUALS', value: 'FINANCE' },
      ],
      sorting: [
        { field: 'week', order: 'DESC' },
        { field: 'rankInGenre', order: 'ASC' },
      ],
      pagination: { pageSize: 50 },
    });
    expect(page.rows).toHaveLength(50);
    expect(page.pagination.totalCount).toBeGreaterThan(50);
    const [top] = page.rows;
    expect(top).toMatchObject({ countryOrRegion: 'US', genre: 'FINANCE', rankInGenre: 1 });
    expect(top?.searchPopularity1to5).toBe(Math.ceil((top?.searchPopularity1to100 ?? 0) / 20));
  });

  it('walks every page of a monthly snapshot with the pager', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    let rows = 0;
    let total = 0;
    for await (const page of account.insights.searchTermPopularityPages({
      timeRange: { start: day(-70), end: day(-1), granularity: 'MONTHLY' },
      filters: [{ field: 'countryOrRegion', operator: 'IN', value: ['GB', 'DE'] }],
      pagination: { pageSize: 1500 },
    })) {
      rows += page.rows.length;
      total = page.pagination.totalCount ?? 0;
    }
    expect(rows).toBe(total);
    expect(rows).toBeGreaterThan(3000);
  });
});

describe('impression share', () => {
  it('reports shares for the promoted app on terms its campaigns delivered on', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const [adamId] = fixture.sandbox.accounts()[0]?.adamIds ?? [];
    const share = await account.insights.impressionShare({
      timeRange: { start: day(-8), end: day(-2), granularity: 'DAILY' },
      filters: [
        { field: 'promotedObjectId', operator: 'EQUALS', value: String(adamId) },
        { field: 'countryOrRegion', operator: 'EQUALS', value: 'US' },
      ],
      options: { impressionShareReportType: 'FIRST_SLOT' },
      pagination: { pageSize: 10_000 },
    });
    expect(share.rows.length).toBeGreaterThan(20);
    for (const row of share.rows) {
      expect(adamIdOf(row.promotedObjectId)).toBe(adamId);
      expect(row.countryOrRegion).toBe('US');
      expect(row.lowImpressionShare).toBeLessThanOrEqual(row.highImpressionShare);
      expect(row.highImpressionShare).toBeLessThanOrEqual(1);
    }
    // Every term with a share is one the app's search-term report shows in that window.
    const campaigns = await account.campaigns.query({
      filters: [{ field: 'promotedObjectId', operator: 'EQUALS', value: String(adamId) }],
      pagination: { pageSize: 1000 },
    });
    const terms = new Set<string>();
    for await (const page of account.reports.pages<SearchTermReportMetadata>('searchterms', {
      timeRange: { start: day(-8), end: day(-2) },
      filters: [{ field: 'campaignId', operator: 'IN', value: campaigns.result.map((c) => c.id) }],
    }))
      for (const row of page.rows) terms.add(row.metadata.searchTermText ?? '');
    expect(share.rows.every((row) => terms.has(row.searchTerm))).toBe(true);
  });

  it('refuses a query without a promotedObjectId filter or past the 30-day window', async () => {
    const account = fixture.client.forAccount(fixture.adAccountId);
    const [adamId] = fixture.sandbox.accounts()[0]?.adamIds ?? [];
    await expect(
      account.insights.impressionShare({
        timeRange: { start: day(-8), end: day(-2), granularity: 'DAILY' },
        filters: [],
      }),
    ).rejects.toThrow(
      new V1RequestError('POST /insights/apps/impression-share/query', [
        {
          code: 'FIELD_REQUIRED',
          message: 'a promotedObjectId filter is required (impressionsharequeryrequest.md)',
          field: 'filters',
        },
      ]),
    );
    await expect(
      account.insights.impressionShare({
        timeRange: { start: day(-45), end: day(-40), granularity: 'DAILY' },
        filters: [{ field: 'promotedObjectId', operator: 'EQUALS', value: String(adamId) }],
      }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
