// The period a page shows: one of the spec's overview periods and date presets (spec 1 §2, §9)
// or a custom range. Its days and comparison come from the contracts' resolvePeriod, the one
// definition the server shares: every period counts from the UTC day.
import {
  OVERVIEW_MAX_PERIOD_DAYS,
  addDays,
  dateRangeSchema,
  resolvePeriod,
  type DateRange,
  type NamedPeriod,
  type ResolvedPeriod,
} from '@tapwise/contracts';

export type PeriodChoice = { id: NamedPeriod } | { id: 'custom'; range: DateRange };

export const DEFAULT_PERIOD: PeriodChoice = { id: 'last7Days' };

/** The days of a chosen period at `now`, its comparison, and until when its data runs. */
export function resolveChoice(choice: PeriodChoice, now: Date): ResolvedPeriod {
  return resolvePeriod(choice.id === 'custom' ? choice.range : choice.id, now);
}

/** The earliest day a custom range may start: history reaches back 24 months. */
export function earliestDay(today: string): string {
  return addDays(today, -(OVERVIEW_MAX_PERIOD_DAYS - 1));
}

/** A picked custom range, or null while it is incomplete or not a valid period. */
export function customChoice(start: string | null, end: string | null): PeriodChoice | null {
  if (!start || !end) return null;
  const parsed = dateRangeSchema.safeParse({ start, end });
  return parsed.success ? { id: 'custom', range: parsed.data } : null;
}
