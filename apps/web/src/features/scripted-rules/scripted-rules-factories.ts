// Test factories of /scripted-rule and /sar-proxy: scripted rules, test results, custom functions
// and gateway entries shaped like the API's answers, and a fake server with quiet defaults.
import {
  scriptTemplate,
  type CustomFunction,
  type CustomFunctionTreeNode,
  type ScriptTestResult,
} from '@tapwise/contracts';
import { fakeWrites } from '../ads-manager/actions/actions-test-kit';
import { APP } from '../ads-manager/ads-manager-factories';
import { buildSafety } from '../automation/automation-factories';
import type { GatewayEntry, ScriptedRule } from './scripted-rules-api';

export const SCRIPT_ID = '6e0c0d2e-7f0a-4d55-9b0c-000000000001';
export const FUNCTION_ID = '6e0c0d2e-7f0a-4d55-9b0c-0000000000f1';

export function buildScript(overrides: Partial<ScriptedRule> = {}): ScriptedRule {
  const template = scriptTemplate('CUT_WASTE');
  return {
    id: SCRIPT_ID,
    name: 'Cut waste script',
    enabled: false,
    status: 'CREATED',
    definition: {
      ...template,
      name: 'Cut waste script',
      currency: 'EUR',
      blocks: null,
      actionLimitFrequency: template.actionLimitFrequency ?? null,
      runUntil: null,
      caps: {},
      imports: [],
    },
    lastRunAt: null,
    lastRunStatus: null,
    nextRunAt: null,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function buildTestResult(overrides: Partial<ScriptTestResult> = {}): ScriptTestResult {
  return {
    ok: true,
    failure: null,
    message: null,
    logs: [
      { level: 'log', atMs: 3, text: 'Reading keywords' },
      { level: 'warn', atMs: 12, text: 'running shoes spends without installs' },
    ],
    changes: [
      {
        level: 'keyword',
        entityId: '501',
        entityName: 'running shoes',
        action: 'CHANGE_BID',
        before: { bidMicros: 2_000_000 },
        after: { bidMicros: 1_600_000 },
        capped: false,
        status: 'PLANNED',
        message: 'Spends without installs',
      },
    ],
    evaluated: 40,
    proposals: 1,
    durationMs: 21,
    ...overrides,
  };
}

export function buildFunction(overrides: Partial<CustomFunction> = {}): CustomFunction {
  return {
    id: FUNCTION_ID,
    name: 'cap',
    path: 'bids/cap',
    description: 'Caps a bid',
    code: 'export function cap(bid, max) {\n  return Math.min(bid, max);\n}\n',
    isLocked: false,
    isPublic: false,
    version: 2,
    isOwn: true,
    authorName: 'Ada Lovelace',
    updatedAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function buildTree(fn: CustomFunction = buildFunction()): CustomFunctionTreeNode[] {
  return [
    {
      name: 'bids',
      path: 'bids',
      functionId: null,
      isPublic: null,
      isLocked: null,
      children: [
        {
          name: fn.name,
          path: fn.path,
          functionId: fn.id,
          isPublic: fn.isPublic,
          isLocked: fn.isLocked,
          children: [],
        },
      ],
    },
  ];
}

export function buildGatewayEntry(overrides: Partial<GatewayEntry> = {}): GatewayEntry {
  return {
    id: 'c1',
    runId: 'run-1',
    ruleId: SCRIPT_ID,
    ruleName: 'Cut waste script',
    adAccountId: APP.adAccountId,
    level: 'keyword',
    entityId: '501',
    entityName: 'running shoes',
    campaignId: 11,
    campaignName: 'Brand',
    adGroupId: 21,
    adGroupName: 'Exact',
    matchedValues: null,
    action: 'CHANGE_BID',
    before: { bidMicros: 2_000_000 },
    after: { bidMicros: 1_600_000 },
    status: 'APPLIED',
    capped: false,
    message: 'Spends without installs',
    appliedAt: '2026-03-02T10:00:00.000Z',
    conversion: null,
    ...overrides,
  };
}

type Answer = (variables: Record<string, unknown>) => unknown;

/** The API of the pages, with scripted rules on, one script and one function by default. */
export function scriptsServer(answers: Record<string, Answer> = {}) {
  return fakeWrites({
    me: () => ({ onAutomationV2: true }),
    scriptedRules: () => [buildScript()],
    getCustomFnsFileTree: () => buildTree(),
    automationSafety: () => buildSafety(),
    getAppsWithOrg: () => [{ ...APP, currency: 'EUR' }],
    ...answers,
  });
}
