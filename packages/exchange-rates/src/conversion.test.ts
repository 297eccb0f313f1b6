import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMicros, dailyFactors, RatesHistory } from './conversion.js';

const history = new RatesHistory([
  { date: '2025-11-20', currency: 'USD', unitsPerEuro: 1.1 },
  { date: '2025-11-21', currency: 'USD', unitsPerEuro: 1.2 },
  { date: '2025-11-24', currency: 'USD', unitsPerEuro: 1.25 },
  { date: '2025-11-20', currency: 'GBP', unitsPerEuro: 0.88 },
  { date: '2025-11-21', currency: 'GBP', unitsPerEuro: 0.9 },
  { date: '2025-11-24', currency: 'GBP', unitsPerEuro: 0.92 },
]);

describe('RatesHistory', () => {
  it('takes the rate of the day when one was published', () => {
    expect(history.rateOn('USD', '2025-11-21')?.unitsPerEuro).toBe(1.2);
  });

  it('takes the last published rate on a weekend', () => {
    expect(history.rateOn('USD', '2025-11-22')).toEqual({
      date: '2025-11-21',
      currency: 'USD',
      unitsPerEuro: 1.2,
    });
    expect(history.rateOn('USD', '2025-11-23')?.date).toBe('2025-11-21');
  });

  it('has no rate before the first publication, for an unknown currency, or past a week', () => {
    expect(history.rateOn('USD', '2025-11-19')).toBeNull();
    expect(history.rateOn('TWD', '2025-11-21')).toBeNull();
    expect(history.rateOn('USD', '2025-12-01')?.date).toBe('2025-11-24');
    expect(history.rateOn('USD', '2025-12-02')).toBeNull();
  });

  it('quotes the euro at 1 and crosses two currencies through it', () => {
    expect(history.factorOn('EUR', 'USD', '2025-11-21')).toBe(1.2);
    expect(history.factorOn('USD', 'EUR', '2025-11-21')).toBeCloseTo(1 / 1.2, 12);
    expect(history.factorOn('GBP', 'USD', '2025-11-21')).toBeCloseTo(1.2 / 0.9, 12);
    expect(history.factorOn('USD', 'USD', '2030-01-01')).toBe(1);
  });
});

describe('dailyFactors', () => {
  it('gives each day of a range its own factor', () => {
    expect(dailyFactors(history, 'EUR', 'USD', { start: '2025-11-21', end: '2025-11-24' })).toEqual(
      {
        complete: true,
        days: ['2025-11-21', '2025-11-22', '2025-11-23', '2025-11-24'],
        factors: [1.2, 1.2, 1.2, 1.25],
      },
    );
  });

  it('names the days without a rate', () => {
    expect(dailyFactors(history, 'EUR', 'USD', { start: '2025-11-18', end: '2025-11-21' })).toEqual(
      { complete: false, missingDays: ['2025-11-18', '2025-11-19'] },
    );
  });
});

describe('convertMicros', () => {
  it('rounds half away from zero to whole micros', () => {
    expect(convertMicros(1_000_000, 1.2345675)).toBe(1_234_568);
    expect(convertMicros(-3, 0.5)).toBe(-2);
  });

  it('goes there and back within a micro per unit of rate precision', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000_000 }),
        fc.double({ min: 0.01, max: 20_000, noNaN: true }),
        (micros, factor) => {
          const back = convertMicros(convertMicros(micros, factor), 1 / factor);
          expect(Math.abs(back - micros)).toBeLessThanOrEqual(Math.ceil(1 / factor) + 1);
        },
      ),
    );
  });
});
