import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToMicros, microsToAmount } from './money.js';
import { adamIdOf, normaliseKeywordStatus } from './report-metrics.js';

describe('money', () => {
  it('round-trips every cent amount between decimal strings and micros exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const micros = cents * 10_000;
        expect(amountToMicros(microsToAmount(micros))).toBe(micros);
      }),
    );
  });

  it('reads Apple amounts with zero, one or two decimals', () => {
    expect(amountToMicros('100')).toBe(100_000_000);
    expect(amountToMicros('0.5')).toBe(500_000);
    expect(amountToMicros('2.50')).toBe(2_500_000);
    expect(microsToAmount(2_500_000)).toBe('2.50');
  });

  it('refuses sub-cent micros instead of rounding a bid', () => {
    expect(() => microsToAmount(1_234_567)).toThrow(RangeError);
    expect(() => amountToMicros('1,50')).toThrow(RangeError);
  });
});

describe('wire drifts', () => {
  it('folds keyword status ENABLED and ACTIVE into one live status', () => {
    expect(normaliseKeywordStatus('ACTIVE')).toBe('ENABLED');
    expect(normaliseKeywordStatus('ENABLED')).toBe('ENABLED');
    expect(normaliseKeywordStatus('PAUSED')).toBe('PAUSED');
  });

  it('accepts promotedObjectId as a string or a number', () => {
    expect(adamIdOf('1234567890')).toBe(1234567890);
    expect(adamIdOf(1234567890)).toBe(1234567890);
  });
});
