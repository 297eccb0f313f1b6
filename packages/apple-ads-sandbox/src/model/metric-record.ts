// Integer metric records and the chain split that keeps every breakdown (hours, device, age,
// ads, search terms) summing exactly to its parent while preserving taps <= impressions,
// installs <= taps and spend <= bid x taps within each part.

export const IMPRESSIONS = 0;
export const TAPS = 1;
export const TAP_INSTALLS = 2;
export const TAP_NEW_DOWNLOADS = 3;
export const VIEW_INSTALLS = 4;
export const VIEW_NEW_DOWNLOADS = 5;
export const SPEND_CENTS = 6;
export const TAP_PRE_ORDERS = 7;
export const VIEW_PRE_ORDERS = 8;
export const METRIC_COUNT = 9;

/** Each metric is split in proportion to its parent metric; impressions follow the weights. */
const PARENT: readonly number[] = [
  -1,
  IMPRESSIONS,
  TAPS,
  TAP_INSTALLS,
  IMPRESSIONS,
  VIEW_INSTALLS,
  TAPS,
  TAPS,
  IMPRESSIONS,
];

export type MetricRecord = number[];

export function emptyRecord(): MetricRecord {
  return new Array<number>(METRIC_COUNT).fill(0);
}

export function addInto(target: MetricRecord, source: MetricRecord): void {
  for (let i = 0; i < METRIC_COUNT; i++) target[i] = (target[i] ?? 0) + (source[i] ?? 0);
}

export function isEmptyRecord(record: MetricRecord): boolean {
  return record.every((value) => value === 0);
}

/**
 * Splits a record into parts given cumulative weights (cumulative[0] = 0, last = 1).
 * Floors of cumulative products telescope, so the parts sum exactly to the whole. Each metric's
 * floors are offset by a fraction drawn from the record: plain floors would hand every rounding
 * remainder to the last part, and on small records (a keyword-day's few taps) that part would
 * collect most taps, installs and spend.
 */
export function chainSplit(record: MetricRecord, cumulative: readonly number[]): MetricRecord[] {
  const parts: MetricRecord[] = [];
  for (let p = 0; p < cumulative.length - 1; p++) parts.push(emptyRecord());
  chainSplitInto(record, cumulative, parts, 0);
  return parts;
}

/**
 * chainSplit into records the caller holds, `parts[at]` on: reports split millions of keyword
 * days and read each part at once, so they reuse the same records rather than allocate new ones.
 * `record` must not be one of the parts written.
 */
export function chainSplitInto(
  record: MetricRecord,
  cumulative: readonly number[],
  parts: readonly MetricRecord[],
  at: number,
): void {
  const partCount = cumulative.length - 1;
  const impressions = record[IMPRESSIONS] ?? 0;
  const impressionsOffset = floorOffset(impressions, IMPRESSIONS);
  for (let p = 0; p < partCount; p++) {
    const from = Math.floor(impressions * (cumulative[p] ?? 0) + impressionsOffset);
    const to =
      p === partCount - 1
        ? impressions
        : Math.floor(impressions * (cumulative[p + 1] ?? 1) + impressionsOffset);
    (parts[at + p] as MetricRecord)[IMPRESSIONS] = to - from;
  }
  for (let metric = 1; metric < METRIC_COUNT; metric++) {
    const parent = PARENT[metric] as number;
    const total = record[metric] ?? 0;
    const parentTotal = record[parent] ?? 0;
    const metricOffset = floorOffset(impressions, metric);
    let parentRunning = 0;
    let previous = 0;
    for (let p = 0; p < partCount; p++) {
      const part = parts[at + p] as MetricRecord;
      parentRunning += part[parent] ?? 0;
      const reached =
        parentTotal === 0
          ? 0
          : parentRunning === parentTotal
            ? total
            : Math.floor((total * parentRunning) / parentTotal + metricOffset);
      part[metric] = reached - previous;
      previous = reached;
    }
  }
}

/** The fraction a metric's floors are offset by (a function, not a closure: it runs hot). */
function floorOffset(impressions: number, metric: number): number {
  return (impressions * 0.6180339887 + metric * 0.7548776662) % 1;
}

/** Cumulative weights from raw non-negative weights. */
export function cumulativeOf(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative = [0];
  let running = 0;
  for (const weight of weights) {
    running += weight;
    cumulative.push(total === 0 ? 0 : running / total);
  }
  cumulative[cumulative.length - 1] = 1;
  return cumulative;
}
