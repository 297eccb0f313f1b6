import cronParser from 'cron-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextRunAt, type ReportSchedule } from './next-run';

/** The reference: cron-parser's next instant of a UTC cron expression strictly after `after`. */
const cronNext = (expression: string, after: Date) =>
  cronParser.parseExpression(expression, { currentDate: after, tz: 'UTC' }).next().toDate();

const hoursArb = fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { minLength: 1, maxLength: 24 });
const instantArb = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2035-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const list = (values: readonly number[]) => [...values].sort((a, b) => a - b).join(',');

describe('nextRunAt against cron expressions', () => {
  it('DAILY runs at each hour of every day', () => {
    fc.assert(
      fc.property(hoursArb, instantArb, (hours, after) => {
        const schedule: ReportSchedule = { repeatType: 'DAILY', days: [], hours };
        expect(nextRunAt(schedule, after)).toEqual(cronNext(`0 ${list(hours)} * * *`, after));
      }),
    );
  });

  it('WEEKLY and CUSTOM run at each hour of their weekdays (7 is Sunday)', () => {
    const weekdays = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 });
    fc.assert(
      fc.property(
        fc.constantFrom('WEEKLY' as const, 'CUSTOM' as const),
        weekdays,
        hoursArb,
        instantArb,
        (repeatType, drawn, hours, after) => {
          const days = repeatType === 'WEEKLY' ? drawn.slice(0, 1) : drawn;
          const cronDays = list(days.map((day) => day % 7));
          expect(nextRunAt({ repeatType, days, hours }, after)).toEqual(
            cronNext(`0 ${list(hours)} * * ${cronDays}`, after),
          );
        },
      ),
    );
  });

  it('MONTHLY runs on its days, and on the last day of a month too short for one', () => {
    const monthDays = fc.uniqueArray(fc.integer({ min: 1, max: 31 }), {
      minLength: 1,
      maxLength: 31,
    });
    fc.assert(
      fc.property(monthDays, hoursArb, instantArb, (days, hours, after) => {
        const latest = Math.max(...days);
        const own = cronNext(`0 ${list(hours)} ${list(days)} * *`, after);
        const report = nextRunAt({ repeatType: 'MONTHLY', days, hours }, after);
        if (latest <= 28) return void expect(report).toEqual(own);
        // The last day of each month shorter than the latest day asked for.
        const lastDays = cronParser.parseExpression(`0 ${list(hours)} L * *`, {
          currentDate: after,
          tz: 'UTC',
        });
        let clamped = lastDays.next().toDate();
        while (clamped.getUTCDate() >= latest) clamped = lastDays.next().toDate();
        expect(report).toEqual(own < clamped ? own : clamped);
      }),
    );
  });
});

describe('nextRunAt examples', () => {
  const at = (iso: string) => new Date(iso);

  it('runs a day-31 report on the last day of February, once, in leap and common years', () => {
    const schedule: ReportSchedule = { repeatType: 'MONTHLY', days: [29, 30, 31], hours: [8] };
    expect(nextRunAt(schedule, at('2024-02-01T00:00:00Z'))).toEqual(at('2024-02-29T08:00:00Z'));
    expect(nextRunAt(schedule, at('2024-02-29T08:00:00Z'))).toEqual(at('2024-03-29T08:00:00Z'));
    expect(nextRunAt(schedule, at('2025-02-01T00:00:00Z'))).toEqual(at('2025-02-28T08:00:00Z'));
    expect(nextRunAt(schedule, at('2025-02-28T08:00:00Z'))).toEqual(at('2025-03-29T08:00:00Z'));
  });

  it('runs day 31 on the 30th of a 30-day month and on the 31st otherwise', () => {
    const schedule: ReportSchedule = { repeatType: 'MONTHLY', days: [31], hours: [0] };
    expect(nextRunAt(schedule, at('2026-04-01T00:00:00Z'))).toEqual(at('2026-04-30T00:00:00Z'));
    expect(nextRunAt(schedule, at('2026-04-30T00:00:00Z'))).toEqual(at('2026-05-31T00:00:00Z'));
    expect(nextRunAt(schedule, at('2026-12-31T00:00:00Z'))).toEqual(at('2027-01-31T00:00:00Z'));
  });

  it('is strictly after the instant given', () => {
    const schedule: ReportSchedule = { repeatType: 'DAILY', days: [], hours: [9, 17] };
    expect(nextRunAt(schedule, at('2026-11-27T09:00:00Z'))).toEqual(at('2026-11-27T17:00:00Z'));
    expect(nextRunAt(schedule, at('2026-11-27T17:00:00Z'))).toEqual(at('2026-11-28T09:00:00Z'));
  });

  it('runs a NO_REPEAT report once, on its day at its hour', () => {
    const schedule: ReportSchedule = {
      repeatType: 'NO_REPEAT',
      days: [],
      hours: [14],
      runOn: '2026-12-01',
    };
    expect(nextRunAt(schedule, at('2026-11-27T10:00:00Z'))).toEqual(at('2026-12-01T14:00:00Z'));
    expect(nextRunAt(schedule, at('2026-12-01T14:00:00Z'))).toBeNull();
  });

  it('runs a WEEKLY Sunday report on Sundays', () => {
    const schedule: ReportSchedule = { repeatType: 'WEEKLY', days: [7], hours: [6] };
    // 2026-11-27 is a Friday.
    expect(nextRunAt(schedule, at('2026-11-27T10:00:00Z'))).toEqual(at('2026-11-29T06:00:00Z'));
  });
});
