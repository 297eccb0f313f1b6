import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDayOf, localDayStartMs } from '../model/calendar.js';
import { DeliveryMemo } from '../model/delivery.js';
import { SPEND_CENTS, TAPS, IMPRESSIONS, TAP_INSTALLS } from '../model/metric-record.js';
import { amountToCents } from '../model/money.js';
import { seedScenario } from '../model/scenario.js';
import type { AdGroup } from '../model/entities.js';
import { SandboxStore } from '../model/store.js';
import { runReport } from './report-engine.js';
import { parseReportRequest, type ReportLevel } from './report-request.js';
import { reportResponseChunks } from './report-response.js';

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

describe('coarse granularities', () => {
  const keywordBody = (start: number, end: number, granularity: string) => ({
    timeRange: { start: isoDay(start), end: isoDay(end), granularity },
    filters: [{ field: 'campaignId', operator: 'IN', value: campaignIds.slice(0, 6) }],
    pagination: { pageSize: 5000 },
  });

  /** Sums DAILY buckets into the coarse buckets whose label starts the period they fall in. */
  function regroup(
    daily: ReturnType<typeof runReport>,
    coarseLabels: string[],
  ): Map<string, number[]> {
    const sums = new Map<string, number[]>();
    for (const row of daily.rows) {
      const perLabel = coarseLabels.map(() => [0, 0, 0]);
      daily.bucketLabels.forEach((date, bucket) => {
        const index = coarseLabels.findLastIndex((label) => label <= date);
        const target = perLabel[index] as number[];
        const base = bucket * 9;
        target[0] = (target[0] ?? 0) + (row.buckets?.[base + IMPRESSIONS] ?? 0);
        target[1] = (target[1] ?? 0) + (row.buckets?.[base + TAPS] ?? 0);
        target[2] = (target[2] ?? 0) + (row.buckets?.[base + SPEND_CENTS] ?? 0);
      });
      sums.set(row.key, perLabel.flat());
    }
    return sums;
  }

  function coarseSums(coarse: ReturnType<typeof runReport>): Map<string, number[]> {
    return new Map(
      coarse.rows.map((row) => [
        row.key,
        coarse.bucketLabels.flatMap((_, bucket) => [
          row.buckets?.[bucket * 9 + IMPRESSIONS] ?? 0,
          row.buckets?.[bucket * 9 + TAPS] ?? 0,
          row.buckets?.[bucket * 9 + SPEND_CENTS] ?? 0,
        ]),
      ]),
    );
  }

  it('gives WEEKLY keyword rows that sum to the DAILY rows of the same window, week by week', () => {
    const [start, end] = [today - 80, today - 15];
    const weekly = runReport(
      store,
      ACCOUNT,
      parseReportRequest('keywords', keywordBody(start, end, 'WEEKLY'), today),
    );
    const daily = runReport(
      store,
      ACCOUNT,
      parseReportRequest('keywords', keywordBody(start, end, 'DAILY'), today),
    );
    expect(weekly.bucketLabels[0]).toBe(isoDay(start));
    expect(weekly.bucketLabels.length).toBeGreaterThan(8);
    expect(coarseSums(weekly)).toEqual(regroup(daily, weekly.bucketLabels));
  });

  it('gives MONTHLY rows that sum to the DAILY rows of the same window, month by month', () => {
    const [start, end] = [today - 230, today - 100];
    const monthly = parseReportRequest('adgroups', keywordBody(start, end, 'MONTHLY'), today);
    // Apple serves DAILY only for the last 90 days, so the engine is asked directly for the
    // same window at DAILY granularity: the history is regenerated, not stored.
    const daily = runReport(store, ACCOUNT, { ...monthly, granularity: 'DAILY' });
    const result = runReport(store, ACCOUNT, monthly);
    // The first period starts with the window; the others on the first of their month.
    expect(result.bucketLabels[0]).toBe(isoDay(start));
    expect(result.bucketLabels.slice(1).every((label) => label.endsWith('-01'))).toBe(true);
    expect(coarseSums(result)).toEqual(regroup(daily, result.bucketLabels));
  });
});

describe('EMPTY_METRICS', () => {
  const paused = [...store.campaigns.values()].find(
    (c) => c.adAccountId === ACCOUNT && c.status === 'PAUSED',
  );
  const live = campaignIds.find((id) => store.campaigns.get(id)?.status === 'ENABLED') as number;

  function page(includeRows: string[], granularity?: string) {
    const request = parseReportRequest(
      'keywords',
      {
        timeRange: {
          start: isoDay(today - 5),
          end: isoDay(today - 1),
          ...(granularity ? { granularity } : {}),
        },
        filters: [{ field: 'campaignId', operator: 'IN', value: [live, paused?.id] }],
        options: { includeRows },
        pagination: { pageSize: 5000 },
      },
      today,
    );
    const json = [...reportResponseChunks(store, request, runReport(store, ACCOUNT, request))].join(
      '',
    );
    return JSON.parse(json) as {
      result: { rows: { metadata: { campaignId: number }; granularMetrics?: unknown[] }[] };
    };
  }

  it('adds zero rows for keywords without delivery only when asked', () => {
    expect(paused).toBeDefined();
    const keywordCount = [...store.keywords.values()].filter(
      (k) => k.campaignId === live || k.campaignId === paused?.id,
    ).length;
    const withEmpty = page(['EMPTY_METRICS']).result.rows;
    const without = page([]).result.rows;
    expect(withEmpty.length).toBe(keywordCount);
    expect(without.length).toBeLessThan(keywordCount);
    expect(without.some((row) => row.metadata.campaignId === paused?.id)).toBe(false);
    expect(withEmpty.filter((row) => row.metadata.campaignId === paused?.id).length).toBe(
      keywordCount - [...store.keywords.values()].filter((k) => k.campaignId === live).length,
    );
  });

  it('lists every day in granularMetrics, zero days included, with EMPTY_METRICS', () => {
    for (const row of page(['EMPTY_METRICS'], 'DAILY').result.rows)
      expect(row.granularMetrics).toHaveLength(5);
  });

  it('is refused with groupBy and for search terms', () => {
    const base = {
      timeRange: { start: isoDay(today - 5), end: isoDay(today - 1) },
      filters: [{ field: 'campaignId', operator: 'EQUALS', value: live }],
      options: { includeRows: ['EMPTY_METRICS'] },
    };
    expect(() =>
      parseReportRequest('keywords', { ...base, groupBy: ['deviceClass'] }, today),
    ).toThrow();
    expect(() => parseReportRequest('searchterms', base, today)).toThrow();
  });
});

describe('ad group changes', () => {
  const dayStart = localDayStartMs('America/Los_Angeles', today);
  const changeAt = dayStart + 4 * 3_600_000;

  /** A demo store whose clock the test moves; it starts at 04:00 local time today. */
  function clockedStore() {
    const clock = { now: changeAt };
    const local = new SandboxStore(42, () => clock.now);
    seedScenario(local, 'demo');
    return { local, clock };
  }

  /** A running ad group with delivery whose campaign's budget does not bind today. */
  function uncappedAdGroup(local: SandboxStore) {
    const memo = new DeliveryMemo(local);
    for (const adGroup of local.adGroups.values()) {
      const campaign = local.campaigns.get(adGroup.campaignId);
      if (!campaign || campaign.adAccountId !== ACCOUNT) continue;
      if (campaign.status !== 'ENABLED' || adGroup.status !== 'ENABLED') continue;
      const budgetCents = amountToCents(campaign.dailyBudget.value.amount) ?? 0;
      const impressions = adGroupImpressions(local, adGroup.id, today - 1);
      // Half the budget left unspent yesterday: today's cap will not scale the morning.
      if (impressions > 500 && memo.campaignDemandCents(campaign.id, today - 1) < budgetCents / 2)
        return adGroup;
    }
    throw new Error('no uncapped ad group');
  }

  function adGroupImpressions(local: SandboxStore, adGroupId: number, day: number): number {
    const adGroup = local.adGroups.get(adGroupId);
    const delivery = new DeliveryMemo(local).campaignDay(adGroup?.campaignId ?? 0, day);
    return (local.keywordIdsByAdGroup.get(adGroupId) ?? []).reduce(
      (sum, id) => sum + (delivery.get(id)?.[IMPRESSIONS] ?? 0),
      0,
    );
  }

  /** Today's delivery gained while the clock moves from the change to 16:00 local time. */
  function gainAfterChange(change: (local: SandboxStore, adGroup: AdGroup) => void): {
    changed: number;
    unchanged: number;
    yesterdayKept: boolean;
  } {
    const control = clockedStore();
    const changed = clockedStore();
    const adGroup = uncappedAdGroup(control.local);
    const yesterday = adGroupImpressions(changed.local, adGroup.id, today - 1);
    const atChange = adGroupImpressions(changed.local, adGroup.id, today);
    change(changed.local, changed.local.adGroups.get(adGroup.id) as AdGroup);
    control.clock.now = changed.clock.now = dayStart + 16 * 3_600_000;
    return {
      changed: adGroupImpressions(changed.local, adGroup.id, today) - atChange,
      unchanged: adGroupImpressions(control.local, adGroup.id, today) - atChange,
      yesterdayKept: adGroupImpressions(changed.local, adGroup.id, today - 1) === yesterday,
    };
  }

  it('narrowing targeting to iPad lowers delivery from the moment of the change on', () => {
    const gain = gainAfterChange((local, adGroup) =>
      local.putAdGroup(
        { ...adGroup, targeting: { deviceClass: { include: ['IPAD'] } } },
        local.now(),
      ),
    );
    expect(gain.unchanged).toBeGreaterThan(0);
    expect(gain.changed).toBeLessThan(gain.unchanged * 0.4);
    expect(gain.yesterdayKept).toBe(true);
  });

  it('pausing an ad group stops its delivery from the moment of the change on', () => {
    const gain = gainAfterChange((local, adGroup) =>
      local.putAdGroup({ ...adGroup, status: 'PAUSED' }, local.now()),
    );
    expect(gain.unchanged).toBeGreaterThan(0);
    expect(gain.changed).toBe(0);
    expect(gain.yesterdayKept).toBe(true);
  });

  it('a lower default bid lowers delivery of keywords that inherit it, from the change on', () => {
    const gain = gainAfterChange((local, adGroup) => {
      for (const id of local.keywordIdsByAdGroup.get(adGroup.id) ?? []) {
        const keyword = local.keywords.get(id);
        // Every keyword inherits the ad group's default bid for this test.
        if (keyword) local.putKeyword({ ...keyword, bid: null }, local.now());
      }
      local.putAdGroup(
        {
          ...adGroup,
          bidStrategy: { ...adGroup.bidStrategy, bid: { amount: '0.05', currency: 'USD' } },
        },
        local.now(),
      );
    });
    expect(gain.changed).toBeLessThan(gain.unchanged * 0.5);
    expect(gain.yesterdayKept).toBe(true);
  });
});
