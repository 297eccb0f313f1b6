// The formula of docs/keyword-optimization.md on fixed numbers; every expected value is worked
// out by hand in the comments from the documented steps, not by calling the code under test.
import { describe, expect, it } from 'vitest';
import {
  bidStrengthOf,
  difficultyScoreOf,
  suggestBid,
  type KeywordNumbers,
} from './bid-suggestion';

const M = 1_000_000;
const numbers = (overrides: Partial<KeywordNumbers> = {}): KeywordNumbers => ({
  bidMicros: 1 * M,
  counts: { localSpendMicros: 30 * M, taps: 30, tapInstalls: 10 },
  targetCpaMicros: 4 * M,
  share: 0.4,
  rank: 3,
  searchPopularity: 4,
  ...overrides,
});

describe('suggestBid', () => {
  it('raises a keyword under its target CPA, cut to the step cap', () => {
    // CPT = 30.00 / 30 = 1.00; CPA = 30.00 / 10 = 3.00; conversion rate = 10 / 30.
    // Deviation (3.00 − 4.00) / 4.00 = −25%: under target. Raw bid 1.00 × 4.00 / 3.00 = 1.3333,
    // over 1.00 × 1.30 = 1.30: cut to 1.30 (floored to the cent). Min = CPT 1.00 (ceiled);
    // max = 4.00 × 10/30 = 1.3333, floored: 1.33. Share 40%, rank 3: moderate.
    // Difficulty 50 × (4 − 1)/4 + 50 × (1 − 0.4) = 37.5 + 30 = 67.5 → 68.
    expect(suggestBid(numbers())).toEqual({
      cptMicros: 1 * M,
      cpaMicros: 3 * M,
      conversionRate: 10 / 30,
      suggestedBidMicros: 1_300_000,
      action: 'RAISE',
      reasons: [
        { code: 'CPA_UNDER_TARGET', value: 25 },
        { code: 'SHARE', value: 40 },
        { code: 'STEP_CAPPED', value: 30 },
      ],
      suggestedMinMicros: 1 * M,
      suggestedMaxMicros: 1_330_000,
      bidStrength: 'MODERATE',
      difficultyScore: 68,
    });
  });

  it('lowers a keyword over its target CPA to bid × target / CPA', () => {
    // CPA = 60.00 / 12 = 5.00, +25% over 4.00. Raw 2.00 × 4.00 / 5.00 = 1.60, inside
    // [1.40, 2.60]: 1.60. Min = CPT 60.00 / 40 = 1.50; max = 4.00 × 12/40 = 1.20. No share.
    const result = suggestBid(
      numbers({
        bidMicros: 2 * M,
        counts: { localSpendMicros: 60 * M, taps: 40, tapInstalls: 12 },
        share: null,
        rank: null,
        searchPopularity: null,
      }),
    );
    expect(result).toMatchObject({
      cpaMicros: 5 * M,
      suggestedBidMicros: 1_600_000,
      action: 'LOWER',
      reasons: [{ code: 'CPA_OVER_TARGET', value: 25 }],
      suggestedMinMicros: 1_500_000,
      suggestedMaxMicros: 1_200_000,
      bidStrength: null,
      difficultyScore: null,
    });
  });

  it('suggests nothing below ten taps or without a target', () => {
    const fewTaps = suggestBid(
      numbers({ counts: { localSpendMicros: 5 * M, taps: 5, tapInstalls: 1 } }),
    );
    expect(fewTaps).toMatchObject({
      suggestedBidMicros: null,
      action: null,
      reasons: [
        { code: 'TOO_FEW_TAPS', value: 5 },
        { code: 'SHARE', value: 40 },
      ],
    });
    expect(suggestBid(numbers({ targetCpaMicros: null }))).toMatchObject({
      suggestedBidMicros: null,
      reasons: [{ code: 'NO_TARGET_CPA', value: null }],
      suggestedMaxMicros: null,
    });
  });

  it('lowers by the whole step when taps brought no install', () => {
    // 20 taps, no install: 1.00 × (1 − 0.30) = 0.70. No CPA, so no max.
    expect(
      suggestBid(numbers({ counts: { localSpendMicros: 20 * M, taps: 20, tapInstalls: 0 } })),
    ).toMatchObject({
      cpaMicros: null,
      suggestedBidMicros: 700_000,
      action: 'LOWER',
      reasons: [
        { code: 'NO_INSTALLS', value: 20 },
        { code: 'SHARE', value: 40 },
      ],
      suggestedMaxMicros: null,
    });
  });

  it('holds a CPA within 10% of target, and a keyword already winning 90% share', () => {
    // CPA 42.00 / 10 = 4.20: +5%, inside the tolerance.
    expect(
      suggestBid(numbers({ counts: { localSpendMicros: 42 * M, taps: 30, tapInstalls: 10 } })),
    ).toMatchObject({
      suggestedBidMicros: 1 * M,
      action: 'HOLD',
      reasons: [
        { code: 'CPA_ON_TARGET', value: 5 },
        { code: 'SHARE', value: 40 },
      ],
    });
    // CPA 3.00, −25%, but share 95%: hold. Rank 1: strong. Difficulty 50 × 4/4 + 50 × 0.05
    // = 52.5 → 53.
    expect(suggestBid(numbers({ share: 0.95, rank: 1, searchPopularity: 5 }))).toMatchObject({
      suggestedBidMicros: 1 * M,
      action: 'HOLD',
      reasons: [
        { code: 'CPA_UNDER_TARGET', value: 25 },
        { code: 'SHARE_SATURATED', value: 95 },
      ],
      bidStrength: 'STRONG',
      difficultyScore: 53,
    });
  });
});

describe('bid strength and difficulty', () => {
  it('reads strength from share and rank', () => {
    expect(bidStrengthOf(0.6, 2)).toBe('STRONG');
    expect(bidStrengthOf(0.6, 3)).toBe('MODERATE');
    expect(bidStrengthOf(0.6, 6)).toBe('WEAK');
    expect(bidStrengthOf(0.19, 1)).toBe('WEAK');
    expect(bidStrengthOf(null, 1)).toBeNull();
  });
  it('scores difficulty from popularity and share', () => {
    // 50 × 0/4 + 50 × 1 = 50; 50 × 2/4 + 50 × 0.5 = 50; 50 × 4/4 + 0 = 50; 50 × 1/4 + 50 × 0.2 = 22.5 → 23.
    expect(difficultyScoreOf(1, 0)).toBe(50);
    expect(difficultyScoreOf(3, 0.5)).toBe(50);
    expect(difficultyScoreOf(5, 1)).toBe(50);
    expect(difficultyScoreOf(2, 0.8)).toBe(23);
    expect(difficultyScoreOf(null, 0.5)).toBeNull();
  });
});
