import { describe, expect, it } from 'vitest';
import { DeliveryMemo } from '../model/delivery.js';
import { amountToCents } from '../model/money.js';
import { seedScenario } from '../model/scenario.js';
import { SandboxStore } from '../model/store.js';
import { recommendationsFor } from './budget-recommendations.js';
import { campaignPerformance } from './campaign-performance.js';

const NOW = Date.UTC(2026, 2, 15, 17, 30);
const ACCOUNT = 4_000_001;

function demoStore(): SandboxStore {
  const store = new SandboxStore(42, () => NOW);
  seedScenario(store, 'demo');
  return store;
}

describe('daily-budget recommendations', () => {
  const store = demoStore();
  const adamIds = store.accountApps.get(ACCOUNT) ?? [];

  it('recommend a higher budget exactly for campaigns whose budget held demand back', () => {
    const memo = new DeliveryMemo(store);
    for (const adamId of adamIds) {
      const recommended = new Map(
        recommendationsFor(store, ACCOUNT, 'DAILYCAP', String(adamId)).map((r) => [
          r.campaignId,
          r,
        ]),
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
      adamIds.some(
        (adamId) => recommendationsFor(store, ACCOUNT, 'DAILYCAP', String(adamId)).length > 0,
      ),
    ).toBe(true);
  });
});

describe('target-CPA recommendations', () => {
  it('suggest a target just above the average cost per install of the last 30 days', () => {
    const store = demoStore();
    const adamId = store.accountApps.get(ACCOUNT)?.[0] ?? 0;
    const rows = recommendationsFor(store, ACCOUNT, 'TCPA', String(adamId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const average = amountToCents(row.averageCPA?.amount ?? '') ?? 0;
      const target = amountToCents(row.recommendedTargetCPA.amount) ?? 0;
      expect(target).toBeGreaterThanOrEqual(average);
      expect(target).toBeLessThanOrEqual(Math.ceil(average * 1.11) + 1);
    }
  });
});
