// Strategies with timelines (spec 2 §3.7): what a strategy aims at and which entities it covers.
// A strategy's goals are outcomes of its target entities' numbers (docs/product-decisions.md).
import { z } from 'zod';
import { genericTextSchema, strategyDescriptionSchema } from './validation/names';

export const STRATEGY_GOALS = [
  'MORE_INSTALLS',
  'LOWER_CPA',
  'LOWER_CPT',
  'MORE_TAPS',
  'MORE_IMPRESSIONS',
  'LOWER_SPEND',
  'MORE_GOAL_EVENTS',
  'HIGHER_ROAS',
] as const;
export type StrategyGoal = (typeof STRATEGY_GOALS)[number];

export const STRATEGY_TARGET_LEVELS = ['CAMPAIGN', 'AD_GROUP', 'KEYWORD'] as const;
export type StrategyTargetLevel = (typeof STRATEGY_TARGET_LEVELS)[number];

export const strategyTargetSchema = z.object({
  level: z.enum(STRATEGY_TARGET_LEVELS),
  adAccountId: z.number().int().positive(),
  /** Apple's id of the campaign, ad group or keyword. */
  id: z.number().int().positive(),
});
export type StrategyTarget = z.infer<typeof strategyTargetSchema>;

// A strategy as saved (spec 2 §3.7, §5): a name (generic text, unique per app), an alphanumeric
// description, one or more goals, an optional secondary goal that is not one of them, and the
// target entities, all in one ad account so its numbers add up in one currency.

/** At most this many target entities: their facts are summed for every timeline entry. */
export const STRATEGY_MAX_TARGETS = 200;

export const strategyInput = z
  .object({
    name: genericTextSchema,
    adamId: z.number().int().positive(),
    description: strategyDescriptionSchema,
    goals: z
      .array(z.enum(STRATEGY_GOALS))
      .min(1, 'validation.required')
      .max(STRATEGY_GOALS.length)
      .refine((goals) => new Set(goals).size === goals.length, 'validation.strategyGoalRepeated'),
    secondaryGoal: z.enum(STRATEGY_GOALS).nullish(),
    targetEntities: z
      .array(strategyTargetSchema)
      .min(1, 'validation.strategyTargetRequired')
      .max(STRATEGY_MAX_TARGETS),
  })
  .superRefine((strategy, context) => {
    if (strategy.secondaryGoal && strategy.goals.includes(strategy.secondaryGoal))
      context.addIssue({
        code: 'custom',
        path: ['secondaryGoal'],
        message: 'validation.strategySecondaryGoalRepeated',
      });
    const accounts = new Set(strategy.targetEntities.map((target) => target.adAccountId));
    if (accounts.size > 1)
      context.addIssue({
        code: 'custom',
        path: ['targetEntities'],
        message: 'validation.strategyTargetsOneAccount',
      });
  });
export type StrategyInput = z.infer<typeof strategyInput>;

/**
 * What a timeline entry is about. Changes are sorted by what they changed, except that a rule's
 * or script's change (source automation) is RULE; NOTE is the team's own entries.
 */
export const TIMELINE_CATEGORIES = [
  'BID',
  'BUDGET',
  'STATUS',
  'RULE',
  'CAMPAIGN',
  'KEYWORD',
  'OTHER',
  'NOTE',
] as const;
export type TimelineCategory = (typeof TIMELINE_CATEGORIES)[number];
/** The categories a note may be filed under: any but a change's own RULE. */
export const NOTE_CATEGORIES = TIMELINE_CATEGORIES.filter((category) => category !== 'RULE');

/** Where an entry came from: the recorded change's source (CHANGE_SOURCES), or the team's note. */
export const TIMELINE_NOTE_SOURCE = 'team';

export const strategyNoteInput = z.object({
  strategyId: z.uuid('validation.idInvalid'),
  description: strategyDescriptionSchema,
  category: z.enum(NOTE_CATEGORIES as [TimelineCategory, ...TimelineCategory[]]),
  /** When it happened (UTC); now when not given. */
  occurredAt: z.iso.datetime({ offset: true }).nullish(),
});
export type StrategyNoteInput = z.infer<typeof strategyNoteInput>;

/** The spec's recommended wait after a change: numbers are compared over this many days. */
export const STRATEGY_COMPARE_DAYS = 7;
export const TIMELINE_PAGE_SIZE = 50;

/**
 * The metric each goal moves and which way is good. Goal events and ROAS have no Apple counts
 * behind them here, so those goals colour nothing.
 */
export const STRATEGY_GOAL_METRICS: Record<
  StrategyGoal,
  {
    metric: 'installs' | 'avgCpa' | 'avgCpt' | 'taps' | 'impressions' | 'spend';
    up: boolean;
  } | null
> = {
  MORE_INSTALLS: { metric: 'installs', up: true },
  LOWER_CPA: { metric: 'avgCpa', up: false },
  LOWER_CPT: { metric: 'avgCpt', up: false },
  MORE_TAPS: { metric: 'taps', up: true },
  MORE_IMPRESSIONS: { metric: 'impressions', up: true },
  LOWER_SPEND: { metric: 'spend', up: false },
  MORE_GOAL_EVENTS: null,
  HIGHER_ROAS: null,
};

/**
 * Whether a change of the metric serves the strategy: good when a goal (or the secondary goal)
 * wants it this way, bad when one wants the other way, neutral when no goal names the metric.
 */
export function strategyTone(
  goals: readonly StrategyGoal[],
  metric: string,
  before: number | null,
  after: number | null,
): 'good' | 'bad' | 'neutral' {
  if (before === null || after === null || before === after) return 'neutral';
  const wanted = goals.map((goal) => STRATEGY_GOAL_METRICS[goal]).find((m) => m?.metric === metric);
  if (!wanted) return 'neutral';
  return after > before === wanted.up ? 'good' : 'bad';
}

export const STRATEGY_MESSAGES = {
  CREATED: 'Strategy created successfully',
  UPDATED: 'Strategy updated successfully',
  DELETED: 'Deleted Successfully',
  NAME_EXISTS: 'Strategy name already exists',
  /** Spec 1 §8. */
  DELETE_FAILED: 'Error while deleting strategy',
  DELETE_TIMELINE_FAILED: 'Error while deleting timeline',
} as const;

/** A strategy as the API answers it. */
export interface Strategy {
  strategyId: string;
  name: string;
  adamId: number;
  appName: string;
  description: string;
  goals: StrategyGoal[];
  secondaryGoal: StrategyGoal | null;
  targetEntities: (StrategyTarget & { name: string })[];
  deleted: boolean;
  currency: string;
  createdAt: string;
  updatedAt: string;
  /** The targets' totals over a period, when one was asked for. */
  numbers: StrategyWindow | null;
}

/** The target entities' totals over a window of days (UTC dates, inclusive). */
export interface StrategyWindow {
  start: string;
  end: string;
  /** The window reaches past today: only its days so far are counted. */
  partial: boolean;
  impressions: number;
  taps: number;
  installs: number;
  tapInstalls: number;
  spendMicros: number;
}

export interface TimelineEntry {
  timelineId: string;
  description: string;
  category: TimelineCategory;
  source: string;
  occurredAt: string;
  /** Set for an entry copied from the activity log. */
  logId: string | null;
  createdBy: string | null;
  before: StrategyWindow;
  after: StrategyWindow;
}
