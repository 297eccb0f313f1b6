import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { factSlices, historyBounds } from './history-slices';

const DAY_MS = 86_400_000;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

describe('history bounds', () => {
  it('start per day at the earliest DAILY day or the current window, whichever is earlier', () => {
    expect(historyBounds('2026-08-24', '2025-11-23', '2026-08-30')).toEqual({
      dailyFrom: '2026-08-24',
      monthlyUntil: '2025-11-23',
    });
    expect(historyBounds('2026-11-01', null, '2026-08-30')).toEqual({
      dailyFrom: '2026-08-30',
      monthlyUntil: '2026-08-30',
    });
    expect(historyBounds(null, null, '2026-08-30').dailyFrom).toBe('2026-08-30');
  });
});

describe('fact slices', () => {
  const bounds = { dailyFrom: '2026-08-24', monthlyUntil: '2025-11-23' };

  it('read days only, inside the daily history', () => {
    expect(factSlices([{ start: '2026-10-01', end: '2026-10-30' }], bounds)).toEqual([
      { period: 0, grain: 'DAILY', from: '2026-10-01', to: '2026-10-30' },
    ]);
  });

  it('read the weeks and months a period overlaps, up to where finer history starts', () => {
    expect(
      factSlices(
        [
          { start: '2025-10-15', end: '2026-09-01' },
          { start: '2026-01-07', end: '2026-01-08' },
        ],
        bounds,
      ),
    ).toEqual([
      { period: 0, grain: 'DAILY', from: '2026-08-24', to: '2026-09-01' },
      { period: 0, grain: 'WEEKLY', from: '2025-10-12', to: '2026-08-23' },
      { period: 0, grain: 'MONTHLY', from: '2025-10-01', to: '2025-11-22' },
      { period: 1, grain: 'WEEKLY', from: '2026-01-04', to: '2026-01-08' },
    ]);
  });

  it('never read a grain where a finer one answers, and cover every day (property)', () => {
    const day = fc.integer({ min: dayOf('2024-06-01'), max: dayOf('2026-12-31') });
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 731 }), day, day, (start, length, a, b) => {
        const [weekly, daily] = a < b ? [a, b] : [b, a];
        const period = { start: isoOf(start), end: isoOf(start + length - 1) };
        const slices = factSlices(
          [period],
          historyBounds(isoOf(daily), isoOf(weekly), isoOf(daily)),
        );
        for (const slice of slices) {
          expect(slice.from <= slice.to).toBe(true);
          expect(slice.to <= period.end).toBe(true);
          if (slice.grain === 'DAILY') expect(slice.from >= isoOf(daily)).toBe(true);
          if (slice.grain === 'WEEKLY') expect(slice.to < isoOf(daily)).toBe(true);
          if (slice.grain === 'MONTHLY') expect(slice.to < isoOf(weekly)).toBe(true);
        }
        // Each day of the period lies in the DAILY slice or in a bucket a coarse slice starts.
        const covers = (iso: string) =>
          slices.some(({ grain, from, to }) =>
            grain === 'DAILY'
              ? iso >= from && iso <= to
              : grain === 'WEEKLY'
                ? iso >= from && iso < isoOf(dayOf(to) + 7)
                : iso.slice(0, 7) >= from.slice(0, 7) && iso.slice(0, 7) <= to.slice(0, 7),
          );
        for (let each = start; each < start + length; each += 3)
          expect(covers(isoOf(each))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
