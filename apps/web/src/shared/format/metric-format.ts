// How a metric value and its change read on the overview, by the metric's kind in the contracts
// registry: money from micros in the account's currency, counts as integers, ratios as percents.
import {
  METRICS,
  metricTraits,
  type GoalMetricKey,
  type MetricChange,
  type MetricKey,
} from '@tapwise/contracts';
import { formatInteger, formatMicros, formatPercent } from './format';

/** Shown where a metric is undefined (a zero denominator) or a change cannot be computed. */
export const NO_VALUE = '—';

export function formatMetric(
  key: MetricKey | GoalMetricKey,
  value: number | null,
  currency: string,
): string {
  if (value === null) return NO_VALUE;
  switch (metricTraits(key).kind) {
    case 'money':
      return formatMicros(value, currency);
    case 'ratio':
      return formatPercent(value);
    case 'count':
      return formatInteger(value);
  }
}

const withSign = (value: number, text: string) => (value > 0 ? `+${text}` : text);

/** The absolute change in the metric's unit (a ratio's change in percentage points), signed. */
export function formatAbsoluteChange(
  key: MetricKey | GoalMetricKey,
  change: MetricChange,
  currency: string,
): string {
  if (change.absolute === null) return NO_VALUE;
  return withSign(change.absolute, formatMetric(key, change.absolute, currency));
}

export function formatRelativeChange(change: MetricChange): string {
  if (change.relative === null) return NO_VALUE;
  return withSign(change.relative, formatPercent(change.relative));
}

/** Mantine colours of a change: green for good news, red for bad, grey for neither. */
export const TONE_COLOR: Record<MetricChange['tone'], string> = {
  good: 'teal.7',
  bad: 'red.7',
  neutral: 'dimmed',
};

/** Metrics whose value for a group is the sum of its parts, so a part has a share of the whole. */
export function isAdditive(key: MetricKey): boolean {
  return METRICS[key].kind === 'count' || key === 'spend';
}

/** A chart-friendly number: money in currency units instead of micros, others unchanged. */
export function chartValue(key: MetricKey, value: number | null): number | null {
  if (value === null) return null;
  return METRICS[key].kind === 'money' ? value / 1_000_000 : value;
}
