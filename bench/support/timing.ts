// How the suite times things: warm-up runs first, then several runs of which it keeps the median
// (p50) and p95. Ways compared in a ratio run interleaved, run after run, so a machine that gets
// busier slows them alike.

export interface Timing {
  /** Milliseconds. */
  p50: number;
  p95: number;
  runs: number;
}

export interface RunCounts {
  warmups: number;
  runs: number;
}

export function percentiles(times: readonly number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), runs: sorted.length };
}

/** What is timed, with an untimed step before each run where it needs one. */
export type Way =
  (() => Promise<unknown>) | { prepare: () => Promise<unknown>; run: () => Promise<unknown> };

async function timed(way: Way): Promise<number> {
  const run = typeof way === 'function' ? way : (await way.prepare(), way.run);
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function warmUp(ways: readonly Way[], warmups: number) {
  for (let warmup = 0; warmup < warmups; warmup++) for (const way of ways) await timed(way);
}

/** Runs every way once, in turn, adding each one's time to its list. */
async function timeEachOnce(ways: readonly Way[], times: number[][]) {
  for (const [index, way] of ways.entries()) times[index]!.push(await timed(way));
}

export async function timeInterleaved(
  ways: readonly Way[],
  { warmups, runs }: RunCounts,
): Promise<Timing[]> {
  await warmUp(ways, warmups);
  const times = ways.map(() => [] as number[]);
  for (let run = 0; run < runs; run++) await timeEachOnce(ways, times);
  return times.map(percentiles);
}

/**
 * Switches a background load on for one window and off again: `during` runs again and again
 * while the window lasts (at least once); the load is drained before the window returns.
 */
export type LoadWindow = (during: () => Promise<void>) => Promise<void>;

/** Load windows per measure; the quiet runs are taken in blocks between them. */
const LOAD_WINDOWS = 5;

/**
 * Quiet and loaded times of the same run, alternating: a block of quiet runs of every way (as
 * timeInterleaved takes them), then a load window in which `loaded` runs, and so on, at least
 * LOAD_WINDOWS times and until `loaded` has run `runs` times, so a machine that gets busier slows
 * both alike.
 */
export async function timeQuietAndLoaded(
  ways: readonly Way[],
  loaded: Way,
  window: LoadWindow,
  { warmups, runs }: RunCounts,
): Promise<{ quiet: Timing[]; loaded: Timing }> {
  await warmUp(ways, warmups);
  // The load's first window warms it up (its code compiled, the sandbox's first answers).
  if (warmups > 0) await window(() => warmUp([loaded], 1));
  const windows = Math.min(LOAD_WINDOWS, runs);
  const quietTimes = ways.map(() => [] as number[]);
  const loadedTimes: number[] = [];
  for (let round = 0; round < windows || loadedTimes.length < runs; round++) {
    for (let run = 0; run < Math.ceil(runs / windows); run++) await timeEachOnce(ways, quietTimes);
    await window(() => timeEachOnce([loaded], [loadedTimes]));
  }
  return { quiet: quietTimes.map(percentiles), loaded: percentiles(loadedTimes) };
}

export async function timeRuns(way: Way, counts: RunCounts): Promise<Timing> {
  const [timing] = await timeInterleaved([way], counts);
  return timing!;
}

/** The median of values that are not times (a longest task, a rate). */
export function median(values: readonly number[]): number {
  return percentiles(values).p50;
}
