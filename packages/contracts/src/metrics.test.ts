import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCounts,
  METRIC_COUNT_FIELDS,
  METRIC_KEYS,
  METRICS,
  metricChange,
  metricValues,
  ZERO_COUNTS,
  type MetricCounts,
  type MetricKey,
} from './metrics';

const counts = (values: Partial<MetricCounts>): MetricCounts => ({ ...ZERO_COUNTS, ...values });

/** Counts as Apple reports them: taps never exceed impressions, installs never exceed their sum. */
const reportedCounts = fc
  .record({
    impressions: fc.integer({ min: 0, max: 50_000_000 }),
    tapShare: fc.double({ min: 0, max: 1, noNaN: true }),
    installShare: fc.double({ min: 0, max: 1, noNaN: true }),
    viewInstalls: fc.integer({ min: 0, max: 100_000 }),
    redownloadShare: fc.double({ min: 0, max: 1, noNaN: true }),
    localSpendMicros: fc.integer({ min: 0, max: 1_000_000_000_000 }),
  })
  .map(
    ({ impressions, tapShare, installShare, viewInstalls, redownloadShare, localSpendMicros }) => {
      const taps = Math.floor(impressions * tapShare);
      const tapInstalls = Math.floor(taps * installShare);
      const tapRedownloads = Math.floor(tapInstalls * redownloadShare);
      const viewRedownloads = Math.floor(viewInstalls * redownloadShare);
      return counts({
        impressions,
        taps,
        tapInstalls,
        viewInstalls,
        totalInstalls: tapInstalls + viewInstalls,
        tapNewDownloads: tapInstalls - tapRedownloads,
        tapRedownloads,
        viewNewDownloads: viewInstalls - viewRedownloads,
        viewRedownloads,
        localSpendMicros,
      });
    },
  );

/** Any non-negative counts, including zeros everywhere, so every denominator can be zero. */
const anyCounts = fc
  .tuple(
    ...METRIC_COUNT_FIELDS.map(() =>
      fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000_000 })),
    ),
  )
  .map(
    (values) =>
      Object.fromEntries(
        METRIC_COUNT_FIELDS.map((field, index) => [field, values[index]!]),
      ) as unknown as MetricCounts,
  );

/** Derived money metrics: numerator micros × scale / denominator. */
const MONEY_RATES = {
  avgCpt: { denominator: 'taps', scale: 1 },
  avgCpm: { denominator: 'impressions', scale: 1000 },
  avgCpa: { denominator: 'tapInstalls', scale: 1 },
  cpi: { denominator: 'totalInstalls', scale: 1 },
} as const satisfies Partial<Record<MetricKey, { denominator: keyof MetricCounts; scale: number }>>;

const RATIOS = {
  ttr: { numerator: 'taps', denominator: 'impressions' },
  conversionRate: { numerator: 'tapInstalls', denominator: 'taps' },
} as const satisfies Partial<
  Record<MetricKey, { numerator: keyof MetricCounts; denominator: keyof MetricCounts }>
>;

describe('metric formulas', () => {
  const sample = counts({
    impressions: 20_000,
    taps: 1_000,
    tapInstalls: 400,
    viewInstalls: 100,
    totalInstalls: 500,
    tapNewDownloads: 300,
    tapRedownloads: 100,
    viewNewDownloads: 80,
    viewRedownloads: 20,
    localSpendMicros: 1_500_000_000,
  });

  it('computes every metric of the registry from the counts', () => {
    expect(metricValues(sample)).toEqual({
      spend: 1_500_000_000,
      impressions: 20_000,
      taps: 1_000,
      installs: 500,
      tapInstalls: 400,
      viewInstalls: 100,
      newDownloads: 380,
      redownloads: 120,
      ttr: 0.05,
      conversionRate: 0.4,
      avgCpt: 1_500_000,
      avgCpm: 75_000_000,
      avgCpa: 3_750_000,
      cpi: 3_000_000,
    });
    expect(Object.keys(metricValues(sample)).sort()).toEqual([...METRIC_KEYS].sort());
  });

  it('leaves a metric undefined (null) when its denominator is zero, never 0 or Infinity', () => {
    const values = metricValues(counts({ localSpendMicros: 2_000_000 }));
    expect(values).toMatchObject({
      ttr: null,
      conversionRate: null,
      avgCpt: null,
      avgCpm: null,
      avgCpa: null,
      cpi: null,
    });
    expect(values.spend).toBe(2_000_000);
    expect(values.impressions).toBe(0);
  });

  it('reports a zero cost, not an undefined one, when there were taps but no spend', () => {
    const values = metricValues(
      counts({ impressions: 10, taps: 2, tapInstalls: 1, totalInstalls: 1 }),
    );
    expect(values).toMatchObject({ avgCpt: 0, avgCpm: 0, avgCpa: 0, cpi: 0, ttr: 0.2 });
  });

  it('rounds derived money half away from zero to whole micros', () => {
    expect(METRICS.avgCpt.value(counts({ localSpendMicros: 1_000_001, taps: 2 }))).toBe(500_001);
    expect(METRICS.avgCpt.value(counts({ localSpendMicros: 1_000_000, taps: 3 }))).toBe(333_333);
    expect(METRICS.avgCpt.value(counts({ localSpendMicros: 2_000_000, taps: 3 }))).toBe(666_667);
    expect(METRICS.avgCpm.value(counts({ localSpendMicros: 1_234_567, impressions: 3 }))).toBe(
      411_522_333,
    );
    // Apple restates spend with refunds now and then: negative amounts round away from zero too.
    expect(METRICS.avgCpt.value(counts({ localSpendMicros: -1_000_001, taps: 2 }))).toBe(-500_001);
  });

  it('sums tap-through and view-through downloads and counts installs of both', () => {
    const values = metricValues(
      counts({ tapNewDownloads: 7, viewNewDownloads: 3, tapRedownloads: 2, viewRedownloads: 1 }),
    );
    expect(values.newDownloads).toBe(10);
    expect(values.redownloads).toBe(3);
    expect(
      metricValues(counts({ tapInstalls: 4, viewInstalls: 6, totalInstalls: 10 })).installs,
    ).toBe(10);
  });

  it('gives every metric a kind and a direction; spend alone is neutral', () => {
    for (const key of METRIC_KEYS) {
      expect(['count', 'money', 'ratio']).toContain(METRICS[key].kind);
      expect(['higherIsBetter', 'lowerIsBetter', 'neutral']).toContain(METRICS[key].direction);
    }
    expect(METRIC_KEYS.filter((key) => METRICS[key].direction === 'neutral')).toEqual(['spend']);
    expect(METRIC_KEYS.filter((key) => METRICS[key].direction === 'lowerIsBetter').sort()).toEqual([
      'avgCpa',
      'avgCpm',
      'avgCpt',
      'cpi',
    ]);
  });
});

describe('metric formulas (properties)', () => {
  it('derives money as the exact quotient rounded half away from zero to an integer micro', () => {
    fc.assert(
      fc.property(reportedCounts, (c) => {
        for (const [key, { denominator, scale }] of Object.entries(MONEY_RATES)) {
          const value = METRICS[key as MetricKey].value(c);
          const divisor = BigInt(c[denominator]);
          if (divisor === 0n) {
            expect(value, key).toBeNull();
            continue;
          }
          expect(Number.isInteger(value), key).toBe(true);
          // |value − spend × scale / divisor| ≤ ½, and exactly ½ only when rounded up.
          const error =
            2n * BigInt(value!) * divisor - 2n * BigInt(c.localSpendMicros) * BigInt(scale);
          expect(error <= divisor && error > -divisor, key).toBe(true);
        }
      }),
    );
  });

  it('keeps ratios within 0 and 1 for reported counts, undefined exactly when the base is zero', () => {
    fc.assert(
      fc.property(reportedCounts, (c) => {
        for (const [key, { numerator, denominator }] of Object.entries(RATIOS)) {
          const value = METRICS[key as MetricKey].value(c);
          if (c[denominator] === 0) expect(value, key).toBeNull();
          else {
            expect(value, key).toBeCloseTo(c[numerator] / c[denominator], 12);
            expect(value!).toBeGreaterThanOrEqual(0);
            expect(value!).toBeLessThanOrEqual(1);
          }
        }
      }),
    );
  });

  it('is undefined exactly when a denominator is zero, and finite otherwise', () => {
    fc.assert(
      fc.property(anyCounts, (c) => {
        const values = metricValues(c);
        for (const key of METRIC_KEYS) {
          const value = values[key];
          if (value !== null) expect(Number.isFinite(value), key).toBe(true);
        }
        for (const [key, { denominator }] of [
          ...Object.entries(MONEY_RATES),
          ...Object.entries(RATIOS),
        ])
          expect(values[key as MetricKey] === null, key).toBe(c[denominator] === 0);
      }),
    );
  });

  it('adds counts field by field: commutative, with zero as identity, and count metrics add up', () => {
    fc.assert(
      fc.property(anyCounts, anyCounts, (a, b) => {
        const sum = addCounts(a, b);
        expect(sum).toEqual(addCounts(b, a));
        expect(addCounts(a, ZERO_COUNTS)).toEqual(a);
        for (const key of METRIC_KEYS.filter((k) => METRICS[k].kind === 'count' || k === 'spend'))
          expect(METRICS[key].value(sum)).toBe(METRICS[key].value(a)! + METRICS[key].value(b)!);
      }),
    );
  });

  it('leaves ratios unchanged when every count is scaled by the same factor', () => {
    fc.assert(
      fc.property(reportedCounts, fc.integer({ min: 2, max: 1000 }), (c, factor) => {
        const scaled = Object.fromEntries(
          METRIC_COUNT_FIELDS.map((field) => [field, c[field] * factor]),
        ) as unknown as MetricCounts;
        for (const key of ['ttr', 'conversionRate'] as const) {
          const before = METRICS[key].value(c);
          const after = METRICS[key].value(scaled);
          if (before === null) expect(after).toBeNull();
          else expect(after!).toBeCloseTo(before, 12);
        }
      }),
    );
  });
});

describe('metricChange', () => {
  it('compares with the previous period in the metric unit and as a fraction', () => {
    expect(metricChange('taps', 150, 100)).toEqual({ absolute: 50, relative: 0.5, tone: 'good' });
    expect(metricChange('taps', 50, 100)).toEqual({ absolute: -50, relative: -0.5, tone: 'bad' });
    expect(metricChange('avgCpt', 900_000, 1_200_000)).toEqual({
      absolute: -300_000,
      relative: -0.25,
      tone: 'good',
    });
    expect(metricChange('avgCpa', 2_000_000, 1_000_000).tone).toBe('bad');
  });

  it('never colours spend or an unchanged value', () => {
    expect(metricChange('spend', 2_000_000, 1_000_000)).toEqual({
      absolute: 1_000_000,
      relative: 1,
      tone: 'neutral',
    });
    expect(metricChange('installs', 7, 7)).toEqual({ absolute: 0, relative: 0, tone: 'neutral' });
  });

  it('has no relative change from zero and no change at all from or to an undefined value', () => {
    expect(metricChange('installs', 5, 0)).toEqual({ absolute: 5, relative: null, tone: 'good' });
    expect(metricChange('ttr', null, 0.1)).toEqual({
      absolute: null,
      relative: null,
      tone: 'neutral',
    });
    expect(metricChange('avgCpt', 1, null)).toEqual({
      absolute: null,
      relative: null,
      tone: 'neutral',
    });
  });

  it('is consistent for any values: absolute, relative and tone (properties)', () => {
    const value = fc.oneof(fc.constant(0), fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }));
    fc.assert(
      fc.property(fc.constantFrom(...METRIC_KEYS), value, value, (key, current, previous) => {
        const change = metricChange(key, current, previous);
        expect(change.absolute).toBe(current - previous);
        if (previous === 0) expect(change.relative).toBeNull();
        else expect(change.relative! * Math.abs(previous)).toBeCloseTo(current - previous, 6);
        const reversed = metricChange(key, previous, current).tone;
        const direction = METRICS[key].direction;
        if (current === previous || direction === 'neutral') {
          expect(change.tone).toBe('neutral');
          expect(reversed).toBe('neutral');
        } else {
          expect(change.tone).not.toBe('neutral');
          expect(reversed).toBe(change.tone === 'good' ? 'bad' : 'good');
          expect(change.tone === 'good').toBe(
            current > previous === (direction === 'higherIsBetter'),
          );
        }
      }),
    );
  });
});
