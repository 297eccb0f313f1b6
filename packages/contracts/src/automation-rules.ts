// Automation rules as the builder writes them and the engine reads them (spec 1 §9, spec 2 §3.7,
// §5): what a rule looks at, when it matches, what it changes, how often, and the safety caps the
// gateway holds every change to. Values are entered as the user sees them: money in the rule's
// currency ("12.5"), ratios in percent (4.2 for 4.20%), counts as whole numbers.
import { z } from 'zod';
import {
  ACTION_LIMIT_FREQUENCIES,
  CHECK_FREQUENCIES,
  CHECK_FREQUENCY_HOURS,
  CONDITION_COMPARATORS,
  CONDITION_MATCH_MODES,
  RANGE_COMPARATORS,
  type CheckFrequency,
  type ConditionComparator,
} from './automation';
import { MATCH_TYPES } from './campaigns';
import { GOAL_METRIC_KEYS, GOAL_METRICS, type GoalMetricKey } from './goal-metrics';
import { METRIC_KEYS, METRICS, type MetricKey } from './metrics';
import { isoDate } from './overview';
import { genericTextSchema } from './validation/names';
import { moneySchema, moneyToMicros } from './validation/money';
import { notificationRecipientsSchema } from './validation/email-lists';
import { slackChannelRefSchema } from './slack';
import {
  ruleActionValueSchema,
  ruleConditionValueSchema,
  ruleValueRangeSchema,
} from './validation/rule-values';

const appleId = z.number().int().positive();
/** An id the user must pick (0 is the builder's "none picked yet"). */
const pickedId = z.number({ error: 'validation.required' }).int().positive('validation.required');

/** The entity a rule evaluates its conditions for, row by row, and acts on. */
export const RULE_TARGETS = ['CAMPAIGN', 'AD_GROUP', 'KEYWORD', 'SEARCH_TERM'] as const;
export type RuleTarget = (typeof RULE_TARGETS)[number];

/**
 * Which entities a rule covers; an empty list does not narrow. Picking keywords keeps exactly one
 * ad group selected (spec 2 §5).
 */
export const ruleScopeSchema = z
  .object({
    adAccountIds: z.array(appleId).max(1000).default([]),
    adamIds: z.array(appleId).max(1000).default([]),
    campaignIds: z.array(appleId).max(1000).default([]),
    adGroupIds: z.array(appleId).max(1000).default([]),
    keywordIds: z.array(appleId).max(1000).default([]),
  })
  .refine((scope) => scope.keywordIds.length === 0 || scope.adGroupIds.length === 1, {
    message: 'validation.ruleKeywordsNeedOneAdGroup',
    path: ['adGroupIds'],
  });
export type RuleScope = z.infer<typeof ruleScopeSchema>;

/**
 * Apple reports hour by hour for the last 7 days, for campaigns and ad groups only. A custom
 * lookback within that reads the hourly facts; a longer one, or one of a keyword or search-term
 * rule, reads whole days (rounded up) from the daily facts, up to their 90 days.
 */
export const HOURLY_FACTS_MAX_HOURS = 168;
export const CUSTOM_LOOKBACK_MAX_HOURS = 90 * 24;

export const ruleLookbackSchema = z.discriminatedUnion('range', [
  z.object({ range: z.literal('LAST_1_HOUR') }),
  z.object({ range: z.literal('LAST_1_DAY') }),
  z.object({ range: z.literal('LAST_7_DAYS') }),
  z.object({ range: z.literal('LAST_30_DAYS') }),
  z.object({ range: z.literal('LAST_MONTH') }),
  z.object({
    range: z.literal('CUSTOM_HOUR'),
    hours: z
      .number({ error: 'validation.required' })
      .int('validation.ruleHoursInvalid')
      .min(1, 'validation.ruleHoursInvalid')
      .max(CUSTOM_LOOKBACK_MAX_HOURS, 'validation.ruleHoursInvalid'),
  }),
  z
    .object({ range: z.literal('DATE_RANGE'), start: isoDate, end: isoDate })
    .refine((range) => range.start <= range.end, {
      message: 'validation.dateRangeOrder',
      path: ['end'],
    }),
]);
export type RuleLookback = z.infer<typeof ruleLookbackSchema>;

/**
 * What a condition can test: every report metric, the entity's own bid or daily budget (for
 * metric-to-metric comparisons such as "average CPT greater than 1.2 × bid"), and the goal
 * metrics of the rule's goal (`goalId`).
 */
export const RULE_ENTITY_VALUES = ['bid', 'dailyBudget'] as const;
export const RULE_CONDITION_METRICS = [
  ...METRIC_KEYS,
  ...RULE_ENTITY_VALUES,
  ...GOAL_METRIC_KEYS,
] as const;
export type RuleConditionMetric = MetricKey | (typeof RULE_ENTITY_VALUES)[number] | GoalMetricKey;

export const isGoalConditionMetric = (metric: RuleConditionMetric): metric is GoalMetricKey =>
  (GOAL_METRIC_KEYS as readonly string[]).includes(metric);

/** How a condition's value is read: money in the rule's currency, ratios in percent. */
export function ruleMetricKind(metric: RuleConditionMetric): 'count' | 'money' | 'ratio' {
  if (metric === 'bid' || metric === 'dailyBudget') return 'money';
  return isGoalConditionMetric(metric) ? GOAL_METRICS[metric].kind : METRICS[metric].kind;
}

/** Comparators that compare with one value or another metric (not a from/to pair). */
const isRange = (comparator: ConditionComparator) =>
  (RANGE_COMPARATORS as readonly ConditionComparator[]).includes(comparator);

/**
 * One condition. GREATER_THAN, LESS_THAN and EQUALS take `value`, or `compareTo` (another metric
 * of the same kind times a multiplier); IN_RANGE and BETWEEN are inclusive and exclusive of their
 * bounds, NOT_IN_RANGE is outside the inclusive range.
 */
export const ruleConditionSchema = z
  .object({
    metric: z.enum(RULE_CONDITION_METRICS),
    comparator: z.enum(CONDITION_COMPARATORS),
    value: ruleConditionValueSchema.optional(),
    range: ruleValueRangeSchema.optional(),
    compareTo: z
      .object({
        metric: z.enum(RULE_CONDITION_METRICS),
        multiplier: ruleConditionValueSchema.refine(
          (value) => value > 0,
          'validation.ruleValuePositive',
        ),
      })
      .optional(),
  })
  .superRefine((condition, ctx) => {
    if (isRange(condition.comparator)) {
      if (!condition.range)
        ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['range'] });
      return;
    }
    if (condition.compareTo) {
      if (ruleMetricKind(condition.compareTo.metric) !== ruleMetricKind(condition.metric))
        ctx.addIssue({
          code: 'custom',
          message: 'validation.ruleMetricKindsDiffer',
          path: ['compareTo', 'metric'],
        });
      return;
    }
    if (condition.value === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['value'] });
  });
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

/** How a bid or budget changes: to an amount, by an amount or percent, or to the average CPA/CPT. */
export const RULE_CHANGE_OPERATIONS = [
  'SET_TO',
  'INCREASE_BY',
  'DECREASE_BY',
  'SET_TO_AVERAGE_CPA',
  'SET_TO_AVERAGE_CPT',
] as const;
export type RuleChangeOperation = (typeof RULE_CHANGE_OPERATIONS)[number];
/** AMOUNT in the rule's currency; PERCENT of the current bid or budget. */
export const RULE_CHANGE_UNITS = ['AMOUNT', 'PERCENT'] as const;
export type RuleChangeUnit = (typeof RULE_CHANGE_UNITS)[number];

const AVERAGE_OPERATIONS: readonly RuleChangeOperation[] = [
  'SET_TO_AVERAGE_CPA',
  'SET_TO_AVERAGE_CPT',
];

const amountChange = {
  operation: z.enum(RULE_CHANGE_OPERATIONS),
  unit: z.enum(RULE_CHANGE_UNITS).default('AMOUNT'),
  value: ruleActionValueSchema
    .refine((value) => value > 0, 'validation.ruleValuePositive')
    .optional(),
  /** Limits the result stays within ("within min and max bid limits"). */
  min: moneySchema.optional(),
  max: moneySchema.optional(),
};

function checkAmountChange(
  change: {
    operation: RuleChangeOperation;
    unit: RuleChangeUnit;
    value?: number | undefined;
    min?: string | undefined;
    max?: string | undefined;
  },
  ctx: z.RefinementCtx,
  averagesAllowed: boolean,
) {
  const average = AVERAGE_OPERATIONS.includes(change.operation);
  if (average && !averagesAllowed)
    ctx.addIssue({ code: 'custom', message: 'validation.ruleActionInvalid', path: ['operation'] });
  if (!average && change.value === undefined)
    ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['value'] });
  if (change.operation === 'SET_TO' && change.unit === 'PERCENT')
    ctx.addIssue({ code: 'custom', message: 'validation.ruleActionInvalid', path: ['unit'] });
  if (change.min && change.max && moneyToMicros(change.min) >= moneyToMicros(change.max))
    ctx.addIssue({ code: 'custom', message: 'validation.rangeFromNotLower', path: ['max'] });
}

export const ruleActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PAUSE') }),
  z.object({ type: z.literal('RESUME') }),
  z
    .object({ type: z.literal('CHANGE_BID'), ...amountChange })
    .superRefine((change, ctx) => checkAmountChange(change, ctx, true)),
  /** The campaign's daily budget: Apple Ads v1 has no separate daily cap (docs/product-decisions.md). */
  z
    .object({ type: z.literal('CHANGE_BUDGET'), ...amountChange })
    .superRefine((change, ctx) => checkAmountChange(change, ctx, false)),
  /** A keyword's or search term's text as a negative keyword of its ad group or its campaign. */
  z.object({
    type: z.literal('ADD_AS_NEGATIVE_KEYWORD'),
    matchType: z.enum(MATCH_TYPES),
    level: z.enum(['AD_GROUP', 'CAMPAIGN']).default('AD_GROUP'),
  }),
  /** A search term as a targeting keyword of a chosen ad group of the same ad account. */
  z.object({
    type: z.literal('ADD_AS_KEYWORD'),
    matchType: z.enum(MATCH_TYPES),
    adAccountId: pickedId,
    adGroupId: pickedId,
    bid: moneySchema.optional(),
  }),
  z.object({ type: z.literal('EMAIL_NOTIFICATION'), recipients: notificationRecipientsSchema }),
  /** One message per run that matched, to each channel of the company's Slack workspace. */
  z.object({
    type: z.literal('SLACK_NOTIFICATION'),
    channels: z.array(slackChannelRefSchema).min(1, 'validation.required').max(10),
  }),
]);
export type RuleActionInput = z.infer<typeof ruleActionSchema>;
export type RuleActionType = RuleActionInput['type'];

/** Which actions make sense for which target. */
export const RULE_ACTIONS_BY_TARGET: Record<RuleTarget, readonly RuleActionType[]> = {
  CAMPAIGN: ['PAUSE', 'RESUME', 'CHANGE_BUDGET', 'EMAIL_NOTIFICATION', 'SLACK_NOTIFICATION'],
  AD_GROUP: ['PAUSE', 'RESUME', 'CHANGE_BID', 'EMAIL_NOTIFICATION', 'SLACK_NOTIFICATION'],
  KEYWORD: [
    'PAUSE',
    'RESUME',
    'CHANGE_BID',
    'ADD_AS_NEGATIVE_KEYWORD',
    'EMAIL_NOTIFICATION',
    'SLACK_NOTIFICATION',
  ],
  SEARCH_TERM: [
    'ADD_AS_KEYWORD',
    'ADD_AS_NEGATIVE_KEYWORD',
    'EMAIL_NOTIFICATION',
    'SLACK_NOTIFICATION',
  ],
};

/**
 * The largest change one run may make. A bid or budget change beyond a cap is cut to the cap;
 * changes beyond maxChangesPerRun are skipped. Percent caps apply both ways.
 */
export const safetyCapsSchema = z.object({
  maxChangePercent: z.number().int().min(1).max(1000),
  maxBidChange: moneySchema,
  maxBudgetChange: moneySchema,
  maxChangesPerRun: z.number().int().min(1).max(10_000),
});
export type SafetyCaps = z.infer<typeof safetyCapsSchema>;

export const DEFAULT_SAFETY_CAPS: SafetyCaps = Object.freeze({
  maxChangePercent: 50,
  maxBidChange: '2.00',
  maxBudgetChange: '500.00',
  maxChangesPerRun: 100,
});

export const RULE_CONDITIONS_MAX = 10;
export const RULE_ACTIONS_MAX = 5;
export const CUSTOM_CHECK_MAX_HOURS = 720;

/**
 * The currency of a rule's money (condition values, amounts, limits, caps, a promoted keyword's
 * bid): the company's reporting currency when the rule was saved, kept with the rule so a later
 * change of reporting currency does not change what a saved rule means. Each item's account
 * converts it at the daily reference rate of the evaluation day (docs/product-decisions.md).
 */
export const ruleCurrencySchema = z.string().regex(/^[A-Z]{3}$/, 'validation.currencyInvalid');

/** A rule as saved from the builder. */
export const automationRuleInput = z
  .object({
    name: genericTextSchema,
    /** Absent from a draft: saving takes the company's reporting currency (or the rule's own). */
    currency: ruleCurrencySchema.optional(),
    target: z.enum(RULE_TARGETS),
    scope: ruleScopeSchema,
    lookback: ruleLookbackSchema,
    matchMode: z.enum(CONDITION_MATCH_MODES).default('ALL'),
    conditions: z
      .array(ruleConditionSchema)
      .min(1, 'validation.ruleConditionRequired')
      .max(RULE_CONDITIONS_MAX),
    actions: z
      .array(ruleActionSchema)
      .min(1, 'validation.ruleActionRequired')
      .max(RULE_ACTIONS_MAX),
    checkFrequency: z.enum(CHECK_FREQUENCIES),
    /** Hours between checks for CUSTOM_HOURS. */
    customHours: z.number().int().min(1).max(CUSTOM_CHECK_MAX_HOURS).optional(),
    /** At most one change per entity within this window; null acts at every check. */
    actionLimitFrequency: z.enum(ACTION_LIMIT_FREQUENCIES).nullable().default(null),
    /** Last day the rule runs; null runs indefinitely. */
    runUntil: isoDate.nullable().default(null),
    /** Per-rule overrides of DEFAULT_SAFETY_CAPS. */
    caps: safetyCapsSchema.partial().default({}),
    /** The goal whose metrics the conditions may test: a goal of the rule's app. */
    goalId: z.uuid().optional(),
  })
  .superRefine((rule, ctx) => {
    if (!rule.goalId && conditionMetrics(rule).some(isGoalConditionMetric))
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['goalId'] });
    if (rule.checkFrequency === 'CUSTOM_HOURS' && rule.customHours === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['customHours'] });
    const hourlyOnly = rule.lookback.range === 'LAST_1_HOUR';
    if (hourlyOnly && (rule.target === 'KEYWORD' || rule.target === 'SEARCH_TERM'))
      ctx.addIssue({ code: 'custom', message: 'validation.ruleHourlyLevel', path: ['lookback'] });
    rule.actions.forEach((action, index) => {
      if (!RULE_ACTIONS_BY_TARGET[rule.target].includes(action.type))
        ctx.addIssue({
          code: 'custom',
          message: 'validation.ruleActionInvalid',
          path: ['actions', index, 'type'],
        });
    });
  });
export type AutomationRuleInput = z.input<typeof automationRuleInput>;
export type AutomationRuleDefinition = z.output<typeof automationRuleInput>;

/** The caps a run of this rule is held to. */
export function effectiveCaps(rule: Pick<AutomationRuleDefinition, 'caps'>): SafetyCaps {
  return { ...DEFAULT_SAFETY_CAPS, ...rule.caps };
}

const HOUR_MS = 3_600_000;

/** Hours between two checks of a rule. */
export function checkIntervalHours(
  rule: Pick<AutomationRuleDefinition, 'checkFrequency' | 'customHours'>,
): number {
  const frequency: CheckFrequency = rule.checkFrequency;
  return frequency === 'CUSTOM_HOURS' ? (rule.customHours ?? 24) : CHECK_FREQUENCY_HOURS[frequency];
}

/** What schedules a rule, a builder rule's or a scripted rule's alike. */
export type RuleSchedule = Pick<
  AutomationRuleDefinition,
  'checkFrequency' | 'customHours' | 'runUntil'
>;

/**
 * When a rule checks next: one interval after its last check (or now when it never ran), on the
 * hour; null once runUntil has passed.
 */
export function nextRunAt(rule: RuleSchedule, lastRunAt: Date | null, now: Date): Date | null {
  const due = lastRunAt
    ? new Date(
        Math.floor(lastRunAt.getTime() / HOUR_MS) * HOUR_MS + checkIntervalHours(rule) * HOUR_MS,
      )
    : now;
  const next = due < now ? now : due;
  if (rule.runUntil && next.toISOString().slice(0, 10) > rule.runUntil) return null;
  return next;
}

/** How a run came about. */
export const RULE_RUN_TRIGGERS = ['SCHEDULED', 'DATA', 'MANUAL'] as const;
export type RuleRunTrigger = (typeof RULE_RUN_TRIGGERS)[number];

/**
 * A change's state: PLANNED in a dry run or a backtest, PENDING while sent, then APPLIED, FAILED
 * (Apple or a check refused it), SKIPPED (a cap on the number of changes, the action limit or the
 * kill switch) or REVERTED.
 */
export const RULE_CHANGE_STATUSES = [
  'PLANNED',
  'PENDING',
  'APPLIED',
  'FAILED',
  'SKIPPED',
  'REVERTED',
] as const;
export type RuleChangeStatus = (typeof RULE_CHANGE_STATUSES)[number];

/** Filters of the rule logs (and their CSV export). */
export const ruleRunsQuerySchema = z.object({
  ruleId: z.string().uuid().optional(),
  statuses: z.array(z.string().max(40)).max(20).default([]),
  from: isoDate.optional(),
  to: isoDate.optional(),
  dryRun: z.boolean().optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(50),
});
export type RuleRunsQuery = z.input<typeof ruleRunsQuerySchema>;

/**
 * A backtest replays a rule day by day over stored daily history (Apple's last 90 days), as a
 * job: the API starts it and answers its progress; the result is read once it is DONE.
 */
export const BACKTEST_MAX_DAYS = 90;
/** Entities a backtest evaluates on one day at most: a wider scope is refused, to be narrowed. */
export const BACKTEST_MAX_ROWS_PER_DAY = 50_000;
/** Changes a backtest's result lists; `totalChanges` still counts every one. */
export const BACKTEST_MAX_LISTED_CHANGES = 2_000;
/** A member's finished backtests kept for reading (the newest); older ones are deleted. */
export const BACKTESTS_KEPT_PER_MEMBER = 3;
export const backtestInput = z.object({
  rule: automationRuleInput,
  start: isoDate,
  end: isoDate,
});
export type BacktestInput = z.input<typeof backtestInput>;

/** Spec 1 §8 wording, and Tapwise's own where the spec shows none (docs/product-decisions.md). */
export const AUTOMATION_MESSAGES = {
  created: 'Rule created successfully',
  updated: 'Rule updated successfully',
  deleted: 'Rule deleted successfully',
  enabled: 'Rule enabled successfully',
  disabled: 'Rule disabled successfully',
  saveFailed: 'Rule update/creation failed. Please try later',
  nameTaken: 'Rule name already exists',
  runStarted: 'Rule run started',
  reverted: 'Changes reverted',
  nothingToRevert: 'This run has no applied changes to revert.',
  killSwitchOn: 'Automation is switched off: rules make no changes until it is switched on again.',
  globalKillSwitchOn: 'Automation is switched off for every company by Tapwise staff.',
  backtestStarted: 'Backtest started',
  backtestRunning: 'A backtest of yours is still running. Wait for it to finish.',
  backtestFailed: 'The backtest could not run. Please try later.',
  backtestTooWide: `The rule's scope holds more than ${BACKTEST_MAX_ROWS_PER_DAY.toLocaleString('en-US')} items a day. Narrow it to backtest.`,
} as const;

/** The rule templates of the builder (practitioners' playbooks); each opens as an editable draft. */
export const RULE_TEMPLATE_IDS = [
  'CUT_WASTE',
  'SCALE_WINNERS',
  'PROMOTE_SEARCH_TERMS',
  'NEGATE_NON_INSTALLING_TERMS',
  'BUDGET_PACING',
] as const;
export type RuleTemplateId = (typeof RULE_TEMPLATE_IDS)[number];

const noScope = { adAccountIds: [], adamIds: [], campaignIds: [], adGroupIds: [], keywordIds: [] };

/**
 * The draft a template opens with. Amounts are examples in the rule's currency; the discovery
 * template needs the user to pick the ad group that receives the promoted terms.
 */
export function ruleTemplate(
  id: RuleTemplateId,
  promoteTo?: { adAccountId: number; adGroupId: number },
): AutomationRuleInput {
  const base = {
    scope: noScope,
    matchMode: 'ALL' as const,
    checkFrequency: 'DAILY' as const,
    actionLimitFrequency: null,
    runUntil: null,
    caps: {},
  };
  switch (id) {
    case 'CUT_WASTE':
      return {
        ...base,
        name: 'Cut waste',
        target: 'KEYWORD',
        lookback: { range: 'LAST_7_DAYS' },
        conditions: [
          { metric: 'spend', comparator: 'GREATER_THAN', value: 20 },
          { metric: 'installs', comparator: 'LESS_THAN', value: 1 },
        ],
        actions: [{ type: 'CHANGE_BID', operation: 'DECREASE_BY', unit: 'PERCENT', value: 20 }],
        actionLimitFrequency: 'EVERY_3_DAYS',
      };
    case 'SCALE_WINNERS':
      return {
        ...base,
        name: 'Scale winners',
        target: 'KEYWORD',
        lookback: { range: 'LAST_7_DAYS' },
        conditions: [
          { metric: 'avgCpa', comparator: 'LESS_THAN', value: 2 },
          { metric: 'installs', comparator: 'GREATER_THAN', value: 5 },
        ],
        actions: [
          {
            type: 'CHANGE_BID',
            operation: 'INCREASE_BY',
            unit: 'PERCENT',
            value: 10,
            max: '5.00',
          },
        ],
        actionLimitFrequency: 'EVERY_3_DAYS',
      };
    case 'PROMOTE_SEARCH_TERMS':
      return {
        ...base,
        name: 'Promote search terms',
        target: 'SEARCH_TERM',
        lookback: { range: 'CUSTOM_HOUR', hours: 14 * 24 },
        conditions: [
          { metric: 'taps', comparator: 'GREATER_THAN', value: 9 },
          { metric: 'installs', comparator: 'GREATER_THAN', value: 1 },
          { metric: 'avgCpa', comparator: 'LESS_THAN', value: 3 },
        ],
        actions: [
          {
            type: 'ADD_AS_KEYWORD',
            matchType: 'EXACT',
            adAccountId: promoteTo?.adAccountId ?? 0,
            adGroupId: promoteTo?.adGroupId ?? 0,
          },
          { type: 'ADD_AS_NEGATIVE_KEYWORD', matchType: 'EXACT', level: 'AD_GROUP' },
        ],
      };
    case 'NEGATE_NON_INSTALLING_TERMS':
      return {
        ...base,
        name: 'Negative for no-install terms',
        target: 'SEARCH_TERM',
        lookback: { range: 'LAST_7_DAYS' },
        conditions: [
          { metric: 'taps', comparator: 'GREATER_THAN', value: 19 },
          { metric: 'installs', comparator: 'LESS_THAN', value: 1 },
        ],
        actions: [{ type: 'ADD_AS_NEGATIVE_KEYWORD', matchType: 'EXACT', level: 'AD_GROUP' }],
      };
    case 'BUDGET_PACING':
      return {
        ...base,
        name: 'Budget pacing',
        target: 'CAMPAIGN',
        lookback: { range: 'LAST_1_DAY' },
        checkFrequency: 'HOURLY',
        conditions: [
          {
            metric: 'spend',
            comparator: 'GREATER_THAN',
            compareTo: { metric: 'dailyBudget', multiplier: 0.9 },
          },
        ],
        actions: [{ type: 'CHANGE_BUDGET', operation: 'INCREASE_BY', unit: 'PERCENT', value: 10 }],
        actionLimitFrequency: 'DAILY',
      };
  }
}

/** One entry of a rule's log: a run, or a lifecycle event (CREATED, ENABLED, ...) with no counts. */
export interface RuleLogEntry {
  id: string;
  kind: 'RUN' | 'EVENT';
  ruleId: string;
  ruleName: string;
  status: string;
  trigger: RuleRunTrigger | null;
  dryRun: boolean;
  evaluated: number;
  matched: number;
  /** Changes by status; all 0 for an event. */
  applied: number;
  planned: number;
  failed: number;
  skipped: number;
  reverted: number;
  message: string | null;
  at: string;
  finishedAt: string | null;
  revertedAt: string | null;
  /** A finished, not dry, not reverted run with applied changes. */
  revertible: boolean;
}

/**
 * What a matched entity's conditions read, by metric, in stored units (money in micros, ratios as
 * fractions, counts as they are); null where a metric has no value (a CPA without installs).
 */
export type RuleMatchedValues = Partial<Record<RuleConditionMetric, number | null>>;

/** The metrics a rule's conditions read (compared metrics included), each once, in their order. */
export function conditionMetrics(
  rule: Pick<AutomationRuleDefinition, 'conditions'>,
): RuleConditionMetric[] {
  const metrics = rule.conditions.flatMap((condition) =>
    condition.compareTo ? [condition.metric, condition.compareTo.metric] : [condition.metric],
  );
  return [...new Set(metrics)];
}

/**
 * Where a changed entity sits and why it matched: its campaign and ad group (itself at its own
 * level, null above it and for the run's e-mail; names as stored now), and its condition values.
 */
export interface RuleChangeContext {
  campaignId: number | null;
  campaignName: string | null;
  adGroupId: number | null;
  adGroupName: string | null;
  /** Null for the run's e-mail and for changes recorded before values were kept. */
  matchedValues: RuleMatchedValues | null;
}

/** One change a run made or planned, as the audit shows it. */
export interface RuleChangeEntry extends RuleChangeContext {
  id: string;
  runId: string;
  /** The rule (or scripted rule) that made it, and its name at the run. */
  ruleId: string;
  ruleName: string;
  adAccountId: number;
  level: string;
  entityId: string;
  entityName: string;
  action: RuleActionType;
  /** Field values before and after (money in micros, as stored). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  status: RuleChangeStatus;
  capped: boolean;
  message: string | null;
  appliedAt: string | null;
  /** How the rule's money was converted for the item's account; null when it needed no conversion. */
  conversion: RuleMoneyConversion | null;
}

/** One money value of a rule as applied to an item: in the rule's currency and converted. */
export interface RuleMoneyValue {
  /** Where the value is: a condition (name: its metric), an action field or a safety cap. */
  source: 'condition' | 'action' | 'cap';
  /** The condition's metric; the action's `value`, `min`, `max` or `bid`; the cap's key. */
  name: string;
  ruleMicros: number;
  micros: number;
}

/**
 * A rule's money in another currency than the item's account: converted at the reference rate of
 * `rateDay` (`factor` units of `currency` per unit of `ruleCurrency`).
 */
export interface RuleMoneyConversion {
  ruleCurrency: string;
  currency: string;
  factor: number;
  rateDay: string;
  values: RuleMoneyValue[];
}

/** What a backtest found on one day of history. */
export interface RuleBacktestDay {
  date: string;
  evaluated: number;
  matched: number;
  changes: Omit<
    RuleChangeEntry,
    'id' | 'runId' | 'ruleId' | 'ruleName' | 'appliedAt' | keyof RuleChangeContext
  >[];
  /** Currencies whose items were not evaluated that day: no reference rate from the rule's. */
  unconvertible?: string[];
}

export interface RuleBacktestResult {
  start: string;
  end: string;
  /** Each day's changes, up to BACKTEST_MAX_LISTED_CHANGES in all. */
  days: RuleBacktestDay[];
  totalChanges: number;
}

export const RULE_BACKTEST_STATUSES = ['RUNNING', 'DONE', 'FAILED'] as const;
export type RuleBacktestStatus = (typeof RULE_BACKTEST_STATUSES)[number];
/** Why a backtest failed: its scope was too wide, or anything else (try again later). */
export const RULE_BACKTEST_FAILURES = ['TOO_WIDE', 'FAILED'] as const;
export type RuleBacktestFailure = (typeof RULE_BACKTEST_FAILURES)[number];

/** How far a backtest got: `done` of `total` days replayed. Sent over the socket as it goes. */
export interface RuleBacktestProgress {
  backtestId: string;
  status: RuleBacktestStatus;
  done: number;
  total: number;
  failure: RuleBacktestFailure | null;
}

/** A backtest as the API answers it: its progress, the result once DONE, the reason once FAILED. */
export interface RuleBacktestRun extends RuleBacktestProgress {
  result: RuleBacktestResult | null;
  message: string | null;
}
