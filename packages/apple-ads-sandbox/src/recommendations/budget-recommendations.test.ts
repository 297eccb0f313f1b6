import { describe, expect, it } from 'vitest';
import { DeliveryMemo } from '../model/delivery.js';
import { amountToCents } from '../model/money.js';
import { seedScenario } from '../model/scenario.js';
import { SandboxStore } from '../model/store.js';
import { ApiError } from '../server/api-error.js';
import {
  decideRecommendations,
  queryRecommendations,
  recommendationsFor,
} from './budget-recommendations.js';
import { campaignPerformance } from './campaign-performance.js';

const NOW = Date.UTC(2026, 2, 15, 17, 30);
const ACCOUNT = 4_000_001;

function demoStore(): SandboxStore {
  const store = new SandboxStore(42, () => NOW);
  seedScenario(store, 'demo');
  return store;
}

const appFilters = (adamId: number) => [
  { field: 'promotedObjectId', operator: 'EQUALS', value: [String(adamId)] },
  { field: 'promotedObjectType', operator: 'EQUALS', value: ['APPSTORE_APP'] },
];

describe('daily-budget recommendations', () => {
  const store = demoStore();
  const adamIds = store.accountApps.get(ACCOUNT) ?? [];

  it('recommend a higher budget exactly for campaigns whose budget held demand back', () => {
    const memo = new DeliveryMemo(store);
    for (const adamId of adamIds) {
      const recommended = new Map(
        recommendationsFor(store, ACCOUNT, 'DAILYCAP', adamId).map((r) => [r.campaignId, r]),
      );
      for (const campaign of store.campaigns.values()) {
        if (campaign.promotedObjectId !== String(adamId) || campaign.status !== 'ENABLED') continue;
        const performance = campaignPerformance(store, memo, campaign, 7);
        const recommendation = recommended.get(campaign.id);
        expect(recommendation !== undefined).toBe(performance.limitedDays >= 2);
        if (!recommendation) continue;
        const suggested = amountToCents(recommendation.suggestedDailyBudgetAmount.amount);
        expect(suggested).toBeGreaterThanOrEqual(performance.maxDemandCents);
        expect(suggested).toBeGreaterThan(amountToCents(campaign.dailyBudget.value.amount) ?? 0);
        expect(recommendation.state).toBe('AVAILABLE');
      }
    }
    expect(
      adamIds.some((adamId) => recommendationsFor(store, ACCOUNT, 'DAILYCAP', adamId).length > 0),
    ).toBe(true);
  });

  it('applying one sets the campaign budget from that instant and records the change', () => {
    const local = demoStore();
    const adamId = adamIds[0] ?? 0;
    const [first] = recommendationsFor(local, ACCOUNT, 'DAILYCAP', adamId);
    if (!first) throw new Error('no recommendation');
    local.beginTransaction();
    const answer = decideRecommendations(
      local,
      ACCOUNT,
      'DAILYCAP',
      'APPLIED',
      [{ id: first.id, promotedObjectId: String(adamId), promotedObjectType: 'APPSTORE_APP' }],
      7,
    );
    expect(answer.result[0]?.state).toBe('APPLIED');
    const campaign = local.campaigns.get(first.campaignId);
    expect(campaign?.dailyBudget.value).toEqual(first.suggestedDailyBudgetAmount);
    expect(local.campaignVersions.get(first.campaignId)?.at(-1)?.at).toBe(NOW);
    expect(local.changeLog.at(-1)).toMatchObject({
      entityId: first.campaignId,
      changeType: 'UPDATE',
      changes: [expect.objectContaining({ field: 'dailyBudget' })],
    });
    // The applied recommendation named the old budget; it is gone from the list.
    expect(
      recommendationsFor(local, ACCOUNT, 'DAILYCAP', adamId).some((r) => r.id === first.id),
    ).toBe(false);
  });

  it('dismissing keeps the recommendation listed as DISMISSED and unknown ids reject the batch', () => {
    const local = demoStore();
    const adamId = adamIds[0] ?? 0;
    const [first] = recommendationsFor(local, ACCOUNT, 'DAILYCAP', adamId);
    const item = {
      id: first?.id,
      promotedObjectId: String(adamId),
      promotedObjectType: 'APPSTORE_APP',
    };
    expect(() =>
      decideRecommendations(
        local,
        ACCOUNT,
        'DAILYCAP',
        'DISMISSED',
        [item, { ...item, id: 'nope' }],
        7,
      ),
    ).toThrow(ApiError);
    expect(local.recommendationStates.size).toBe(0);
    decideRecommendations(local, ACCOUNT, 'DAILYCAP', 'DISMISSED', [item], 7);
    const page = queryRecommendations(local, ACCOUNT, 'DAILYCAP', {
      filters: [
        ...appFilters(adamId),
        { field: 'state', operator: 'EQUALS', value: ['DISMISSED'] },
      ],
    });
    expect(page.result.map((r) => r.id)).toEqual([first?.id]);
  });
});

describe('target-CPA recommendations', () => {
  it('suggest a target just above the average cost per install of the last 30 days', () => {
    const store = demoStore();
    const adamId = store.accountApps.get(ACCOUNT)?.[0] ?? 0;
    const rows = recommendationsFor(store, ACCOUNT, 'TCPA', adamId);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const average = amountToCents(row.averageCPA?.amount ?? '') ?? 0;
      const target = amountToCents(row.recommendedTargetCPA.amount) ?? 0;
      expect(target).toBeGreaterThanOrEqual(average);
      expect(target).toBeLessThanOrEqual(Math.ceil(average * 1.11) + 1);
    }
  });

  it('require the promotedObjectId and promotedObjectType filters with array values', () => {
    const store = demoStore();
    const adamId = store.accountApps.get(ACCOUNT)?.[0] ?? 0;
    expect(() => queryRecommendations(store, ACCOUNT, 'TCPA', {})).toThrow(ApiError);
    expect(() =>
      queryRecommendations(store, ACCOUNT, 'TCPA', {
        filters: [
          { field: 'promotedObjectId', operator: 'EQUALS', value: String(adamId) },
          { field: 'promotedObjectType', operator: 'EQUALS', value: ['APPSTORE_APP'] },
        ],
      }),
    ).toThrow(ApiError);
  });
});
