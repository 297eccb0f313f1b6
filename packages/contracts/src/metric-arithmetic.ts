// The arithmetic every derived metric uses (metrics.ts, goal-metrics.ts).

/** Derived money rounds half away from zero to whole micros; ratios are left exact. */
export function moneyPer(micros: number, denominator: number, scale = 1): number | null {
  if (denominator === 0) return null;
  const exact = (micros * scale) / denominator;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}
export const ratio = (numerator: number, denominator: number): number | null =>
  denominator === 0 ? null : numerator / denominator;
