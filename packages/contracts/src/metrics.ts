// Report metrics (spec 2 §3.3): the counts Apple reports and every metric derived from them,
// each defined once here so that the server, the web app, exports and reports agree.
import { GOAL_METRICS, type GoalMetricKey } from './goal-metrics';
import { moneyPer, ratio } from './metric-arithmetic';

/** The additive counts Apple reports for any entity and period; money in integer micros. */
export interface MetricCounts {
  impressions: number;
  taps: number;
  tapInstalls: number;
  viewInstalls: number;
  totalInstalls: number;
  tapNewDownloads: number;
  tapRedownloads: number;
  viewNewDownloads: number;
  viewRedownloads: number;
  localSpendMicros: number;
}

export const METRIC_COUNT_FIELDS = [
  'impressions',
  'taps',
  'tapInstalls',
  'viewInstalls',
  'totalInstalls',
  'tapNewDownloads',
  'tapRedownloads',
  'viewNewDownloads',
  'viewRedownloads',
  'localSpendMicros',
] as const satisfies readonly (keyof MetricCounts)[];

export const ZERO_COUNTS: MetricCounts = Object.freeze({
  impressions: 0,
  taps: 0,
  tapInstalls: 0,
  viewInstalls: 0,
  totalInstalls: 0,
  tapNewDownloads: 0,
  tapRedownloads: 0,
  viewNewDownloads: 0,
  viewRedownloads: 0,
  localSpendMicros: 0,
});

export function addCounts(a: MetricCounts, b: MetricCounts): MetricCounts {
  const sum = { ...a };
  for (const field of METRIC_COUNT_FIELDS) sum[field] = a[field] + b[field];
  return sum;
}

/**
 * `count`: an integer; `money`: integer micros of the account's currency; `ratio`: a fraction
 * (0.042 is shown as 4.20%).
 */
export type MetricKind = 'count' | 'money' | 'ratio';
/** Which direction of change is good news for the marketer; spend is neither. */
export type MetricDirection = 'higherIsBetter' | 'lowerIsBetter' | 'neutral';

interface MetricDefinition {
  kind: MetricKind;
  direction: MetricDirection;
  /** null when the metric is undefined for these counts (a zero denominator). */
  value: (c: MetricCounts) => number | null;
}

export const METRICS = {
  spend: { kind: 'money', direction: 'neutral', value: (c) => c.localSpendMicros },
  impressions: { kind: 'count', direction: 'higherIsBetter', value: (c) => c.impressions },
  taps: { kind: 'count', direction: 'higherIsBetter', value: (c) => c.taps },
  installs: { kind: 'count', direction: 'higherIsBetter', value: (c) => c.totalInstalls },
  tapInstalls: { kind: 'count', direction: 'higherIsBetter', value: (c) => c.tapInstalls },
  viewInstalls: { kind: 'count', direction: 'higherIsBetter', value: (c) => c.viewInstalls },
  newDownloads: {
    kind: 'count',
    direction: 'higherIsBetter',
    value: (c) => c.tapNewDownloads + c.viewNewDownloads,
  },
  redownloads: {
    kind: 'count',
    direction: 'higherIsBetter',
    value: (c) => c.tapRedownloads + c.viewRedownloads,
  },
  /** Tap-through rate: taps per impression. */
  ttr: { kind: 'ratio', direction: 'higherIsBetter', value: (c) => ratio(c.taps, c.impressions) },
  /** Apple's conversion rate: tap-through installs per tap. */
  conversionRate: {
    kind: 'ratio',
    direction: 'higherIsBetter',
    value: (c) => ratio(c.tapInstalls, c.taps),
  },
  avgCpt: {
    kind: 'money',
    direction: 'lowerIsBetter',
    value: (c) => moneyPer(c.localSpendMicros, c.taps),
  },
  avgCpm: {
    kind: 'money',
    direction: 'lowerIsBetter',
    value: (c) => moneyPer(c.localSpendMicros, c.impressions, 1000),
  },
  /** Apple's average CPA: spend per tap-through install. */
  avgCpa: {
    kind: 'money',
    direction: 'lowerIsBetter',
    value: (c) => moneyPer(c.localSpendMicros, c.tapInstalls),
  },
  /** Cost per install counting view-through installs too. */
  cpi: {
    kind: 'money',
    direction: 'lowerIsBetter',
    value: (c) => moneyPer(c.localSpendMicros, c.totalInstalls),
  },
} as const satisfies Record<string, MetricDefinition>;

export type MetricKey = keyof typeof METRICS;
export const METRIC_KEYS = Object.keys(METRICS) as MetricKey[];

export type MetricValues = Record<MetricKey, number | null>;

export function metricValues(counts: MetricCounts): MetricValues {
  const values = {} as MetricValues;
  for (const key of METRIC_KEYS) values[key] = METRICS[key].value(counts);
  return values;
}

export interface MetricChange {
  /** current − previous, in the metric's own unit; null when either side is undefined. */
  absolute: number | null;
  /** Relative change as a fraction (0.25 = +25%); null when the previous value is 0 or undefined. */
  relative: number | null;
  /** Whether the change is good news, bad news or neither (no change, or a neutral metric). */
  tone: 'good' | 'bad' | 'neutral';
}

/** The kind and direction of any metric, Apple's or a goal's. */
export function metricTraits(key: MetricKey | GoalMetricKey): {
  kind: MetricKind;
  direction: MetricDirection;
} {
  return key in METRICS ? METRICS[key as MetricKey] : GOAL_METRICS[key as GoalMetricKey];
}

export function metricChange(
  key: MetricKey | GoalMetricKey,
  current: number | null,
  previous: number | null,
): MetricChange {
  if (current === null || previous === null)
    return { absolute: null, relative: null, tone: 'neutral' };
  const absolute = current - previous;
  const relative = previous === 0 ? null : absolute / Math.abs(previous);
  const { direction } = metricTraits(key);
  const tone =
    absolute === 0 || direction === 'neutral'
      ? 'neutral'
      : absolute > 0 === (direction === 'higherIsBetter')
        ? 'good'
        : 'bad';
  return { absolute, relative, tone };
}
