// Test factories of the /arrules page: rules, log entries and changes shaped like the API's
// answers, and a fake server answering GraphQL (with API errors) and the CSV export.
import { ruleTemplate, type RuleChangeEntry, type RuleLogEntry } from '@tapwise/contracts';
import { vi } from 'vitest';
import { fakeWrites } from '../ads-manager/actions/actions-test-kit';
import { APP } from '../ads-manager/ads-manager-factories';
import type { AutomationSafety } from './automation-api';
import type { AutomationRule } from './rule-builder/builder-api';

export const RULE_ID = '5d0c0d2e-7f0a-4d55-9b0c-000000000001';
export const RUN_ID = '5d0c0d2e-7f0a-4d55-9b0c-0000000000a1';

export function buildRule(overrides: Partial<AutomationRule> = {}): AutomationRule {
  return {
    id: RULE_ID,
    name: 'Cut waste',
    enabled: false,
    status: 'CREATED',
    definition: ruleTemplate('CUT_WASTE'),
    lastRunAt: null,
    lastRunStatus: null,
    nextRunAt: null,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function buildLogEntry(overrides: Partial<RuleLogEntry> = {}): RuleLogEntry {
  return {
    id: RUN_ID,
    kind: 'RUN',
    ruleId: RULE_ID,
    ruleName: 'Cut waste',
    status: 'SUCCESS',
    trigger: 'MANUAL',
    dryRun: false,
    evaluated: 40,
    matched: 3,
    applied: 3,
    planned: 0,
    failed: 0,
    skipped: 0,
    reverted: 0,
    message: null,
    at: '2026-03-02T10:00:00.000Z',
    finishedAt: '2026-03-02T10:00:04.000Z',
    revertedAt: null,
    revertible: true,
    ...overrides,
  };
}

export function buildChange(overrides: Partial<RuleChangeEntry> = {}): RuleChangeEntry {
  return {
    id: 'c1',
    runId: RUN_ID,
    ruleId: RULE_ID,
    ruleName: 'Cut waste',
    adAccountId: APP.adAccountId,
    level: 'keyword',
    entityId: '9001',
    entityName: 'photo editor',
    campaignId: 7001,
    campaignName: 'Photo US – Exact',
    adGroupId: 8001,
    adGroupName: 'Editors',
    matchedValues: { spend: 30_000_000, installs: 0 },
    action: 'CHANGE_BID',
    before: { bidMicros: 1_500_000 },
    after: { bidMicros: 1_200_000 },
    status: 'APPLIED',
    capped: false,
    message: null,
    appliedAt: '2026-03-02T10:00:03.000Z',
    conversion: null,
    ...overrides,
  };
}

export function buildSafety(overrides: Partial<AutomationSafety> = {}): AutomationSafety {
  return {
    killSwitch: false,
    globalKillSwitch: false,
    defaultCaps: {
      maxChangePercent: 50,
      maxBidChange: '2.00',
      maxBudgetChange: '500.00',
      maxChangesPerRun: 100,
    },
    ...overrides,
  };
}

type Answer = (variables: Record<string, unknown>) => unknown;

/**
 * The API of the page: GraphQL answers (which may throw a GraphqlFailure) with quiet defaults,
 * and the CSV export answering `csv`. Returns the GraphQL calls and the CSV addresses asked for.
 */
export function automationServer(answers: Record<string, Answer>, csv = 'time,rule\n') {
  const calls = fakeWrites({
    automationRules: () => [buildRule()],
    automationSafety: () => buildSafety(),
    automationRuleLogs: () => ({ entries: [], total: 0 }),
    getAppsWithOrg: () => [{ ...APP, currency: 'EUR' }],
    ...answers,
  });
  const fileRequests: string[] = [];
  const graphql = globalThis.fetch as (url: string, init: RequestInit) => Promise<Response>;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      if (!url.includes('/automation/logs.')) return graphql(url, init);
      fileRequests.push(url);
      return Promise.resolve(new Response(csv, { headers: { 'content-type': 'text/csv' } }));
    }),
  );
  return { calls, fileRequests };
}
