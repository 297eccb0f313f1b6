// Test data of strategies shaped like the API's answers (docs/api/strategies.md), and a fake
// server answering the page's GraphQL with quiet defaults, each answer replaceable.
import type { Strategy, StrategyWindow, TimelineEntry } from '@tapwise/contracts';
import { fakeWrites } from '../ads-manager/actions/actions-test-kit';
import { ACCOUNT_ID, ADAM_ID, APP } from '../ads-manager/ads-manager-factories';

export const STRATEGY_ID = '7a1c2b3d-0000-4000-8000-000000000001';
export const ENTRY_ID = '7a1c2b3d-0000-4000-8000-0000000000e1';

export function buildStrategy(overrides: Partial<Strategy> = {}): Strategy {
  return {
    strategyId: STRATEGY_ID,
    name: 'Brand push',
    adamId: ADAM_ID,
    appName: APP.name,
    description: 'Raise bids on brand terms',
    goals: ['MORE_INSTALLS', 'LOWER_CPA'],
    secondaryGoal: null,
    targetEntities: [
      { level: 'CAMPAIGN', adAccountId: ACCOUNT_ID, id: 77, name: 'Brand campaign' },
    ],
    deleted: false,
    currency: 'USD',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    numbers: null,
    ...overrides,
  };
}

export function buildWindow(overrides: Partial<StrategyWindow> = {}): StrategyWindow {
  return {
    start: '2026-11-01',
    end: '2026-11-07',
    partial: false,
    impressions: 1000,
    taps: 100,
    installs: 40,
    tapInstalls: 40,
    spendMicros: 200_000_000,
    ...overrides,
  };
}

export function buildEntry(overrides: Partial<TimelineEntry> = {}): TimelineEntry {
  return {
    timelineId: ENTRY_ID,
    description: 'Raised the bid of brand',
    category: 'BID',
    source: 'adsManager',
    occurredAt: '2026-11-08T09:00:00.000Z',
    logId: '7a1c2b3d-0000-4000-8000-0000000000l1',
    createdBy: 'Ada Lovelace',
    // Installs up, CPA down ($5.00 → $4.00): both serve the goals; taps down is no goal's.
    before: buildWindow(),
    after: buildWindow({
      start: '2026-11-09',
      end: '2026-11-15',
      taps: 90,
      installs: 50,
      tapInstalls: 50,
      spendMicros: 200_000_000,
    }),
    ...overrides,
  };
}

type Answer = (variables: Record<string, unknown>) => unknown;

export function strategiesServer(answers: Record<string, Answer> = {}) {
  return fakeWrites({
    getAllStrategies: () => [buildStrategy()],
    getAllTimelineEntries: () => ({
      strategy: buildStrategy(),
      entries: [buildEntry()],
      total: 1,
    }),
    getAppsWithOrg: () => [APP],
    getCampaignsByOrg: () => [
      { id: 77, adAccountId: ACCOUNT_ID, adamId: ADAM_ID, name: 'Brand campaign' },
    ],
    getAdGroupsByCampaigns: () => [
      { id: 88, adAccountId: ACCOUNT_ID, campaignId: 77, name: 'Exact brand' },
    ],
    getStrategyKeywords: () => [],
    saveStrategy: (variables) => ({ ...buildStrategy(), ...(variables.input as object) }),
    delStrategy: () => true,
    addStrategyNote: () => '7a1c2b3d-0000-4000-8000-0000000000n1',
    delStrategyTimeline: () => true,
    ...answers,
  });
}
