import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ruleActionValueSchema,
  ruleConditionValueSchema,
  ruleValueRangeSchema,
} from './rule-values';
import { issuesAt } from './testing';

const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });

describe('rule values', () => {
  it('takes any number as a condition value, 0 included, and asks for a missing one', () => {
    fc.assert(
      fc.property(finite, (value) => {
        expect(issuesAt(ruleConditionValueSchema, value)).toEqual([]);
      }),
    );
    expect(issuesAt(ruleConditionValueSchema, undefined)).toEqual([
      { path: [], message: 'validation.required' },
    ]);
  });

  it('takes any number but 0 as an action value and asks for a missing one', () => {
    fc.assert(
      fc.property(finite, (value) => {
        const expected = value === 0 ? [{ path: [], message: 'validation.ruleValueZero' }] : [];
        expect(issuesAt(ruleActionValueSchema, value)).toEqual(expected);
      }),
    );
    expect(issuesAt(ruleActionValueSchema, undefined)).toEqual([
      { path: [], message: 'validation.required' },
    ]);
  });

  it('accepts a range exactly when from is lower than to', () => {
    fc.assert(
      fc.property(finite, finite, (from, to) => {
        const expected =
          from < to ? [] : [{ path: ['to'], message: 'validation.rangeFromNotLower' }];
        expect(issuesAt(ruleValueRangeSchema, { from, to })).toEqual(expected);
      }),
    );
  });
});
