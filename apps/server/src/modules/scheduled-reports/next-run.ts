// When a scheduled report is next due (docs/scheduled-reports.md, due-time rules): pure, in UTC.
import type { ReportRepeatType } from '@tapwise/contracts';

export interface ReportSchedule {
  repeatType: ReportRepeatType;
  /** Weekdays 1 (Monday) … 7 (Sunday) for WEEKLY and CUSTOM; days of the month for MONTHLY. */
  days: readonly number[];
  /** Hours of the day, UTC. */
  hours: readonly number[];
  /** yyyy-mm-dd: the day a NO_REPEAT report runs. */
  runOn?: string | null;
}

const DAY_MS = 86_400_000;
/** Longest gap between two due days: a MONTHLY report on day 31 runs once a month. */
const SEARCH_DAYS = 62;

const isoWeekday = (day: Date) => day.getUTCDay() || 7;
const lastDayOfMonth = (day: Date) =>
  new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();

function isDueDay(schedule: ReportSchedule, day: Date): boolean {
  switch (schedule.repeatType) {
    case 'DAILY':
      return true;
    case 'WEEKLY':
    case 'CUSTOM':
      return schedule.days.includes(isoWeekday(day));
    case 'MONTHLY': {
      const date = day.getUTCDate();
      const last = lastDayOfMonth(day);
      // A day past the month's end runs on its last day, once however many such days there are.
      return schedule.days.includes(date) || (date === last && schedule.days.some((d) => d > last));
    }
    case 'NO_REPEAT':
      return false;
  }
}

/** The first due instant strictly after `after`; null when there is none (a NO_REPEAT run past). */
export function nextRunAt(schedule: ReportSchedule, after: Date): Date | null {
  const hours = [...schedule.hours].sort((a, b) => a - b);
  if (schedule.repeatType === 'NO_REPEAT') {
    if (!schedule.runOn || hours.length === 0) return null;
    const due = new Date(`${schedule.runOn}T00:00:00Z`).getTime() + hours[0]! * 3_600_000;
    return due > after.getTime() ? new Date(due) : null;
  }
  const firstDay = Math.floor(after.getTime() / DAY_MS) * DAY_MS;
  for (let offset = 0; offset <= SEARCH_DAYS; offset += 1) {
    const day = new Date(firstDay + offset * DAY_MS);
    if (!isDueDay(schedule, day)) continue;
    for (const hour of hours) {
      const due = day.getTime() + hour * 3_600_000;
      if (due > after.getTime()) return new Date(due);
    }
  }
  return null;
}
