// Goal metrics of a goal, a report row or a totals row: contracts' goalMetricValues over the Apple
// counts and the partner counts together.
import {
  ZERO_COUNTS,
  ZERO_GOAL_COUNTS,
  goalMetricValues,
  type GoalCounts,
  type GoalMetricValues,
  type GoalNumbers,
  type MetricCounts,
} from '@tapwise/contracts';

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
  return goalMetricValues({ ...counts, ...(goalCounts ?? ZERO_GOAL_COUNTS) });
}
