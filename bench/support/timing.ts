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

export async function timeInterleaved(
  ways: readonly Way[],
  { warmups, runs }: RunCounts,
): Promise<Timing[]> {
  for (let warmup = 0; warmup < warmups; warmup++) for (const way of ways) await timed(way);
  const times = ways.map(() => [] as number[]);
  for (let run = 0; run < runs; run++)
    for (const [index, way] of ways.entries()) times[index]!.push(await timed(way));
  return times.map(percentiles);
}

export async function timeRuns(way: Way, counts: RunCounts): Promise<Timing> {
  const [timing] = await timeInterleaved([way], counts);
  return timing!;
}

/** The median of values that are not times (a longest task, a rate). */
export function median(values: readonly number[]): number {
  return percentiles(values).p50;
}
