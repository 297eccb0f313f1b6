// Lookback windows: whole UTC days of the daily facts, or the last hours of the hourly facts for
// campaigns and ad groups within Apple's 7 days of hours; the window one scan reads for several.
import { describe, expect, it } from 'vitest';
import { coveringWindow, factWindow } from './rule-windows';

const now = new Date('2026-03-04T10:30:00Z');

describe('factWindow', () => {
  it('reads whole days ending today', () => {
    expect(factWindow({ range: 'LAST_1_DAY' }, 'KEYWORD', now)).toEqual({
      grain: 'DAILY',
      from: '2026-03-04',
      to: '2026-03-04',
    });
    expect(factWindow({ range: 'LAST_7_DAYS' }, 'KEYWORD', now)).toEqual({
      grain: 'DAILY',
      from: '2026-02-26',
      to: '2026-03-04',
    });
    expect(factWindow({ range: 'LAST_MONTH' }, 'CAMPAIGN', now)).toEqual({
      grain: 'DAILY',
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('reads hours for campaigns and ad groups within 168 hours, days otherwise', () => {
    expect(factWindow({ range: 'LAST_1_HOUR' }, 'AD_GROUP', now)).toEqual({
      grain: 'HOURLY',
      after: '2026-03-04T09:00:00',
    });
    // 200 hours are ceil(200 / 24) = 9 days: 24 February to 4 March.
    expect(factWindow({ range: 'CUSTOM_HOUR', hours: 200 }, 'CAMPAIGN', now)).toEqual({
      grain: 'DAILY',
      from: '2026-02-24',
      to: '2026-03-04',
    });
    expect(factWindow({ range: 'CUSTOM_HOUR', hours: 25 }, 'KEYWORD', now)).toEqual({
      grain: 'DAILY',
      from: '2026-03-03',
      to: '2026-03-04',
    });
    // A backtest reads the day that holds the hours.
    expect(factWindow({ range: 'LAST_1_HOUR' }, 'CAMPAIGN', now, true)).toEqual({
      grain: 'DAILY',
      from: '2026-03-04',
      to: '2026-03-04',
    });
  });

  it('covers several windows of one grain with the one scan reads, and refuses mixed grains', () => {
    const days = (from: string, to: string) => ({ grain: 'DAILY' as const, from, to });
    expect(
      coveringWindow([
        days('2026-02-26', '2026-03-04'),
        days('2026-02-01', '2026-02-28'),
        days('2026-03-04', '2026-03-04'),
      ]),
    ).toEqual(days('2026-02-01', '2026-03-04'));
    const hours = (after: string) => ({ grain: 'HOURLY' as const, after });
    expect(coveringWindow([hours('2026-03-04T09:00:00'), hours('2026-03-03T10:00:00')])).toEqual(
      hours('2026-03-03T10:00:00'),
    );
    expect(() =>
      coveringWindow([hours('2026-03-04T09:00:00'), days('2026-03-04', '2026-03-04')]),
    ).toThrow();
    expect(() => coveringWindow([])).toThrow();
  });
});
