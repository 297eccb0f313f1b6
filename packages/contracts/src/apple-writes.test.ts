import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNUSUAL_RAISE_FACTOR, unusualChangeReasons } from './apple-writes';

describe('unusual manual changes', () => {
  it('flags $5,000.00 on a $1.60 keyword, and a bid above the CPA goal', () => {
    expect(unusualChangeReasons({ currentMicros: 1_600_000, nextMicros: 5_000_000_000 })).toEqual([
      'moreThanTripled',
    ]);
    expect(
      unusualChangeReasons({
        currentMicros: 1_600_000,
        nextMicros: 2_500_000,
        cpaGoalMicros: 2_000_000,
      }),
    ).toEqual(['aboveCpaGoal']);
  });

  it('passes ordinary changes: up to three times, any cut, nothing to compare with', () => {
    expect(unusualChangeReasons({ currentMicros: 1_600_000, nextMicros: 4_800_000 })).toEqual([]);
    expect(unusualChangeReasons({ currentMicros: null, nextMicros: 90_000_000 })).toEqual([]);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.integer({ min: 1 }),
        (current, next) => {
          const reasons = unusualChangeReasons({
            currentMicros: current,
            nextMicros: next,
          });
          expect(reasons.includes('moreThanTripled')).toBe(next > UNUSUAL_RAISE_FACTOR * current);
        },
      ),
    );
  });
});
