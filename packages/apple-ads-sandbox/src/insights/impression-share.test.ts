import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDateOfDay, localDayOf, localDayStartMs } from '../model/calendar.js';
import { seedScenario } from '../model/scenario.js';
import { SandboxStore } from '../model/store.js';
import { ApiError } from '../server/api-error.js';
import { impressionShare, rankAmongRivals } from './impression-share.js';

const NOW = Date.UTC(2026, 2, 15, 17, 30);
const ACCOUNT = 4_000_001;
const today = localDayOf('America/Los_Angeles', NOW);

function demoStore(): SandboxStore {
  const store = new SandboxStore(42, () => NOW);
  seedScenario(store, 'demo');
  return store;
}

const store = demoStore();
const adamId = store.accountApps.get(ACCOUNT)?.[0] ?? 0;

function share(target: SandboxStore, extra: Record<string, unknown> = {}, back = 14) {
  return impressionShare(target, ACCOUNT, {
    filters: [{ field: 'promotedObjectId', operator: 'EQUALS', value: String(adamId) }],
    timeRange: {
      start: isoDateOfDay(today - back),
      end: isoDateOfDay(today - 1),
      granularity: 'DAILY',
    },
    pagination: { pageSize: 10_000 },
    ...extra,
  }).result.rows;
}

describe('impression share', () => {
  it('reports shares between 0 and 1 for the app, exact up to 90 % and banded above', () => {
    const rows = share(store);
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      expect(row.promotedObjectId).toBe(String(adamId));
      expect(row.lowImpressionShare).toBeGreaterThanOrEqual(0);
      expect(row.highImpressionShare).toBeLessThanOrEqual(1);
      if (row.highImpressionShare > 0.9) expect(row.lowImpressionShare).toBe(0.91);
      else expect(row.lowImpressionShare).toBe(row.highImpressionShare);
      expect(row.rank).toBeGreaterThanOrEqual(1);
    }
  });

  it('rises for a campaign whose bids go up, from the day of the change on', () => {
    const local = demoStore();
    const campaign = [...local.campaigns.values()].find(
      (c) =>
        c.promotedObjectId === String(adamId) &&
        c.status === 'ENABLED' &&
        c.name.includes('Category'),
    );
    if (!campaign) throw new Error('no category campaign');
    const changeAt = localDayStartMs('America/Los_Angeles', today - 5);
    for (const adGroupId of local.adGroupIdsByCampaign.get(campaign.id) ?? []) {
      for (const keywordId of local.keywordIdsByAdGroup.get(adGroupId) ?? []) {
        const keyword = local.keywords.get(keywordId);
        if (keyword)
          local.putKeyword({ ...keyword, bid: { amount: '30.00', currency: 'USD' } }, changeAt);
      }
    }
    // Keep the budget from capping the higher bids.
    local.putCampaign(
      { ...campaign, dailyBudget: { value: { amount: '100000.00', currency: 'USD' } } },
      changeAt,
    );
    const key = (row: { day?: string; countryOrRegion: string; searchTerm: string }) =>
      `${row.day}|${row.countryOrRegion}|${row.searchTerm}`;
    const before = new Map(share(store).map((row) => [key(row), row.highImpressionShare]));
    const after = share(local);
    const changedDay = isoDateOfDay(today - 5);
    let earlier = 0;
    let higher = 0;
    let lower = 0;
    for (const row of after) {
      const previous = before.get(key(row));
      if (previous === undefined) continue;
      if ((row.day ?? '') < changedDay) {
        expect(row.highImpressionShare).toBe(previous);
        earlier++;
      } else if (row.highImpressionShare > previous) higher++;
      else if (row.highImpressionShare < previous) lower++;
    }
    expect(earlier).toBeGreaterThan(0);
    expect(higher).toBeGreaterThan(20);
    expect(higher).toBeGreaterThan(lower * 5);
  });

  it('sums days into Sunday weeks with WEEKLY_SUN_SAT', () => {
    const sunday = today - ((today + 4) % 7) - 14;
    const rows = impressionShare(store, ACCOUNT, {
      filters: [{ field: 'promotedObjectId', operator: 'IN', value: [String(adamId)] }],
      timeRange: {
        start: isoDateOfDay(sunday),
        end: isoDateOfDay(sunday + 13),
        granularity: 'WEEKLY_SUN_SAT',
      },
      pagination: { pageSize: 10_000 },
    }).result.rows;
    expect(new Set(rows.map((row) => row.week))).toEqual(
      new Set([isoDateOfDay(sunday), isoDateOfDay(sunday + 7)]),
    );
  });

  it('never ranks an app lower for a higher share', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('task manager', 'budget', 'photo editor free'),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (term, a, b) => {
          const [low, high] = a < b ? [a, b] : [b, a];
          expect(rankAmongRivals(42, term, adamId, high)).toBeLessThanOrEqual(
            rankAmongRivals(42, term, adamId, low),
          );
        },
      ),
    );
  });

  it('requires a promotedObjectId filter of an own app and a window within the last 30 days', () => {
    const window = {
      start: isoDateOfDay(today - 3),
      end: isoDateOfDay(today - 1),
      granularity: 'DAILY',
    };
    const attempts = [
      { timeRange: window },
      {
        timeRange: window,
        filters: [{ field: 'promotedObjectId', operator: 'EQUALS', value: '1' }],
      },
      {
        timeRange: { ...window, start: isoDateOfDay(today - 40) },
        filters: [{ field: 'promotedObjectId', operator: 'EQUALS', value: String(adamId) }],
      },
      {
        timeRange: { ...window, end: isoDateOfDay(today) },
        filters: [{ field: 'promotedObjectId', operator: 'EQUALS', value: String(adamId) }],
      },
    ];
    for (const body of attempts)
      expect(() => impressionShare(store, ACCOUNT, body)).toThrow(ApiError);
  });
});
