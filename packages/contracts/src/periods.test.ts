import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInRange, type DateRange } from './overview';
import {
  NAMED_PERIODS,
  addDays,
  comparisonRange,
  namedPeriodRange,
  resolvePeriod,
  utcToday,
  type NamedPeriod,
} from './periods';

/** Instants from 2020 to 2030. */
const instants = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) })
  .map((ms) => new Date(ms));
const namedPeriods = fc.constantFrom(...NAMED_PERIODS);
const days = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 86_400_000, max: Date.UTC(2030, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

describe('one definition of every period', () => {
  it('counts from the UTC day, whatever the hour or the time zone of an account', () => {
    // 03:00 UTC: still the 24th in Los Angeles, already the 25th in Berlin.
    const now = new Date('2025-11-25T03:00:00Z');
    expect(utcToday(now)).toBe('2025-11-25');
    expect(resolvePeriod('last7Days', now).currdate).toEqual({
      start: '2025-11-18',
      end: '2025-11-24',
    });
    expect(resolvePeriod('last30Days', new Date('2025-11-25T23:30:00Z')).currdate).toEqual({
      start: '2025-10-26',
      end: '2025-11-24',
    });
  });

  it('offers the overview periods first and every date preset once', () => {
    expect(NAMED_PERIODS).toEqual([
      'lastDay',
      'last7Days',
      'last30Days',
      'today',
      'yesterday',
      'todayAndYesterday',
      'weekToDate',
      'lastWeek',
      'monthToDate',
      'lastMonth',
    ]);
  });

  it('ends the trailing periods yesterday', () => {
    const today = '2026-03-02';
    expect(namedPeriodRange('lastDay', today)).toEqual({ start: '2026-03-01', end: '2026-03-01' });
    expect(namedPeriodRange('last7Days', today)).toEqual({
      start: '2026-02-23',
      end: '2026-03-01',
    });
    const month = namedPeriodRange('last30Days', '2026-01-10');
    expect(month).toEqual({ start: '2025-12-11', end: '2026-01-09' });
    expect(daysInRange(month)).toBe(30);
  });

  it('includes today in today, today and yesterday and the to-date periods', () => {
    const today = '2026-03-04';
    expect(namedPeriodRange('today', today)).toEqual({ start: today, end: today });
    expect(namedPeriodRange('todayAndYesterday', today)).toEqual({
      start: '2026-03-03',
      end: today,
    });
    expect(namedPeriodRange('monthToDate', today)).toEqual({ start: '2026-03-01', end: today });
  });

  it('starts weeks on Sunday, across a month boundary', () => {
    // 2026-03-03 is a Tuesday; its week began on Sunday 1 March.
    expect(namedPeriodRange('weekToDate', '2026-03-03')).toEqual({
      start: '2026-03-01',
      end: '2026-03-03',
    });
    expect(namedPeriodRange('lastWeek', '2026-03-03')).toEqual({
      start: '2026-02-22',
      end: '2026-02-28',
    });
    // On a Sunday the week to date is that one day, and last week ended the day before.
    expect(namedPeriodRange('weekToDate', '2026-03-08')).toEqual({
      start: '2026-03-08',
      end: '2026-03-08',
    });
    expect(namedPeriodRange('lastWeek', '2026-03-08')).toEqual({
      start: '2026-03-01',
      end: '2026-03-07',
    });
  });

  it('takes last month whole, leap February and December of the year before included', () => {
    expect(namedPeriodRange('lastMonth', '2024-03-01')).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
    });
    expect(namedPeriodRange('lastMonth', '2026-01-31')).toEqual({
      start: '2025-12-01',
      end: '2025-12-31',
    });
    expect(namedPeriodRange('monthToDate', '2026-02-01')).toEqual({
      start: '2026-02-01',
      end: '2026-02-01',
    });
  });

  it('holds for any instant: ordered days, none after today, only today partial', () => {
    fc.assert(
      fc.property(namedPeriods, instants, (period, now) => {
        const today = utcToday(now);
        const { currdate, prevdate, until } = resolvePeriod(period, now);
        expect(currdate.start <= currdate.end).toBe(true);
        expect(currdate.end <= today).toBe(true);
        expect(prevdate.start <= prevdate.end && prevdate.end < currdate.start).toBe(true);
        expect(daysInRange(prevdate)).toBeLessThanOrEqual(Math.max(daysInRange(currdate), 31));
        expect(until !== null).toBe(currdate.end === today);
        if (until) {
          const lag = now.getTime() - Date.parse(until);
          expect(lag >= 0 && lag < 3_600_000).toBe(true);
          expect(until.endsWith(':00:00.000Z')).toBe(true);
        }
      }),
    );
  });
});

describe('comparisons, like with like', () => {
  it('compares today until this hour with yesterday until the same hour', () => {
    const now = new Date('2025-11-25T14:37:12Z');
    expect(resolvePeriod('today', now)).toEqual({
      currdate: { start: '2025-11-25', end: '2025-11-25' },
      prevdate: { start: '2025-11-24', end: '2025-11-24' },
      until: '2025-11-25T14:00:00.000Z',
    });
    expect(resolvePeriod('yesterday', now).until).toBeNull();
  });

  it('compares last month with the calendar month before it', () => {
    // The case: March (31 days) was compared with the 31 days before, 29 Jan – 28 Feb.
    expect(resolvePeriod('lastMonth', new Date('2026-04-10T08:00:00Z'))).toEqual({
      currdate: { start: '2026-03-01', end: '2026-03-31' },
      prevdate: { start: '2026-02-01', end: '2026-02-28' },
      until: null,
    });
    expect(resolvePeriod('lastMonth', new Date('2024-03-15T08:00:00Z')).prevdate).toEqual({
      start: '2024-01-01',
      end: '2024-01-31',
    });
  });

  it('compares month to date with the same days of the month before, as far as it has them', () => {
    const now = new Date('2026-03-30T10:00:00Z');
    expect(resolvePeriod('monthToDate', now).prevdate).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
    expect(resolvePeriod('monthToDate', new Date('2026-03-05T10:00:00Z')).prevdate).toEqual({
      start: '2026-02-01',
      end: '2026-02-05',
    });
  });

  it('compares a one-day period on the 1st with the day before, not with a month ago', () => {
    const firstOfMonth = new Date('2026-03-01T10:00:00Z');
    expect(resolvePeriod('today', firstOfMonth).prevdate).toEqual({
      start: '2026-02-28',
      end: '2026-02-28',
    });
    expect(resolvePeriod('weekToDate', firstOfMonth).prevdate).toEqual({
      start: '2026-02-22',
      end: '2026-02-22',
    });
  });

  it('compares week to date with the previous week up to the same weekday', () => {
    // Wednesday 4 March 2026.
    expect(resolvePeriod('weekToDate', new Date('2026-03-04T10:00:00Z')).prevdate).toEqual({
      start: '2026-02-22',
      end: '2026-02-25',
    });
  });

  it('compares custom whole months with as many calendar months before', () => {
    expect(comparisonRange({ start: '2025-09-01', end: '2025-11-30' }, 'custom')).toEqual({
      start: '2025-06-01',
      end: '2025-08-31',
    });
    expect(comparisonRange({ start: '2025-09-03', end: '2025-11-30' }, 'custom')).toEqual({
      start: '2025-06-06',
      end: '2025-09-02',
    });
  });

  it('compares trailing periods with as many days before, even when they match a month', () => {
    // On 1 December the last 30 days are November, compared with the 30 days before.
    expect(resolvePeriod('last30Days', new Date('2025-12-01T10:00:00Z'))).toMatchObject({
      currdate: { start: '2025-11-01', end: '2025-11-30' },
      prevdate: { start: '2025-10-02', end: '2025-10-31' },
    });
  });

  it('always compares whole months with the whole calendar months just before', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 1, max: 24 }), (day, months) => {
        const start = `${day.slice(0, 7)}-01`;
        const end = addDays(
          new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)) - 1 + months, 1))
            .toISOString()
            .slice(0, 10),
          -1,
        );
        const range: DateRange = { start, end };
        const previous = comparisonRange(range, 'custom');
        expect(previous.start.endsWith('-01')).toBe(true);
        expect(previous.end).toBe(addDays(start, -1));
        const monthsOf = (r: DateRange) =>
          (Number(r.end.slice(0, 4)) - Number(r.start.slice(0, 4))) * 12 +
          Number(r.end.slice(5, 7)) -
          Number(r.start.slice(5, 7)) +
          1;
        expect(monthsOf(previous)).toBe(months);
      }),
    );
  });

  it('compares any other custom range with the days of equal length just before', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 1, max: 400 }), (start, length) => {
        const range = { start, end: addDays(start, length - 1) };
        fc.pre(!(start.endsWith('-01') && addDays(range.end, 1).endsWith('-01')));
        const previous = comparisonRange(range, 'custom');
        expect(daysInRange(previous)).toBe(length);
        expect(previous.end).toBe(addDays(start, -1));
      }),
    );
  });

  it('gives every named period its comparison by name', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    for (const period of NAMED_PERIODS as NamedPeriod[]) {
      const { currdate, prevdate } = resolvePeriod(period, now);
      expect(prevdate).toEqual(comparisonRange(currdate, period));
    }
  });
});
