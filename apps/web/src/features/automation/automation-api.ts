// GraphQL operations of the /arrules page (design of issue 8): the rule list and its lifecycle
// (enable, disable, delete), runs (start, watch, revert), the logs with their CSV export, and the
// kill switch. Reads are guarded on the server by automationRules.read, writes by
// automationRules.write, the company's kill switch by automationRules.killSwitch.
import type {
  ReportExportFormat,
  RuleChangeEntry,
  RuleLogEntry,
  RuleRunsQuery,
  SafetyCaps,
} from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';
import { apiBlob } from '../../shared/api/http';
import { AUTOMATION_RULE_FIELDS, type AutomationRule } from './rule-builder/builder-api';

export interface RuleLogPage {
  entries: RuleLogEntry[];
  total: number;
}

export interface AutomationSafety {
  killSwitch: boolean;
  globalKillSwitch: boolean;
  defaultCaps: SafetyCaps;
}

/** The log filters the page holds; paging is added per request. */
export type RuleLogFilters = Omit<RuleRunsQuery, 'offset' | 'limit'>;

interface RuleResult {
  successMessage: string;
  rule: AutomationRule;
}

export const LOG_ENTRY_FIELDS = `id kind ruleId ruleName status trigger dryRun evaluated matched applied
  planned failed skipped reverted message at finishedAt revertedAt revertible`;
const CHANGE_FIELDS = `id runId adAccountId level entityId entityName campaignId campaignName
  adGroupId adGroupName matchedValues action before after status capped message appliedAt
  conversion`;
const SAFETY_FIELDS = 'killSwitch globalKillSwitch defaultCaps';

export const automationKeys = {
  all: ['automation'] as const,
  rules: ['automation', 'rules'] as const,
  logs: ['automation', 'logs'] as const,
  logPage: (query: RuleRunsQuery) => ['automation', 'logs', query] as const,
  logEntry: (runId: string) => ['automation', 'logEntry', runId] as const,
  changes: (runId: string) => ['automation', 'changes', runId] as const,
  safety: ['automation', 'safety'] as const,
};

/** The export's address: the log filters as query parameters (statuses comma-separated). */
export function logsFilePath(filters: RuleLogFilters, format: ReportExportFormat): string {
  const params = new URLSearchParams();
  if (filters.ruleId) params.set('ruleId', filters.ruleId);
  if (filters.statuses?.length) params.set('statuses', filters.statuses.join(','));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.dryRun !== undefined) params.set('dryRun', String(filters.dryRun));
  const query = params.toString();
  return `/v1/api/automation/logs.${format}${query ? `?${query}` : ''}`;
}

export const automationApi = {
  rules: async () =>
    (
      await graphqlRequest<{ automationRules: AutomationRule[] }>(
        `query AutomationRules { automationRules { ${AUTOMATION_RULE_FIELDS} } }`,
      )
    ).automationRules,

  setEnabled: async (id: string, enabled: boolean) =>
    (
      await graphqlRequest<{ setAutomationRuleEnabled: RuleResult }>(
        `mutation SetAutomationRuleEnabled($id: ID!, $enabled: Boolean!) {
          setAutomationRuleEnabled(id: $id, enabled: $enabled) {
            successMessage rule { ${AUTOMATION_RULE_FIELDS} }
          }
        }`,
        { id, enabled },
      )
    ).setAutomationRuleEnabled,

  deleteRule: async (id: string) =>
    (
      await graphqlRequest<{ deleteAutomationRule: { successMessage: string } }>(
        `mutation DeleteAutomationRule($id: ID!) {
          deleteAutomationRule(id: $id) { successMessage }
        }`,
        { id },
      )
    ).deleteAutomationRule,

  run: async (id: string, dryRun: boolean) =>
    (
      await graphqlRequest<{ runAutomationRule: { successMessage: string; runId: string } }>(
        `mutation RunAutomationRule($id: ID!, $dryRun: Boolean!) {
          runAutomationRule(id: $id, dryRun: $dryRun) { successMessage runId }
        }`,
        { id, dryRun },
      )
    ).runAutomationRule,

  revert: async (runId: string) =>
    (
      await graphqlRequest<{
        revertAutomationRuleRun: { successMessage: string; reverted: number; skipped: number };
      }>(
        `mutation RevertAutomationRuleRun($runId: ID!) {
          revertAutomationRuleRun(runId: $runId) { successMessage reverted skipped }
        }`,
        { runId },
      )
    ).revertAutomationRuleRun,

  logs: async (query: RuleRunsQuery) =>
    (
      await graphqlRequest<{ automationRuleLogs: RuleLogPage }>(
        `query AutomationRuleLogs($query: JSON!) {
          automationRuleLogs(query: $query) { entries { ${LOG_ENTRY_FIELDS} } total }
        }`,
        { query },
      )
    ).automationRuleLogs,

  logEntry: async (id: string) =>
    (
      await graphqlRequest<{ automationRuleLogEntry: RuleLogEntry }>(
        `query AutomationRuleLogEntry($id: ID!) {
          automationRuleLogEntry(id: $id) { ${LOG_ENTRY_FIELDS} }
        }`,
        { id },
      )
    ).automationRuleLogEntry,

  changes: async (runId: string) =>
    (
      await graphqlRequest<{ automationRuleChanges: RuleChangeEntry[] }>(
        `query AutomationRuleChanges($runId: ID!) {
          automationRuleChanges(runId: $runId) { ${CHANGE_FIELDS} }
        }`,
        { runId },
      )
    ).automationRuleChanges,

  safety: async () =>
    (
      await graphqlRequest<{ automationSafety: AutomationSafety }>(
        `query AutomationSafety { automationSafety { ${SAFETY_FIELDS} } }`,
      )
    ).automationSafety,

  setKillSwitch: async (on: boolean) =>
    (
      await graphqlRequest<{ setAutomationKillSwitch: AutomationSafety }>(
        `mutation SetAutomationKillSwitch($on: Boolean!) {
          setAutomationKillSwitch(on: $on) { ${SAFETY_FIELDS} }
        }`,
        { on },
      )
    ).setAutomationKillSwitch,

  logsFile: (filters: RuleLogFilters, format: ReportExportFormat) =>
    apiBlob(logsFilePath(filters, format)),
};
