// A report's schedule in words: hours are UTC (the server runs reports in UTC) and each is shown
// with the member's local equivalent on the day it applies, since the offset moves with DST.
import type { ScheduledReport } from '@tapwise/contracts';
import type { TFunction } from 'i18next';

const pad = (value: number) => String(value).padStart(2, '0');

/** "09:00": an hour of the day in UTC. */
export const utcHour = (hour: number) => `${pad(hour)}:00`;

/** The wall-clock time in the given zone (the browser's when absent) of an UTC hour on a day. */
export function localHour(hour: number, day: Date, language: string, timeZone?: string): string {
  const instant = new Date(
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour),
  );
  return new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(instant);
}

/** "09:00, 15:00 UTC (10:00, 16:00 your time)". */
export function hoursInWords(
  hours: readonly number[],
  day: Date,
  t: TFunction,
  language: string,
  timeZone?: string,
): string {
  return t('scheduledReports.times', {
    utc: hours.map(utcHour).join(', '),
    local: hours.map((hour) => localHour(hour, day, language, timeZone)).join(', '),
  });
}

/** Weekday 1 (Monday) … 7 (Sunday) in the interface language; 1 January 2024 was a Monday. */
export function weekdayName(weekday: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

type Schedule = Pick<ScheduledReport, 'repeatType' | 'days' | 'hours' | 'runOn'>;

/** "Weekly on Monday at 09:00 UTC (10:00 your time)", local times as on `today`. */
export function repeatSummary(
  schedule: Schedule,
  today: Date,
  t: TFunction,
  language: string,
  timeZone?: string,
): string {
  const list = (items: string[]) =>
    new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
  const runOn = schedule.runOn ? new Date(`${schedule.runOn}T00:00:00Z`) : null;
  const times = hoursInWords(schedule.hours, runOn ?? today, t, language, timeZone);
  switch (schedule.repeatType) {
    case 'NO_REPEAT':
      return t('scheduledReports.summary.NO_REPEAT', {
        date: runOn
          ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
              runOn,
            )
          : '—',
        times,
      });
    case 'DAILY':
      return t('scheduledReports.summary.DAILY', { times });
    case 'WEEKLY':
    case 'CUSTOM':
      return t(`scheduledReports.summary.${schedule.repeatType}`, {
        days: list(schedule.days.map((day) => weekdayName(day, language))),
        times,
      });
    case 'MONTHLY':
      return t('scheduledReports.summary.MONTHLY', {
        days: list(schedule.days.map(String)),
        times,
      });
  }
}
