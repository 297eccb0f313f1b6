// Whether a row matches a rule's conditions (pure). Condition values are entered as the user sees
// them: money in currency units (compared in micros), ratios in percent, counts as they are.
import {
  GOAL_METRIC_KEYS,
  goalMetricValues,
  metricValues,
  type GoalCounts,
  ruleMetricKind,
  type AutomationRuleDefinition,
  type RuleCondition,
  type RuleConditionMetric,
} from '@tapwise/contracts';
import type { RuleFactRow } from './rule-facts.repository';

export type RuleValues = Record<RuleConditionMetric, number | null>;

/** No goal picked, or none for the row: goal metrics have no value and never match. */
const NO_GOAL_VALUES = Object.fromEntries(GOAL_METRIC_KEYS.map((key) => [key, null])) as Record<
  (typeof GOAL_METRIC_KEYS)[number],
  null
>;

/** Every metric of the row's counts, with its bid and its campaign's daily budget. */
export function ruleValues(row: RuleFactRow): RuleValues {
  return Object.assign(metricValues(row.counts), NO_GOAL_VALUES, {
    bid: row.bidMicros,
    dailyBudget: row.dailyBudgetMicros,
  });
}

/** A row's values with its goal metrics over its counts and the goal's counts. */
export function withGoalValues(row: ValuedRow, goalCounts: GoalCounts): ValuedRow {
  return {
    row: row.row,
    values: { ...row.values, ...goalMetricValues({ ...row.row.counts, ...goalCounts }) },
  };
}

/** A row with its values, computed once however many rules test it. */
export interface ValuedRow {
  row: RuleFactRow;
  values: RuleValues;
}

export const valued = (row: RuleFactRow): ValuedRow => ({ row, values: ruleValues(row) });

/** A condition's entered value in the metric's stored unit. */
export function storedValue(metric: RuleConditionMetric, entered: number): number {
  const kind = ruleMetricKind(metric);
  if (kind === 'money') return Math.round(entered * 1_000_000);
  return kind === 'ratio' ? entered / 100 : entered;
}

/** EQUALS compares money at cents and ratios at 0.01%, as they are shown. */
function sameShown(metric: RuleConditionMetric, a: number, b: number): boolean {
  const kind = ruleMetricKind(metric);
  if (kind === 'money') return Math.round(a / 10_000) === Math.round(b / 10_000);
  if (kind === 'ratio') return Math.round(a * 10_000) === Math.round(b * 10_000);
  return a === b;
}

/** A row's values pass or fail a condition. */
type ValuesTest = (values: RuleValues) => boolean;

/**
 * A condition as a test, its entered values converted once: a batch tests the same condition on
 * thousands of rows.
 */
function conditionTest(condition: RuleCondition): ValuesTest {
  const { metric, comparator } = condition;
  // A metric without a value (no taps for a CPT, no bid) never matches.
  if (comparator === 'IN_RANGE' || comparator === 'NOT_IN_RANGE' || comparator === 'BETWEEN') {
    const from = storedValue(metric, condition.range!.from);
    const to = storedValue(metric, condition.range!.to);
    const inRange: (value: number) => boolean =
      comparator === 'IN_RANGE'
        ? (value) => value >= from && value <= to
        : comparator === 'BETWEEN'
          ? (value) => value > from && value < to
          : (value) => value < from || value > to;
    return (values) => values[metric] !== null && inRange(values[metric]);
  }
  const compare: (value: number, other: number) => boolean =
    comparator === 'GREATER_THAN'
      ? (value, other) => value > other
      : comparator === 'LESS_THAN'
        ? (value, other) => value < other
        : (value, other) => sameShown(metric, value, other);
  if (condition.compareTo) {
    const { metric: base, multiplier } = condition.compareTo;
    return (values) =>
      values[metric] !== null && values[base] !== null
        ? compare(values[metric], values[base] * multiplier)
        : false;
  }
  const other = storedValue(metric, condition.value!);
  return (values) => values[metric] !== null && compare(values[metric], other);
}

export function matchesCondition(values: RuleValues, condition: RuleCondition): boolean {
  return conditionTest(condition)(values);
}

/** A rule's conditions as one test of a row's values, for a batch to apply row after row. */
export function ruleTest(
  rule: Pick<AutomationRuleDefinition, 'conditions' | 'matchMode'>,
): ValuesTest {
  const tests = rule.conditions.map(conditionTest);
  // ALL fails at the first condition that fails, ANY passes at the first that passes.
  const all = rule.matchMode === 'ALL';
  return (values) => {
    for (const test of tests) if (test(values) !== all) return !all;
    return all;
  };
}

export function matchesRule(
  values: RuleValues,
  rule: Pick<AutomationRuleDefinition, 'conditions' | 'matchMode'>,
): boolean {
  return ruleTest(rule)(values);
}
