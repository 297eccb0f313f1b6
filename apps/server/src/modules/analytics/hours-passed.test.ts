import { describe, expect, it } from 'vitest';
import { hoursPassed } from './hours-passed';

describe('hours of an account day that have passed', () => {
  const moment = new Date('2025-11-25T14:20:00Z');

  it('counts in the account zone: behind, ahead of and at UTC', () => {
    expect(hoursPassed('2025-11-25', moment, 'UTC')).toBe(14);
    expect(hoursPassed('2025-11-25', moment, 'America/Los_Angeles')).toBe(6);
    expect(hoursPassed('2025-11-25', moment, 'Europe/Berlin')).toBe(15);
    expect(hoursPassed('2025-11-25', moment, 'Asia/Kolkata')).toBe(19);
  });

  it('is 0 before the day begins in the zone and 24 once it has ended', () => {
    const early = new Date('2025-11-25T03:00:00Z');
    expect(hoursPassed('2025-11-25', early, 'America/Los_Angeles')).toBe(0);
    const late = new Date('2025-11-25T23:30:00Z');
    expect(hoursPassed('2025-11-25', late, 'Europe/Berlin')).toBe(24);
  });
});
