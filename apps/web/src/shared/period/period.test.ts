import { daysInRange, previousPeriod } from '@tapwise/contracts';
import { describe, expect, it } from 'vitest';
import {
  NAMED_PERIODS,
  customChoice,
  earliestDay,
  namedPeriodRange,
  periodRange,
  todayIn,
} from './period';

describe('today in the ad account time zone', () => {
  it('is still yesterday in Los Angeles when it is already tomorrow in Tokyo', () => {
    const now = new Date('2026-03-01T03:00:00Z');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-02-28');
    expect(todayIn('UTC', now)).toBe('2026-03-01');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-03-01');
  });

  it('crosses the year first where the day starts earliest', () => {
    const now = new Date('2026-12-31T11:00:00Z');
    expect(todayIn('Pacific/Kiritimati', now)).toBe('2027-01-01');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-12-31');
  });
});

describe('named periods', () => {
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

  it('ends the trailing periods yesterday and compares them with as many days before', () => {
    const today = '2026-03-02';
    expect(namedPeriodRange('lastDay', today)).toEqual({ start: '2026-03-01', end: '2026-03-01' });
    const week = namedPeriodRange('last7Days', today);
    expect(week).toEqual({ start: '2026-02-23', end: '2026-03-01' });
    expect(previousPeriod(week)).toEqual({ start: '2026-02-16', end: '2026-02-22' });
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

  it('computes the period from the account day, not the browser day', () => {
    const now = new Date('2026-03-01T03:00:00Z');
    expect(namedPeriodRange('monthToDate', todayIn('America/Los_Angeles', now))).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
    expect(namedPeriodRange('monthToDate', todayIn('Asia/Tokyo', now))).toEqual({
      start: '2026-03-01',
      end: '2026-03-01',
    });
  });
});

describe('custom ranges', () => {
  it('keeps a complete, ordered range of at most 24 months', () => {
    const choice = customChoice('2026-01-05', '2026-01-20');
    expect(choice).toEqual({ id: 'custom', range: { start: '2026-01-05', end: '2026-01-20' } });
    expect(periodRange(choice!, '2026-03-01')).toEqual({ start: '2026-01-05', end: '2026-01-20' });
    expect(customChoice('2026-01-05', null)).toBeNull();
    expect(customChoice('2026-01-20', '2026-01-05')).toBeNull();
    expect(customChoice(earliestDay('2026-03-01'), '2026-03-01')).not.toBeNull();
    expect(customChoice(earliestDay('2026-02-28'), '2026-03-01')).toBeNull();
  });
});
