// Goal metrics of a goal, a report row or a totals row: contracts' goalMetricValues over the Apple
// counts and the partner counts together, formatted by the metric's kind like every metric.
import {
  GOAL_METRICS,
  METRIC_COUNT_FIELDS,
  goalMetricValues,
  type GoalCounts,
  type GoalMetricKey,
  type GoalMetricValues,
  type MetricCounts,
} from '@tapwise/contracts';
import { formatInteger, formatMicros, formatPercent } from '../../shared/format/format';
import { NO_VALUE } from '../../shared/format/metric-format';
import type { GoalNumbers } from './goals-api';

const ZERO_COUNTS = Object.fromEntries(
  METRIC_COUNT_FIELDS.map((field) => [field, 0]),
) as unknown as MetricCounts;

/** A goal's numbers: its partner counts against the app's spend in the period. */
export function goalNumbersValues(numbers: GoalNumbers): GoalMetricValues {
  return goalMetricValues({
    ...ZERO_COUNTS,
    localSpendMicros: numbers.spendMicros,
    ...numbers.counts,
  });
}

/** A row's or a total's goal metrics; no goal counts read as zero. */
export function rowGoalValues(
  counts: MetricCounts,
  goalCounts: GoalCounts | null | undefined,
): GoalMetricValues {
  return goalMetricValues({
    ...counts,
    goals: goalCounts?.goals ?? 0,
    goalsRevenueMicros: goalCounts?.goalsRevenueMicros ?? 0,
    attrInstalls: goalCounts?.attrInstalls ?? 0,
  });
}

export function formatGoalMetric(key: GoalMetricKey, value: number | null, currency: string) {
  if (value === null) return NO_VALUE;
  switch (GOAL_METRICS[key].kind) {
    case 'money':
      return formatMicros(value, currency);
    case 'ratio':
      return formatPercent(value);
    case 'count':
      return formatInteger(value);
  }
}
