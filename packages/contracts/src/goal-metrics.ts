// Goal metrics (spec 2 §3.3 goal columns), defined once beside the Apple metrics. They combine a
// row's Apple counts with the partner counts for one goal; docs/goals.md explains each choice.
import { moneyPer, ratio } from './metric-arithmetic';
import type { MetricCounts, MetricDirection, MetricKind } from './metrics';

/**
 * Partner counts of one entity and period, Apple Ads-attributed only: the goal's events within
 * its days since install, their revenue in the row's currency (integer micros), and the partner's
 * attributed installs.
 */
export interface GoalCounts {
  goals: number;
  goalsRevenueMicros: number;
  attrInstalls: number;
}

export const ZERO_GOAL_COUNTS: GoalCounts = Object.freeze({
  goals: 0,
  goalsRevenueMicros: 0,
  attrInstalls: 0,
});

export function addGoalCounts(a: GoalCounts, b: GoalCounts): GoalCounts {
  return {
    goals: a.goals + b.goals,
    goalsRevenueMicros: a.goalsRevenueMicros + b.goalsRevenueMicros,
    attrInstalls: a.attrInstalls + b.attrInstalls,
  };
}

type Counts = MetricCounts & GoalCounts;

interface GoalMetricDefinition {
  kind: MetricKind;
  direction: MetricDirection;
  value: (c: Counts) => number | null;
}

export const GOAL_METRICS = {
  goals: { kind: 'count', direction: 'higherIsBetter', value: (c) => c.goals },
  costPerGoal: {
    kind: 'money',
    direction: 'lowerIsBetter',
    value: (c) => moneyPer(c.localSpendMicros, c.goals),
  },
  /** Goals per attributed install: both sides come from the partner, so coverage cancels out. */
  goalRate: {
    kind: 'ratio',
    direction: 'higherIsBetter',
    value: (c) => ratio(c.goals, c.attrInstalls),
  },
  revenuePerGoal: {
    kind: 'money',
    direction: 'higherIsBetter',
    value: (c) => moneyPer(c.goalsRevenueMicros, c.goals),
  },
  goalsRevenue: { kind: 'money', direction: 'higherIsBetter', value: (c) => c.goalsRevenueMicros },
  /** Return on ad spend: goal revenue per unit of spend (1.5 = 150%). */
  goalsRoas: {
    kind: 'ratio',
    direction: 'higherIsBetter',
    value: (c) => ratio(c.goalsRevenueMicros, c.localSpendMicros),
  },
  /** Average monetisation per user: goal revenue per attributed install. */
  goalAMPU: {
    kind: 'money',
    direction: 'higherIsBetter',
    value: (c) => moneyPer(c.goalsRevenueMicros, c.attrInstalls),
  },
  attrInstall: { kind: 'count', direction: 'higherIsBetter', value: (c) => c.attrInstalls },
  /** Share of Apple's installs the partner attributed to Apple Ads. */
  attrInstallRate: {
    kind: 'ratio',
    direction: 'higherIsBetter',
    value: (c) => ratio(c.attrInstalls, c.totalInstalls),
  },
} as const satisfies Record<string, GoalMetricDefinition>;

export type GoalMetricKey = keyof typeof GOAL_METRICS;
export const GOAL_METRIC_KEYS = Object.keys(GOAL_METRICS) as GoalMetricKey[];
export type GoalMetricValues = Record<GoalMetricKey, number | null>;

export function goalMetricValues(counts: Counts): GoalMetricValues {
  const values = {} as GoalMetricValues;
  for (const key of GOAL_METRIC_KEYS) values[key] = GOAL_METRICS[key].value(counts);
  return values;
}
