// Words and units of rule metrics: report metrics reuse the overview's names; the entity's own
// bid and daily budget have their own.
import { METRIC_KEYS, ruleMetricKind, type RuleConditionMetric } from '@tapwise/contracts';
import type { TFunction } from 'i18next';

export function ruleMetricLabel(t: TFunction, metric: RuleConditionMetric): string {
  return (METRIC_KEYS as readonly string[]).includes(metric)
    ? t(`overview.metrics.${metric}`)
    : t(`automation.metrics.${metric}`);
}

/** The unit a value of this metric is entered in: the currency, percent, or none for counts. */
export function ruleMetricUnit(metric: RuleConditionMetric, currency: string): string | undefined {
  const kind = ruleMetricKind(metric);
  if (kind === 'money') return currency;
  return kind === 'ratio' ? '%' : undefined;
}
