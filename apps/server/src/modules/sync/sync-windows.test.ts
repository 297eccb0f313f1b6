import { describe, expect, it } from 'vitest';
import {
  dayOf,
  historyWindows,
  incrementalWindows,
  isoOf,
  localToday,
  withinAppleLimits,
} from './sync-windows';

describe('sync windows', () => {
  const today = dayOf('2026-03-18');

  it('covers 24 months without gaps or overlaps, within Apple limits', () => {
    const [hourly, daily, weekly, monthly] = historyWindows(today, 0);
    expect(hourly).toEqual({ grain: 'HOURLY', from: '2026-03-12', to: '2026-03-18' });
    expect(daily).toEqual({ grain: 'DAILY', from: '2025-12-19', to: '2026-03-18' });
    expect(dayOf(daily!.from)).toBeGreaterThanOrEqual(today - 90);
    expect(dayOf(weekly!.to)).toBe(dayOf(daily!.from) - 1);
    expect(dayOf(weekly!.to)).toBeLessThanOrEqual(today - 14);
    expect(new Date(`${weekly!.from}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(dayOf(weekly!.from)).toBeGreaterThanOrEqual(today - 365);
    expect(dayOf(monthly!.to)).toBe(dayOf(weekly!.from) - 1);
    expect(dayOf(monthly!.to)).toBeLessThanOrEqual(today - 90);
    expect(monthly!.from).toBe(isoOf(today - 730));
  });

  it('leaves out windows that end before the oldest campaign', () => {
    expect(historyWindows(today, today - 14).map((window) => window.grain)).toEqual([
      'HOURLY',
      'DAILY',
    ]);
  });

  it('re-pulls the last three days and the hours of the last seven, in the account zone', () => {
    expect(incrementalWindows(today)).toEqual([
      { grain: 'HOURLY', from: '2026-03-12', to: '2026-03-18' },
      { grain: 'DAILY', from: '2026-03-16', to: '2026-03-18' },
    ]);
    const lateUtc = new Date('2026-03-19T03:00:00Z');
    expect(isoOf(localToday('America/Los_Angeles', lateUtc))).toBe('2026-03-18');
    expect(isoOf(localToday('Europe/Berlin', lateUtc))).toBe('2026-03-19');
  });

  it('moves up the start of windows planned days ago that Apple would now refuse', () => {
    const planned = historyWindows(today, 0);
    expect(planned.map((window) => withinAppleLimits(window, today))).toEqual(planned);
    const twoDaysLater = today + 2;
    const [hourly, daily, weekly, monthly] = planned.map((window) =>
      withinAppleLimits(window, twoDaysLater),
    );
    expect(hourly).toEqual({ grain: 'HOURLY', from: '2026-03-14', to: '2026-03-18' });
    expect(daily).toEqual({ grain: 'DAILY', from: '2025-12-21', to: '2026-03-18' });
    expect(weekly).toEqual(planned[2]);
    expect(monthly).toEqual({ ...planned[3], from: isoOf(twoDaysLater - 730) });
    const hourlyWeekLater = withinAppleLimits(planned[0]!, today + 8);
    expect(hourlyWeekLater).toBeNull();
  });
});
