// Date presets, overview periods and the time windows of spec 1 §2 and §9, and the one
// definition of the days every period covers and what it is compared with, used by every page and
// by the server (docs/product-decisions.md, "Periods").
import { daysInRange, previousPeriod, type DateRange } from './overview';

/** Date-range presets offered by every date picker, in the order the spec lists them. */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'todayAndYesterday',
  'weekToDate',
  'lastWeek',
  'last7Days',
  'monthToDate',
  'lastMonth',
  'last30Days',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** English labels; the web translates them by preset id. */
export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  todayAndYesterday: 'Today and Yesterday',
  weekToDate: 'Week to Date',
  lastWeek: 'Last Week',
  last7Days: 'Last 7 Days',
  monthToDate: 'Month to Date',
  lastMonth: 'Last Month',
  last30Days: 'Last 30 Days',
};

/** Overview periods; each is compared with the period of the same length before it. */
export const OVERVIEW_PERIODS = ['lastDay', 'last7Days', 'last30Days'] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
export const OVERVIEW_PERIOD_DAYS: Record<OverviewPeriod, number> = {
  lastDay: 1,
  last7Days: 7,
  last30Days: 30,
};

/** Every named period once, overview periods first (Last 7 and 30 Days are in both lists). */
export const NAMED_PERIODS: readonly NamedPeriod[] = [
  ...OVERVIEW_PERIODS,
  ...DATE_PRESETS.filter((preset) => !(OVERVIEW_PERIODS as readonly string[]).includes(preset)),
];
export type NamedPeriod = OverviewPeriod | DatePreset;

export function isNamedPeriod(value: unknown): value is NamedPeriod {
  return typeof value === 'string' && (NAMED_PERIODS as readonly string[]).includes(value);
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function addDays(iso: string, days: number): string {
  return isoOf(dayNumber(iso) + days);
}

/** "Today" for every period: the UTC calendar day of `now`. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Sunday of the week `iso` falls in (Apple's weeks start on Sunday). */
function weekStart(iso: string): string {
  return addDays(iso, -new Date(`${iso}T00:00:00Z`).getUTCDay());
}

const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;
const monthEnd = (iso: string) => addDays(monthStart(addDays(monthStart(iso), 31)), -1);
/** The first day of the month `months` before (or after) the month of `iso`. */
function shiftMonths(iso: string, months: number): string {
  const date = new Date(`${monthStart(iso)}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}
const monthsBetween = (start: string, end: string) =>
  (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
  Number(end.slice(5, 7)) -
  Number(start.slice(5, 7)) +
  1;

/**
 * The days a named period covers when it is `today`. Trailing periods (last day, 7 and 30 days)
 * end yesterday, the last complete day; Today, Today and Yesterday and the "to date" periods
 * include today.
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

const isWholeMonths = (range: DateRange) =>
  range.start === monthStart(range.start) && range.end === monthEnd(range.end);

/**
 * What a period is compared with, like with like: Week to Date with the same days of the week
 * before; Month to Date with the same days of the month before (as far as it has them); Last
 * Month, and a custom range of whole calendar months, with as many calendar months before; any
 * other period with the days of equal length just before.
 */
export function comparisonRange(range: DateRange, period: NamedPeriod | 'custom'): DateRange {
  if (period === 'weekToDate') {
    return { start: addDays(range.start, -7), end: addDays(range.end, -7) };
  }
  if (period === 'monthToDate') {
    const start = shiftMonths(range.start, -1);
    const end = addDays(start, daysInRange(range) - 1);
    return { start, end: end < range.start ? end : addDays(range.start, -1) };
  }
  if ((period === 'lastMonth' || period === 'custom') && isWholeMonths(range)) {
    const start = shiftMonths(range.start, -monthsBetween(range.start, range.end));
    return { start, end: addDays(range.start, -1) };
  }
  return previousPeriod(range);
}

/** A period as every page shows it. */
export interface ResolvedPeriod {
  currdate: DateRange;
  prevdate: DateRange;
  /**
   * For a period that reaches today: the hour (ISO, UTC) its data runs until. Its comparison's
   * last day then counts to the same time of day. Null for periods of complete days.
   */
  until: string | null;
}

/** The days of a named period or a custom range at `now`, with its comparison. */
export function resolvePeriod(period: NamedPeriod | DateRange, now: Date): ResolvedPeriod {
  const today = utcToday(now);
  const named = typeof period === 'string';
  const currdate = named ? namedPeriodRange(period, today) : period;
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  return {
    currdate,
    prevdate: comparisonRange(currdate, named ? period : 'custom'),
    until: currdate.end >= today ? hour : null,
  };
}

/** Keyword impression share is estimated over this many trailing days. */
export const IMPRESSION_SHARE_WINDOW_DAYS = 30;
/** Partner (MMP) events take at least this long to be recognised. */
export const PARTNER_EVENT_MIN_DELAY_HOURS = 24;
/** Recommended wait before the keyword journey has data; a zero result warns with it. */
export const KEYWORD_JOURNEY_WAIT_DAYS = 7;
/** Historical sync imports at most this many months. */
export const HISTORY_SYNC_LIMIT_MONTHS = 24;
/** Times younger than this are shown relatively ("12 minutes ago"), older ones as dates. */
export const RELATIVE_TIME_THRESHOLD_MINUTES = 60;
