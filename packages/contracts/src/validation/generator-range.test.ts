import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatorRangeSchema } from './generator-range';
import { issuesAt } from './testing';

describe('generator range', () => {
  it('accepts a range exactly when its end exceeds its start by more than 10', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), fc.nat({ max: 10_000 }), (from, to) => {
        const issues = issuesAt(generatorRangeSchema, { from, to });
        expect(issues).toEqual(
          to - from > 10 ? [] : [{ path: ['to'], message: 'validation.rangeGapTooSmall' }],
        );
      }),
    );
  });

  it('accepts a gap of 11 and refuses a gap of 10', () => {
    expect(issuesAt(generatorRangeSchema, { from: 5, to: 16 })).toEqual([]);
    expect(issuesAt(generatorRangeSchema, { from: 5, to: 15 })).toEqual([
      { path: ['to'], message: 'validation.rangeGapTooSmall' },
    ]);
  });

  it('refuses negative or fractional bounds and asks for missing ones', () => {
    expect(issuesAt(generatorRangeSchema, { from: 1.5, to: 40 })).toEqual([
      { path: ['from'], message: 'validation.rangeBoundInvalid' },
    ]);
    expect(issuesAt(generatorRangeSchema, { from: -20, to: 40 })).toEqual([
      { path: ['from'], message: 'validation.rangeBoundInvalid' },
    ]);
    expect(issuesAt(generatorRangeSchema, { to: 40 })).toEqual([
      { path: ['from'], message: 'validation.required' },
    ]);
  });
});
