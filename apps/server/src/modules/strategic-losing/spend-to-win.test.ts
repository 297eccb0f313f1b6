// The spend to win against hand computations.
import { describe, expect, it } from 'vitest';
import { spendToWinMicros } from './spend-to-win';

describe('spendToWinMicros', () => {
  it('scales the spend to the top band at the current cost per impression', () => {
    // 120.00 spent at 30 % share: 120 × (0.91 / 0.30 − 1) = 120 × 2.0333… = 244.00
    expect(spendToWinMicros(120_000_000, 0.3)).toBe(244_000_000);
    // 10.00 at 70 %: 10 × (0.91 / 0.7 − 1) = 3.00
    expect(spendToWinMicros(10_000_000, 0.7)).toBe(3_000_000);
  });

  it('is 0 once the share is in the top band', () => {
    expect(spendToWinMicros(50_000_000, 0.91)).toBe(0);
    expect(spendToWinMicros(0, 0.955)).toBe(0);
  });

  it('counts a 0 share as 1 % and has no answer without spend', () => {
    // 2.00 at under 1 %: 2 × (0.91 / 0.01 − 1) = 180.00
    expect(spendToWinMicros(2_000_000, 0)).toBe(180_000_000);
    expect(spendToWinMicros(0, 0.4)).toBeNull();
  });
});
