import { describe, expect, it } from 'vitest';
import { easterSunday, isTargetClosingDay, latestReferenceDay } from './calendar.js';

describe('the ECB publishing calendar', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2000, '2000-04-23'],
  ])('finds Easter Sunday of %i', (year, easter) => {
    expect(easterSunday(year)).toBe(easter);
  });

  it.each([
    ['2025-01-01', true, "New Year's Day"],
    ['2025-04-18', true, 'Good Friday'],
    ['2025-04-21', true, 'Easter Monday'],
    ['2025-05-01', true, 'Labour Day'],
    ['2025-12-25', true, 'Christmas Day'],
    ['2025-12-26', true, 'the day after'],
    ['2025-11-22', true, 'a Saturday'],
    ['2025-11-23', true, 'a Sunday'],
    ['2025-11-24', false, 'a Monday'],
    ['2025-12-24', false, 'Christmas Eve'],
    ['2025-04-17', false, 'Maundy Thursday'],
  ])('%s is a closing day: %s (%s)', (day, closed) => {
    expect(isTargetClosingDay(day)).toBe(closed);
  });

  it('expects the day’s rates only after 16:00 in Frankfurt', () => {
    // Tuesday 18 November 2025: 15:59 and 16:00 CET are 14:59 and 15:00 UTC.
    expect(latestReferenceDay(new Date('2025-11-18T14:59:00Z'))).toBe('2025-11-17');
    expect(latestReferenceDay(new Date('2025-11-18T15:00:00Z'))).toBe('2025-11-18');
    // Summer time: 16:00 CEST is 14:00 UTC.
    expect(latestReferenceDay(new Date('2025-07-01T14:00:00Z'))).toBe('2025-07-01');
  });

  it('steps back over weekends and holidays', () => {
    expect(latestReferenceDay(new Date('2025-11-23T20:00:00Z'))).toBe('2025-11-21');
    expect(latestReferenceDay(new Date('2025-04-21T18:00:00Z'))).toBe('2025-04-17');
    expect(latestReferenceDay(new Date('2025-11-24T08:00:00Z'))).toBe('2025-11-21');
  });
});
