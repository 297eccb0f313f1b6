import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCurrency, formatInteger, formatMicros, formatPercent } from './format';

describe('formatting', () => {
  it('formats file sizes in the largest unit that keeps them at 1 or more', () => {
    expect(formatBytes(0)).toBe('0 byte');
    expect(formatBytes(999)).toBe('999 byte');
    expect(formatBytes(12_400)).toBe('12.4 kB');
    expect(formatBytes(3_000_000)).toBe('3 MB');
  });

  it('formats money in en-US with exactly two decimals, USD by default', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(-3.456)).toBe('-$3.46');
    expect(formatCurrency(99, 'EUR')).toBe('€99.00');
  });

  it('always shows two decimals for any amount', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => {
        expect(formatCurrency(amount)).toMatch(/^-?\$[\d,]+\.\d{2}$/);
      }),
    );
  });

  it('turns integer micros into money', () => {
    expect(formatMicros(1_500_000)).toBe('$1.50');
  });

  it('groups integers and shows ratios as percentages', () => {
    expect(formatInteger(1234567.8)).toBe('1,234,568');
    expect(formatPercent(0.12345)).toBe('12.35%');
  });
});
