// GraphQL operations of /scripted-rule and /sar-proxy (docs/api/scripted-rules.md): scripted rules
// (list, save, enable, delete, test run, backtest), the company's switch (onAutomationV2), custom
// functions and the scripts' gateway log. Runs, logs, changes and reverts are the rule engine's
// (automation-api.ts), since a scripted rule is an automation rule of kind SCRIPT.
import type {
  CustomFunction,
  CustomFunctionInput,
  CustomFunctionTreeNode,
  RuleChangeEntry,
  ScriptBacktestInput,
  ScriptedRuleDefinition,
  RuleLogEntry,
  ScriptedRuleInput,
  ScriptLogLine,
  ScriptTestResult,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';
import { LOG_ENTRY_FIELDS } from '../automation/automation-api';

/** A saved scripted rule as the API answers it; `definition` is the saved scriptedRuleInput. */
export interface ScriptedRule {
  id: string;
  name: string;
  enabled: boolean;
  status: string;
  definition: ScriptedRuleDefinition;
  lastRunAt: string | null;
  lastRunStatus: string | null;
  nextRunAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A change a script proposed, with the script it came from (the gateway log). */
export type GatewayEntry = RuleChangeEntry & { ruleId: string; ruleName: string };

export interface ScriptRunPage {
  entries: RuleLogEntry[];
  total: number;
}

export interface GatewayPage {
  entries: GatewayEntry[];
  total: number;
}

interface ScriptedRuleResult {
  successMessage: string;
  rule: ScriptedRule;
}

interface CustomFunctionResult {
  successMessage: string;
  customFunction: CustomFunction;
}

const RULE_FIELDS =
  'id name enabled status definition lastRunAt lastRunStatus nextRunAt createdAt updatedAt';
const FUNCTION_FIELDS =
  'id name path description code isLocked isPublic version isOwn authorName updatedAt';
const GATEWAY_FIELDS = `id runId ruleId ruleName adAccountId level entityId entityName campaignId
  campaignName adGroupId adGroupName matchedValues action before after status capped message
  appliedAt conversion`;

export const scriptedRulesKeys = {
  all: ['scriptedRules'] as const,
  rules: ['scriptedRules', 'rules'] as const,
  studio: ['scriptedRules', 'studio'] as const,
  tree: ['scriptedRules', 'functions'] as const,
  customFunction: (id: string) => ['scriptedRules', 'functions', id] as const,
  runs: (ruleId: string, offset: number) => ['scriptedRules', 'runs', ruleId, offset] as const,
  runLog: (runId: string) => ['scriptedRules', 'runLog', runId] as const,
  gateway: (offset: number) => ['scriptedRules', 'gateway', offset] as const,
};

export const scriptedRulesApi = {
  rules: async () =>
    (
      await graphqlRequest<{ scriptedRules: ScriptedRule[] }>(
        `query ScriptedRules { scriptedRules { ${RULE_FIELDS} } }`,
      )
    ).scriptedRules,

  /** Whether the company has scripted rules on (spec 2 §3.5 onAutomationV2). */
  studioOn: async () =>
    (
      await graphqlRequest<{ me: { onAutomationV2: boolean } }>(
        'query ScriptedRulesSwitch { me { onAutomationV2 } }',
      )
    ).me.onAutomationV2,

  toggleStudio: async (on: boolean) =>
    (
      await graphqlRequest<{ toggleAutomationV2: { successMessage: string } }>(
        `mutation ToggleAutomationV2($on: Boolean!) {
          toggleAutomationV2(on: $on) { successMessage }
        }`,
        { on },
      )
    ).toggleAutomationV2,

  save: async (id: string | null, input: ScriptedRuleInput, enable: boolean) =>
    (
      await graphqlRequest<{ saveScriptedRule: ScriptedRuleResult }>(
        `mutation SaveScriptedRule($id: ID, $input: JSON!, $enable: Boolean!) {
          saveScriptedRule(id: $id, input: $input, enable: $enable) {
            successMessage rule { ${RULE_FIELDS} }
          }
        }`,
        { id, input, enable },
      )
    ).saveScriptedRule,

  setEnabled: async (id: string, enabled: boolean) =>
    (
      await graphqlRequest<{ setScriptedRuleEnabled: ScriptedRuleResult }>(
        `mutation SetScriptedRuleEnabled($id: ID!, $enabled: Boolean!) {
          setScriptedRuleEnabled(id: $id, enabled: $enabled) {
            successMessage rule { ${RULE_FIELDS} }
          }
        }`,
        { id, enabled },
      )
    ).setScriptedRuleEnabled,

  deleteRule: async (id: string) =>
    (
      await graphqlRequest<{ deleteScriptedRule: { successMessage: string } }>(
        `mutation DeleteScriptedRule($id: ID!) { deleteScriptedRule(id: $id) { successMessage } }`,
        { id },
      )
    ).deleteScriptedRule,

  test: async (input: ScriptedRuleInput) =>
    (
      await graphqlRequest<{ testScriptedRule: ScriptTestResult }>(
        `mutation TestScriptedRule($input: JSON!) {
          testScriptedRule(input: $input) {
            ok failure message logs changes evaluated proposals durationMs
          }
        }`,
        { input },
      )
    ).testScriptedRule,

  startBacktest: async (input: ScriptBacktestInput) =>
    (
      await graphqlRequest<{
        startScriptedRuleBacktest: { successMessage: string; backtestId: string };
      }>(
        `mutation StartScriptedRuleBacktest($input: JSON!) {
          startScriptedRuleBacktest(input: $input) { successMessage backtestId }
        }`,
        { input },
      )
    ).startScriptedRuleBacktest,

  tree: async () =>
    (
      await graphqlRequest<{ getCustomFnsFileTree: CustomFunctionTreeNode[] }>(
        'query CustomFunctionTree { getCustomFnsFileTree }',
      )
    ).getCustomFnsFileTree,

  customFunction: async (id: string) =>
    (
      await graphqlRequest<{ getSarCustomFunction: CustomFunction }>(
        `query CustomFunction($id: ID!) { getSarCustomFunction(id: $id) { ${FUNCTION_FIELDS} } }`,
        { id },
      )
    ).getSarCustomFunction,

  saveCustomFunction: async (id: string | null, input: CustomFunctionInput) =>
    (
      await graphqlRequest<{ saveCustomFunction: CustomFunctionResult }>(
        `mutation SaveCustomFunction($id: ID, $input: JSON!) {
          saveCustomFunction(id: $id, input: $input) {
            successMessage customFunction { ${FUNCTION_FIELDS} }
          }
        }`,
        { id, input },
      )
    ).saveCustomFunction,

  deleteCustomFunction: async (id: string) =>
    (
      await graphqlRequest<{ deleteCustomFn: { successMessage: string } }>(
        `mutation DeleteCustomFn($id: ID!) { deleteCustomFn(id: $id) { successMessage } }`,
        { id },
      )
    ).deleteCustomFn,

  setFunctionPublic: async (id: string, isPublic: boolean) =>
    (
      await graphqlRequest<{ publicOrPvtCustomFn: CustomFunctionResult }>(
        `mutation PublicOrPvtCustomFn($id: ID!, $isPublic: Boolean!) {
          publicOrPvtCustomFn(id: $id, isPublic: $isPublic) {
            successMessage customFunction { ${FUNCTION_FIELDS} }
          }
        }`,
        { id, isPublic },
      )
    ).publicOrPvtCustomFn,

  setFunctionLocked: async (id: string, isLocked: boolean) =>
    (
      await graphqlRequest<{ lockUnlockCustomFn: CustomFunctionResult }>(
        `mutation LockUnlockCustomFn($id: ID!, $isLocked: Boolean!) {
          lockUnlockCustomFn(id: $id, isLocked: $isLocked) {
            successMessage customFunction { ${FUNCTION_FIELDS} }
          }
        }`,
        { id, isLocked },
      )
    ).lockUnlockCustomFn,

  /** A script's runs, newest first (the rule engine's log, filtered to the script). */
  runs: async (ruleId: string, offset: number, limit: number) =>
    (
      await graphqlRequest<{ automationRuleLogs: ScriptRunPage }>(
        `query ScriptRuns($query: JSON!) {
          automationRuleLogs(query: $query) { entries { ${LOG_ENTRY_FIELDS} } total }
        }`,
        { query: { ruleId, offset, limit } },
      )
    ).automationRuleLogs,

  /** The log lines one run's script wrote (null for a builder rule's run). */
  runLog: async (runId: string) =>
    (
      await graphqlRequest<{ automationRuleLogEntry: { scriptLog: ScriptLogLine[] | null } }>(
        `query ScriptRunLog($id: ID!) { automationRuleLogEntry(id: $id) { id scriptLog } }`,
        { id: runId },
      )
    ).automationRuleLogEntry.scriptLog,

  gatewayLog: async (offset: number, limit: number) =>
    (
      await graphqlRequest<{ scriptGatewayLog: GatewayPage }>(
        `query ScriptGatewayLog($offset: Int!, $limit: Int!) {
          scriptGatewayLog(offset: $offset, limit: $limit) { entries { ${GATEWAY_FIELDS} } total }
        }`,
        { offset, limit },
      )
    ).scriptGatewayLog,
};
