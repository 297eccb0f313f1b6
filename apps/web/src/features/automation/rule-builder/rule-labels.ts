// Words, units and values of rule metrics: report metrics reuse the overview's names and formats;
// the entity's own bid and daily budget (money) have their own names, goal metrics theirs.
import {
  isGoalConditionMetric,
  METRIC_KEYS,
  ruleMetricKind,
  type MetricKey,
  type RuleActionType,
  type RuleConditionMetric,
} from '@tapwise/contracts';
import type { TFunction } from 'i18next';
import { formatMicros } from '../../../shared/format/format';
import { formatMetric, NO_VALUE } from '../../../shared/format/metric-format';

const isReportMetric = (metric: RuleConditionMetric): metric is MetricKey =>
  (METRIC_KEYS as readonly string[]).includes(metric);

export function ruleMetricLabel(t: TFunction, metric: RuleConditionMetric): string {
  if (isGoalConditionMetric(metric)) return t(`goalRules.metrics.${metric}`);
  return isReportMetric(metric)
    ? t(`overview.metrics.${metric}`)
    : t(`automation.metrics.${metric}`);
}

/** An action's name; Slack's lives with the Slack action's own words. */
export function ruleActionLabel(t: TFunction, action: RuleActionType): string {
  return action === 'SLACK_NOTIFICATION'
    ? t('slackAction.label')
    : t(`automation.logs.run.actions.${action}`);
}

/** The unit a value of this metric is entered in: the currency, percent, or none for counts. */
export function ruleMetricUnit(metric: RuleConditionMetric, currency: string): string | undefined {
  const kind = ruleMetricKind(metric);
  if (kind === 'money') return currency;
  return kind === 'ratio' ? '%' : undefined;
}

/** A value as stored (money in micros, ratios as fractions), shown in the account's currency. */
export function formatRuleMetric(
  metric: RuleConditionMetric,
  value: number | null | undefined,
  currency: string,
): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (isGoalConditionMetric(metric)) {
    const kind = ruleMetricKind(metric);
    if (kind === 'money') return formatMicros(value, currency);
    return kind === 'ratio'
      ? `${(value * 100).toFixed(2)}%`
      : value.toLocaleString('en-US', { maximumFractionDigits: 0 });
  }
  return isReportMetric(metric)
    ? formatMetric(metric, value, currency)
    : formatMicros(value, currency);
}
