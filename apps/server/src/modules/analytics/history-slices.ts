// Which stored facts answer a period (docs/product-decisions.md, "Overview"): days from
// `dailyFrom` on are read per day; before it, the WEEKLY buckets (Apple's Sunday weeks) and,
// before the weeks, the MONTHLY buckets that overlap the period count whole. Every day is
// answered by one grain only, and coarse rows a later sync left where finer history exists are
// never read. Pure date arithmetic on YYYY-MM-DD strings.
import type { DateRange } from '@tapwise/contracts';
import type { ReportGrain } from '../ads-data/report-facts.tables';

export interface HistoryBounds {
  /** The first day kept per day. */
  dailyFrom: string;
  /** The first day not answered by MONTHLY rows: the first WEEKLY one, else dailyFrom. */
  monthlyUntil: string;
}

/** The fact rows of one grain, by their `date` (a bucket's first day), that count for a period. */
export interface FactSlice {
  /** Index of the period among those asked for. */
  period: number;
  grain: ReportGrain;
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayBefore = (iso: string) => isoOf(dayOf(iso) - 1);
/** The Sunday a day's Apple week starts on; day 0 (1970-01-01) was a Thursday. */
const sundayOf = (iso: string) => isoOf(dayOf(iso) - ((dayOf(iso) + 4) % 7));
const monthOf = (iso: string) => `${iso.slice(0, 7)}-01`;
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

export function factSlices(periods: readonly DateRange[], bounds: HistoryBounds): FactSlice[] {
  const slices: FactSlice[] = [];
  const add = (period: number, grain: ReportGrain, from: string, to: string) => {
    if (from <= to) slices.push({ period, grain, from, to });
  };
  periods.forEach(({ start, end }, period) => {
    add(period, 'DAILY', later(start, bounds.dailyFrom), end);
    // A bucket counts when it overlaps the period's days before the finer history begins.
    if (start < bounds.dailyFrom)
      add(period, 'WEEKLY', sundayOf(start), earlier(end, dayBefore(bounds.dailyFrom)));
    if (start < bounds.monthlyUntil)
      add(period, 'MONTHLY', monthOf(start), earlier(end, dayBefore(bounds.monthlyUntil)));
  });
  return slices;
}

/** Bounds from the earliest DAILY and WEEKLY dates stored and the account's current window. */
export function historyBounds(
  firstDaily: string | null,
  firstWeekly: string | null,
  dailyWindowStart: string,
): HistoryBounds {
  const dailyFrom = firstDaily ? earlier(firstDaily, dailyWindowStart) : dailyWindowStart;
  return {
    dailyFrom,
    monthlyUntil: firstWeekly ? earlier(firstWeekly, dailyFrom) : dailyFrom,
  };
}
