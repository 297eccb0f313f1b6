import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { repeatSummary } from './report-times';

let t: TFunction;
beforeAll(async () => {
  await initI18n('en');
  t = i18next.t;
});

// 27 November 2026: Berlin is UTC+1 (winter time).
const TODAY = new Date('2026-11-27T12:00:00Z');
const summary = (schedule: Parameters<typeof repeatSummary>[0]) =>
  repeatSummary(schedule, TODAY, t, 'en', 'Europe/Berlin');

describe('repeatSummary', () => {
  it('says a weekly report runs on its weekday at its UTC hour and the local one', () => {
    expect(summary({ repeatType: 'WEEKLY', days: [1], hours: [9], runOn: null })).toBe(
      'Weekly on Monday at 09:00 UTC (10:00 your time)',
    );
  });

  it('lists the weekdays of a custom report and every hour', () => {
    expect(summary({ repeatType: 'CUSTOM', days: [1, 3, 5], hours: [6, 18], runOn: null })).toBe(
      'Every Monday, Wednesday, and Friday at 06:00, 18:00 UTC (07:00, 19:00 your time)',
    );
  });

  it('says a daily report runs every day', () => {
    expect(summary({ repeatType: 'DAILY', days: [], hours: [23], runOn: null })).toBe(
      'Daily at 23:00 UTC (00:00 your time)',
    );
  });

  it('names the days of the month of a monthly report', () => {
    expect(summary({ repeatType: 'MONTHLY', days: [1, 15], hours: [8], runOn: null })).toBe(
      'Monthly on day 1 and 15 at 08:00 UTC (09:00 your time)',
    );
  });

  it('gives a one-off report its date, with the local time of that day (summer time)', () => {
    expect(summary({ repeatType: 'NO_REPEAT', days: [], hours: [9], runOn: '2027-07-01' })).toBe(
      'Once on Jul 1, 2027 at 09:00 UTC (11:00 your time)',
    );
  });
});
