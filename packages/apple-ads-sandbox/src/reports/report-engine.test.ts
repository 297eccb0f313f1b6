import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDayOf, localDayStartMs } from '../model/calendar.js';
import { DeliveryMemo } from '../model/delivery.js';
import { SPEND_CENTS, TAPS, IMPRESSIONS, TAP_INSTALLS } from '../model/metric-record.js';
import { amountToCents } from '../model/money.js';
import { seedScenario } from '../model/scenario.js';
import { SandboxStore } from '../model/store.js';
import { runReport } from './report-engine.js';
import { parseReportRequest, type ReportLevel } from './report-request.js';

const NOW = Date.UTC(2026, 2, 15, 17, 30);
const ACCOUNT = 4_000_001;

function demoStore(seed = 42): SandboxStore {
  const store = new SandboxStore(seed, () => NOW);
  seedScenario(store, 'demo');
  return store;
}

const store = demoStore();
const today = localDayOf('America/Los_Angeles', NOW);
const campaignIds = [...store.campaigns.values()]
  .filter((c) => c.adAccountId === ACCOUNT)
  .map((c) => c.id);

function totals(
  level: ReportLevel,
  body: Record<string, unknown>,
  target = store,
): { impressions: number; taps: number; spend: number; installs: number } {
  const request = parseReportRequest(level, { pagination: { pageSize: 5000 }, ...body }, today);
  const result = runReport(target, ACCOUNT, request);
  const sum = { impressions: 0, taps: 0, spend: 0, installs: 0 };
  for (const row of result.rows) {
    sum.impressions += row.total[IMPRESSIONS] ?? 0;
    sum.taps += row.total[TAPS] ?? 0;
    sum.spend += row.total[SPEND_CENTS] ?? 0;
    sum.installs += row.total[TAP_INSTALLS] ?? 0;
  }
  return sum;
}

const isoDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const windowArbitrary = fc
  .tuple(
    fc.integer({ min: 1, max: 700 }),
    fc.integer({ min: 0, max: 20 }),
    fc.subarray(campaignIds, { minLength: 1, maxLength: 4 }),
    fc.constantFrom('ORTZ', 'UTC'),
  )
  .map(([back, span, campaigns, timeZone]) => ({
    start: today - back,
    end: Math.min(today, today - back + span),
    campaigns,
    timeZone,
  }));

describe('report consistency', () => {
  it('keyword, search-term, ad-group and campaign totals agree exactly for any window', () => {
    fc.assert(
      fc.property(windowArbitrary, ({ start, end, campaigns, timeZone }) => {
        const body = {
          timeRange: { start: isoDay(start), end: isoDay(end), timeZone },
          filters: [{ field: 'campaignId', operator: 'IN', value: campaigns }],
        };
        const campaignTotals = totals('campaigns', body);
        expect(totals('adgroups', body)).toEqual(campaignTotals);
        expect(totals('keywords', body)).toEqual(campaignTotals);
        if (timeZone === 'ORTZ') expect(totals('searchterms', body)).toEqual(campaignTotals);
      }),
      { numRuns: 12 },
    );
  });

  it('hourly rows sum to the daily rows of the same days', () => {
    const body = {
      filters: [{ field: 'campaignId', operator: 'IN', value: campaignIds.slice(0, 5) }],
    };
    const hourly = totals('keywords', {
      ...body,
      timeRange: { start: isoDay(today - 6), end: isoDay(today - 1), granularity: 'HOURLY' },
    });
    const daily = totals('keywords', {
      ...body,
      timeRange: { start: isoDay(today - 6), end: isoDay(today - 1), granularity: 'DAILY' },
    });
    expect(hourly).toEqual(daily);
  });

  it('gives identical reports for the same seed and different ones for another seed', () => {
    const body = {
      timeRange: { start: isoDay(today - 60), end: isoDay(today - 1) },
      filters: [{ field: 'campaignId', operator: 'IN', value: campaignIds }],
    };
    expect(totals('keywords', body, demoStore(42))).toEqual(totals('keywords', body));
    expect(totals('keywords', body, demoStore(7)).spend).not.toBe(totals('keywords', body).spend);
  });
});

describe('auction and budget', () => {
  it('never spends more than bid x taps per keyword-day nor the daily budget per campaign-day', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...campaignIds),
        fc.integer({ min: 0, max: 729 }),
        (campaignId, back) => {
          const memo = new DeliveryMemo(store);
          const day = today - back;
          let campaignSpend = 0;
          for (const [keywordId, record] of memo.campaignDay(campaignId, day)) {
            const keyword = store.keywords.get(keywordId);
            const adGroup = store.adGroups.get(keyword?.adGroupId ?? 0);
            const bid = keyword?.bid
              ? amountToCents(keyword.bid.amount)
              : amountToCents(adGroup?.bidStrategy.bid?.amount ?? '0');
            expect(record[SPEND_CENTS]).toBeLessThanOrEqual((bid ?? 0) * (record[TAPS] ?? 0));
            expect(record[TAPS]).toBeLessThanOrEqual(record[IMPRESSIONS] ?? 0);
            expect(record[TAP_INSTALLS]).toBeLessThanOrEqual(record[TAPS] ?? 0);
            campaignSpend += record[SPEND_CENTS] ?? 0;
          }
          const campaign = store.campaigns.get(campaignId);
          expect(campaignSpend).toBeLessThanOrEqual(
            amountToCents(campaign?.dailyBudget.value.amount ?? '0') ?? 0,
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('stops a paused keyword delivering from the moment of the change', () => {
    const local = demoStore();
    const keyword = [...local.keywords.values()].find(
      (k) => k.status === 'ENABLED' && local.campaigns.get(k.campaignId)?.status === 'ENABLED',
    );
    if (!keyword) throw new Error('no live keyword');
    const dayStart = localDayStartMs('America/Los_Angeles', today);
    const before = new DeliveryMemo(local).campaignDay(keyword.campaignId, today).get(keyword.id);
    local.putKeyword({ ...keyword, status: 'PAUSED' }, dayStart + 6 * 3_600_000);
    const after = new DeliveryMemo(local).campaignDay(keyword.campaignId, today).get(keyword.id);
    const yesterdayBefore = new DeliveryMemo(demoStore())
      .campaignDay(keyword.campaignId, today - 1)
      .get(keyword.id);
    const yesterdayAfter = new DeliveryMemo(local)
      .campaignDay(keyword.campaignId, today - 1)
      .get(keyword.id);
    expect(yesterdayAfter).toEqual(yesterdayBefore);
    expect(after?.[IMPRESSIONS] ?? 0).toBeLessThan(before?.[IMPRESSIONS] ?? 0);
  });
});

describe('request validation', () => {
  it('rejects granularity windows outside Apple limits', () => {
    const filters = [{ field: 'campaignId', operator: 'EQUALS', value: campaignIds[0] }];
    expect(() =>
      parseReportRequest(
        'keywords',
        {
          timeRange: { start: isoDay(today - 10), end: isoDay(today - 1), granularity: 'HOURLY' },
          filters,
        },
        today,
      ),
    ).toThrow();
    expect(() =>
      parseReportRequest(
        'ads',
        {
          timeRange: { start: isoDay(today - 2), end: isoDay(today - 1), granularity: 'HOURLY' },
          filters,
        },
        today,
      ),
    ).toThrow();
    expect(() =>
      parseReportRequest(
        'keywords',
        {
          timeRange: { start: isoDay(today - 30), end: isoDay(today - 1), granularity: 'WEEKLY' },
          filters,
        },
        today,
      ),
    ).toThrow();
    expect(() =>
      parseReportRequest(
        'keywords',
        {
          timeRange: { start: isoDay(today - 3), end: isoDay(today - 3), granularity: 'DAILY' },
          filters,
        },
        today,
      ),
    ).toThrow();
    expect(() =>
      parseReportRequest(
        'keywords',
        {
          timeRange: { start: isoDay(today - 3), end: isoDay(today - 1) },
          filters,
          groupBy: ['gender'],
        },
        today,
      ),
    ).toThrow();
    expect(() =>
      parseReportRequest(
        'keywords',
        {
          timeRange: { start: isoDay(today - 3), end: isoDay(today - 1) },
          filters,
          pagination: { pageSize: 5001 },
        },
        today,
      ),
    ).toThrow();
    expect(
      parseReportRequest(
        'campaigns',
        {
          timeRange: {
            start: isoDay(today - 200),
            end: isoDay(today - 100),
            granularity: 'MONTHLY',
          },
          filters,
        },
        today,
      ).granularity,
    ).toBe('MONTHLY');
  });
});
