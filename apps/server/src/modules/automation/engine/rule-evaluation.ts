// Whether a row matches a rule's conditions (pure). Condition values are entered as the user sees
// them: money in currency units (compared in micros), ratios in percent, counts as they are.
import {
  metricValues,
  ruleMetricKind,
  type AutomationRuleDefinition,
  type RuleCondition,
  type RuleConditionMetric,
} from '@tapwise/contracts';
import type { RuleFactRow } from './rule-facts.repository';

export type RuleValues = Record<RuleConditionMetric, number | null>;

const computed = new WeakMap<RuleFactRow, RuleValues>();

/**
 * Every metric of the row's counts, with its bid and its campaign's daily budget. Remembered per
 * row: a batch evaluates the same rows for many rules.
 */
export function ruleValues(row: RuleFactRow): RuleValues {
  let values = computed.get(row);
  if (!values) {
    values = {
      ...metricValues(row.counts),
      bid: row.bidMicros,
      dailyBudget: row.dailyBudgetMicros,
    };
    computed.set(row, values);
  }
  return values;
}

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

export function matchesCondition(values: RuleValues, condition: RuleCondition): boolean {
  const value = values[condition.metric];
  // A metric without a value (no taps for a CPT, no bid) never matches.
  if (value === null) return false;
  const { metric, comparator } = condition;
  if (comparator === 'IN_RANGE' || comparator === 'NOT_IN_RANGE' || comparator === 'BETWEEN') {
    const from = storedValue(metric, condition.range!.from);
    const to = storedValue(metric, condition.range!.to);
    if (comparator === 'IN_RANGE') return value >= from && value <= to;
    if (comparator === 'BETWEEN') return value > from && value < to;
    return value < from || value > to;
  }
  let other: number;
  if (condition.compareTo) {
    const base = values[condition.compareTo.metric];
    if (base === null) return false;
    other = base * condition.compareTo.multiplier;
  } else {
    other = storedValue(metric, condition.value!);
  }
  if (comparator === 'GREATER_THAN') return value > other;
  if (comparator === 'LESS_THAN') return value < other;
  return sameShown(metric, value, other);
}

export function matchesRule(
  values: RuleValues,
  rule: Pick<AutomationRuleDefinition, 'conditions' | 'matchMode'>,
): boolean {
  const match = (condition: RuleCondition) => matchesCondition(values, condition);
  return rule.matchMode === 'ALL' ? rule.conditions.every(match) : rule.conditions.some(match);
}
