// A report period: the spec's overview periods and date presets (spec 1 §2, §9) or a custom
// range, turned into calendar days of the ad account's time zone. Weeks start on Sunday, as
// Apple's weekly reports do.
import {
  DATE_PRESETS,
  OVERVIEW_MAX_PERIOD_DAYS,
  OVERVIEW_PERIODS,
  dateRangeSchema,
  type DatePreset,
  type DateRange,
  type OverviewPeriod,
} from '@tapwise/contracts';

export type NamedPeriod = OverviewPeriod | DatePreset;
export type PeriodChoice = { id: NamedPeriod } | { id: 'custom'; range: DateRange };

/** Every named period once, overview periods first (Last 7 and 30 days are in both lists). */
export const NAMED_PERIODS: readonly NamedPeriod[] = [
  ...OVERVIEW_PERIODS,
  ...DATE_PRESETS.filter((preset) => !(OVERVIEW_PERIODS as readonly string[]).includes(preset)),
];

export const DEFAULT_PERIOD: PeriodChoice = { id: 'last7Days' };

export function isNamedPeriod(value: unknown): value is NamedPeriod {
  return typeof value === 'string' && (NAMED_PERIODS as readonly string[]).includes(value);
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function addDays(iso: string, days: number): string {
  return isoOf(dayNumber(iso) + days);
}

/** The calendar day it is now in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Sunday of the week `iso` falls in. */
function weekStart(iso: string): string {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return addDays(iso, -weekday);
}

function monthStart(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

/**
 * The days a named period covers when it is `today`. Trailing periods (last day, 7 and 30 days)
 * end yesterday, the last complete day; "to date" periods include today.
 */
export function namedPeriodRange(period: NamedPeriod, today: string): DateRange {
  const yesterday = addDays(today, -1);
  switch (period) {
    case 'today':
      return { start: today, end: today };
    case 'lastDay':
    case 'yesterday':
      return { start: yesterday, end: yesterday };
    case 'todayAndYesterday':
      return { start: yesterday, end: today };
    case 'weekToDate':
      return { start: weekStart(today), end: today };
    case 'lastWeek': {
      const start = addDays(weekStart(today), -7);
      return { start, end: addDays(start, 6) };
    }
    case 'last7Days':
      return { start: addDays(today, -7), end: yesterday };
    case 'monthToDate':
      return { start: monthStart(today), end: today };
    case 'lastMonth': {
      const end = addDays(monthStart(today), -1);
      return { start: monthStart(end), end };
    }
    case 'last30Days':
      return { start: addDays(today, -30), end: yesterday };
  }
}

export function periodRange(choice: PeriodChoice, today: string): DateRange {
  return choice.id === 'custom' ? choice.range : namedPeriodRange(choice.id, today);
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
