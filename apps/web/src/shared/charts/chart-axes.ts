// Which axis each metric of a series chart is drawn on: one axis per unit (money, counts,
// ratios), so metrics of one unit share a scale and the chart has at most two axes, left and
// right. A metric of a third unit is not offered until one of the others is removed.
import { CHART_METRICS_MAX, METRICS, type MetricKey, type MetricKind } from '@tapwise/contracts';

export interface ChartAxis {
  unit: MetricKind;
  metrics: MetricKey[];
}

/** At most two units: one per axis keeps every line readable against its scale. */
export const MAX_CHART_UNITS = 2;

/** The chart's axes in the order the metrics were chosen: the first unit on the left. */
export function chartAxes(metrics: readonly MetricKey[]): ChartAxis[] {
  const axes: ChartAxis[] = [];
  for (const metric of metrics) {
    const unit = METRICS[metric].kind;
    const axis = axes.find((entry) => entry.unit === unit);
    if (axis) axis.metrics.push(metric);
    else axes.push({ unit, metrics: [metric] });
  }
  return axes;
}

/** Whether `metric` can join the chosen ones without a third unit or a fifth line. */
export function canAddChartMetric(chosen: readonly MetricKey[], metric: MetricKey): boolean {
  if (chosen.includes(metric)) return true;
  if (chosen.length >= CHART_METRICS_MAX) return false;
  return chartAxes([...chosen, metric]).length <= MAX_CHART_UNITS;
}
