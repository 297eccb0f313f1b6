// Values a table cell shows, computed once per row: the metric values from the row's counts
// (cached by the counts object, so scrolling back over a row costs nothing) and its currency.
import {
  DEFAULT_CURRENCY,
  metricValues,
  type MetricCounts,
  type MetricValues,
  type ReportRow,
} from '@tapwise/contracts';
import { formatMicros } from '../../../shared/format/format';
import { NO_VALUE } from '../../../shared/format/metric-format';

const valuesCache = new WeakMap<MetricCounts, MetricValues>();

export function cachedMetricValues(counts: MetricCounts): MetricValues {
  let values = valuesCache.get(counts);
  if (!values) {
    values = metricValues(counts);
    valuesCache.set(counts, values);
  }
  return values;
}

export function rowCurrency(row: ReportRow): string {
  return row.details.currency ?? DEFAULT_CURRENCY;
}

export function formatMoneyDetail(micros: number | null | undefined, currency: string): string {
  return micros === null || micros === undefined ? NO_VALUE : formatMicros(micros, currency);
}
