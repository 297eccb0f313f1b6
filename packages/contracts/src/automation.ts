// Vocabulary of automation rules (spec 1 §4 and §9, spec 2 §3.7): cadences, conditions, actions, statuses.

/** How often a rule checks its conditions. */
export const CHECK_FREQUENCIES = [
  'HOURLY',
  'EVERY_4_HOURS',
  'EVERY_6_HOURS',
  'EVERY_8_HOURS',
  'EVERY_12_HOURS',
  'DAILY',
  'CUSTOM_HOURS',
] as const;
export type CheckFrequency = (typeof CHECK_FREQUENCIES)[number];

/** Hours between checks; CUSTOM_HOURS carries its own number on the rule. */
export const CHECK_FREQUENCY_HOURS: Record<Exclude<CheckFrequency, 'CUSTOM_HOURS'>, number> = {
  HOURLY: 1,
  EVERY_4_HOURS: 4,
  EVERY_6_HOURS: 6,
  EVERY_8_HOURS: 8,
  EVERY_12_HOURS: 12,
  DAILY: 24,
};

/** The spec's default daily cadence constant. */
export const DAILY_CADENCE = 'DAILY' satisfies CheckFrequency;

/**
 * How often a rule may act on one entity at most, however often its conditions match. The spec's
 * list plus DAILY, which the budget-pacing playbook needs (docs/product-decisions.md).
 */
export const ACTION_LIMIT_FREQUENCIES = [
  'EVERY_2_HOURS',
  'EVERY_3_HOURS',
  'DAILY',
  'EVERY_2_DAYS',
  'EVERY_3_DAYS',
  'WEEKLY',
] as const;
export type ActionLimitFrequency = (typeof ACTION_LIMIT_FREQUENCIES)[number];
export const ACTION_LIMIT_FREQUENCY_HOURS: Record<ActionLimitFrequency, number> = {
  EVERY_2_HOURS: 2,
  EVERY_3_HOURS: 3,
  DAILY: 24,
  EVERY_2_DAYS: 48,
  EVERY_3_DAYS: 72,
  WEEKLY: 168,
};

/** The data window a condition looks at. */
export const LOOKBACK_RANGES = [
  'LAST_1_HOUR',
  'LAST_1_DAY',
  'LAST_7_DAYS',
  'LAST_30_DAYS',
  'LAST_MONTH',
  'CUSTOM_HOUR',
  'DATE_RANGE',
] as const;
export type LookbackRange = (typeof LOOKBACK_RANGES)[number];

/**
 * GREATER_THAN, LESS_THAN, IN_RANGE and EQUALS are the spec's names; NOT_IN_RANGE and BETWEEN
 * name the two further operators the rule editor offers ("not in range", "between").
 */
export const CONDITION_COMPARATORS = [
  'GREATER_THAN',
  'LESS_THAN',
  'IN_RANGE',
  'NOT_IN_RANGE',
  'BETWEEN',
  'EQUALS',
] as const;
export type ConditionComparator = (typeof CONDITION_COMPARATORS)[number];

/** Comparators that take a from/to pair instead of one value (from must be lower than to). */
export const RANGE_COMPARATORS = [
  'IN_RANGE',
  'NOT_IN_RANGE',
  'BETWEEN',
] as const satisfies readonly ConditionComparator[];

/** Whether all conditions or any one of them must match. */
export const CONDITION_MATCH_MODES = ['ALL', 'ANY'] as const;
export type ConditionMatchMode = (typeof CONDITION_MATCH_MODES)[number];

export const RULE_ACTIONS = [
  'PAUSE',
  'RESUME',
  'CHANGE_DAILY_CAP',
  'CHANGE_BID',
  'CHANGE_BUDGET',
  'ADD_AS_NEGATIVE_KEYWORD',
  'EMAIL_NOTIFICATION',
  'SLACK_NOTIFICATION',
] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/** How the value of a change action is read. */
export const RULE_VALUE_TYPES = [
  'AMOUNT',
  'PERCENT_OF_BUDGET',
  'INCREASE_BY',
  'DECREASE_BY',
  'SET_TO_AVERAGE_CPA',
  'SET_TO_AVERAGE_CPT',
] as const;
export type RuleValueType = (typeof RULE_VALUE_TYPES)[number];

/** Levels a rule can be scoped to. */
export const RULE_SCOPE_LEVELS = [
  'ORGANISATION',
  'APP',
  'CAMPAIGN',
  'AD_GROUP',
  'KEYWORD',
] as const;
export type RuleScopeLevel = (typeof RULE_SCOPE_LEVELS)[number];

/** Asset types a rule acts on, spelled as the spec stores them. */
export const RULE_ASSET_TYPES = ['keyword', 'creativeset'] as const;
export type RuleAssetType = (typeof RULE_ASSET_TYPES)[number];

/** Rule and rule-log statuses, exact strings (spaces and slash included). */
export const AUTOMATION_RULE_STATUSES = [
  'PENDING',
  'SUCCESS',
  'FAILED',
  'CREATED',
  'DELETED',
  'ENABLED',
  'DISABLED',
  'RE ACTIVATED',
  'UPDATED',
  'CONDITION MATCHED',
  'CONDITION NOT MATCHED',
  'ASA/MMP CONDITION NOT MATCHED',
  'NO CAMPAIGNS FOUND TO PROCESS',
  'LAST RUN FAILED',
] as const;
export type AutomationRuleStatus = (typeof AUTOMATION_RULE_STATUSES)[number];

/** The spec lists the same values for rule logs. */
export const AUTOMATION_LOG_STATUSES = AUTOMATION_RULE_STATUSES;
export type AutomationLogStatus = AutomationRuleStatus;

/** Other spellings seen in stored data, mapped to the canonical status. */
export const AUTOMATION_RULE_STATUS_ALIASES: Readonly<Record<string, AutomationRuleStatus>> = {
  REACTIVATED: 'RE ACTIVATED',
};

/** Reads a stored status, accepting the alias spellings; undefined for anything unknown. */
export function parseAutomationRuleStatus(value: string): AutomationRuleStatus | undefined {
  if ((AUTOMATION_RULE_STATUSES as readonly string[]).includes(value)) {
    return value as AutomationRuleStatus;
  }
  // Own keys only: a status named like an Object.prototype member must not resolve.
  return Object.hasOwn(AUTOMATION_RULE_STATUS_ALIASES, value)
    ? AUTOMATION_RULE_STATUS_ALIASES[value]
    : undefined;
}
