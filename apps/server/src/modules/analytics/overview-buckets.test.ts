import fc from 'fast-check';
import { SERIES_GRANULARITIES, type DateRange } from '@tapwise/contracts';
import { describe, expect, it } from 'vitest';
import { bucketStart, seriesBuckets } from './overview-buckets';

const DAY_MS = 86_400_000;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

const anyPeriod = fc
  .tuple(
    fc.integer({ min: dayOf('2020-01-01'), max: dayOf('2030-12-31') }),
    fc.integer({ min: 1, max: 731 }),
  )
  .map(([start, length]): DateRange => ({ start: isoOf(start), end: isoOf(start + length - 1) }));

describe('series buckets', () => {
  it('starts weeks on Sundays and months on the 1st, the first bucket with the period', () => {
    const period = { start: '2026-01-07', end: '2026-02-20' };
    expect(seriesBuckets(period, 'WEEK')).toEqual([
      '2026-01-07',
      '2026-01-11',
      '2026-01-18',
      '2026-01-25',
      '2026-02-01',
      '2026-02-08',
      '2026-02-15',
    ]);
    expect(seriesBuckets(period, 'MONTH')).toEqual(['2026-01-07', '2026-02-01']);
    expect(seriesBuckets({ start: '2024-02-28', end: '2024-03-01' }, 'DAY')).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(bucketStart('2026-01-06', period, 'WEEK')).toBe('2026-01-07');
    expect(bucketStart('2026-02-28', period, 'MONTH')).toBe('2026-02-01');
  });

  it('cover every day of any period once, in order, each day in the bucket bucketStart names (property)', () => {
    fc.assert(
      fc.property(anyPeriod, fc.constantFrom(...SERIES_GRANULARITIES), (period, granularity) => {
        const buckets = seriesBuckets(period, granularity);
        expect(buckets[0]).toBe(period.start);
        expect([...buckets].sort()).toEqual(buckets);
        expect(new Set(buckets).size).toBe(buckets.length);
        for (let day = dayOf(period.start); day <= dayOf(period.end); day += 5) {
          const start = bucketStart(isoOf(day), period, granularity);
          expect(buckets).toContain(start);
          expect(start <= isoOf(day)).toBe(true);
        }
        for (const bucket of buckets.slice(1)) {
          if (granularity === 'WEEK') expect(new Date(`${bucket}T00:00:00Z`).getUTCDay()).toBe(0);
          if (granularity === 'MONTH') expect(bucket.endsWith('-01')).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
