// The report windows a sync asks Apple for, per Apple's limits (WIRE.md): DAILY starts within
// the last 90 days, WEEKLY ends at least 14 days ago and starts within 365 days, MONTHLY ends at
// least 90 days ago, nothing before 24 months. Weeks are Apple's Sunday weeks, so WEEKLY starts
// on a Sunday and every stored week is whole except where it meets the DAILY window. HOURLY covers
// the last 7 days (campaigns and ad groups), in tables of its own.
import type { SyncGrain } from '../ads-data/report-facts.tables';

export interface ReportWindow {
  grain: SyncGrain;
  /** Inclusive ISO dates in the ad account's time zone. */
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
export const DAILY_WINDOW_DAYS = 90;
export const HISTORY_DAYS = 730;
/** Apple restates recent days; incremental syncs pull these again. */
export const INCREMENTAL_DAYS = 3;
/** Apple reports hours for windows starting within the last 7 days. */
export const HOURLY_DAYS = 7;

/** Today's date in a time zone, as a day number since the epoch. */
export function localToday(timeZone: string, now: Date): number {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  return dayOf(iso);
}

export function dayOf(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

export function isoOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** First sync: the whole history Apple keeps, newest first; windows before `since` are left out. */
export function historyWindows(today: number, since: number): ReportWindow[] {
  const dailyFrom = today - (DAILY_WINDOW_DAYS - 1);
  const weeklyTo = dailyFrom - 1;
  // Day 0 (1970-01-01) was a Thursday: the Sunday on or after a day.
  const weeklyFrom = sundayOnOrAfter(today - 365);
  const monthlyTo = weeklyFrom - 1;
  const monthlyFrom = today - HISTORY_DAYS;
  const windows: ReportWindow[] = [
    hourlyWindow(today),
    { grain: 'DAILY', from: isoOf(dailyFrom), to: isoOf(today) },
    { grain: 'WEEKLY', from: isoOf(weeklyFrom), to: isoOf(weeklyTo) },
    { grain: 'MONTHLY', from: isoOf(monthlyFrom), to: isoOf(monthlyTo) },
  ];
  return windows.filter((window) => dayOf(window.to) >= since);
}

/** Every sync: the recent days again, and their hours. */
export function incrementalWindows(today: number): ReportWindow[] {
  return [
    hourlyWindow(today),
    { grain: 'DAILY', from: isoOf(today - (INCREMENTAL_DAYS - 1)), to: isoOf(today) },
  ];
}

/** How far back each granularity may start, in days before today (Apple's limits). */
const EARLIEST_START: Record<SyncGrain, number> = {
  HOURLY: HOURLY_DAYS - 1,
  DAILY: DAILY_WINDOW_DAYS - 1,
  WEEKLY: 365,
  MONTHLY: HISTORY_DAYS,
};

/**
 * A window planned on an earlier day (a sync resumed after midnight, or days later) may start
 * further back than Apple now allows: its start moves up, or it goes when nothing is left.
 */
export function withinAppleLimits(window: ReportWindow, today: number): ReportWindow | null {
  const from = Math.max(dayOf(window.from), today - EARLIEST_START[window.grain]);
  if (from > dayOf(window.to)) return null;
  return { ...window, from: isoOf(from) };
}

function hourlyWindow(today: number): ReportWindow {
  return { grain: 'HOURLY', from: isoOf(today - (HOURLY_DAYS - 1)), to: isoOf(today) };
}

function sundayOnOrAfter(day: number): number {
  const weekday = (day + 4) % 7; // 0 = Sunday
  return weekday === 0 ? day : day + (7 - weekday);
}

/** Where the DAILY window Apple keeps starts today, in the account's zone (UTC when unknown). */
export const dailyWindowStart = (timeZone = 'UTC', now = new Date()) =>
  isoOf(localToday(timeZone, now) - (DAILY_WINDOW_DAYS - 1));
