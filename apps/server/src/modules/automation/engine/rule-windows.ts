// Which facts a rule's lookback reads: whole days of the daily facts (today = the current UTC
// date, as the ads manager), or the last hours of the hourly facts campaigns and ad groups have.
import { HOURLY_FACTS_MAX_HOURS, type RuleLookback, type RuleTarget } from '@tapwise/contracts';

export type FactWindow =
  | { grain: 'DAILY'; from: string; to: string }
  /** Hour buckets (the account's date + hour) after `after`, an hour-aligned UTC timestamp. */
  | { grain: 'HOURLY'; after: string };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

const lastDays = (today: string, days: number): FactWindow => ({
  grain: 'DAILY',
  from: addDays(today, 1 - days),
  to: today,
});

/**
 * The window of a lookback at `now`. `dailyOnly` (backtests replay stored days) reads hours as
 * the days that hold them.
 */
export function factWindow(
  lookback: RuleLookback,
  target: RuleTarget,
  now: Date,
  dailyOnly = false,
): FactWindow {
  const today = isoDay(now);
  switch (lookback.range) {
    case 'LAST_1_DAY':
      return lastDays(today, 1);
    case 'LAST_7_DAYS':
      return lastDays(today, 7);
    case 'LAST_30_DAYS':
      return lastDays(today, 30);
    case 'LAST_MONTH': {
      const firstOfMonth = `${today.slice(0, 7)}-01`;
      const lastOfPrevious = addDays(firstOfMonth, -1);
      return { grain: 'DAILY', from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
    }
    case 'DATE_RANGE':
      return { grain: 'DAILY', from: lookback.start, to: lookback.end };
    case 'LAST_1_HOUR':
    case 'CUSTOM_HOUR': {
      const hours = lookback.range === 'LAST_1_HOUR' ? 1 : lookback.hours;
      const hourly =
        !dailyOnly &&
        (target === 'CAMPAIGN' || target === 'AD_GROUP') &&
        hours <= HOURLY_FACTS_MAX_HOURS;
      if (!hourly) return lastDays(today, Math.ceil(hours / 24));
      // The n hour buckets ending with the current one.
      const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
      return {
        grain: 'HOURLY',
        after: new Date(currentHour - hours * HOUR_MS).toISOString().slice(0, 19),
      };
    }
  }
}

/** Rules whose windows are equal share their rows. */
export const windowKey = (window: FactWindow) => JSON.stringify(window);

/** The window that holds every one of `windows` (all of one grain): what one scan reads. */
export function coveringWindow(windows: readonly FactWindow[]): FactWindow {
  const days = windows.flatMap((window) => (window.grain === 'DAILY' ? [window] : []));
  const hours = windows.flatMap((window) => (window.grain === 'HOURLY' ? [window.after] : []));
  if (days.length > 0 === hours.length > 0) throw new Error('One scan reads windows of one grain');
  // ISO days and hours order as their text does.
  if (hours.length > 0) return { grain: 'HOURLY', after: hours.sort()[0]! };
  return {
    grain: 'DAILY',
    from: days.map((window) => window.from).sort()[0]!,
    to: days
      .map((window) => window.to)
      .sort()
      .at(-1)!,
  };
}
