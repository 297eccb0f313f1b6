import { ruleTemplate } from '@tapwise/contracts';
import { describe, expect, it } from 'vitest';
import { INVALID_VALUE, draftErrors, errorWithin, inputNumber, withTarget } from './rule-draft';

describe('rule draft', () => {
  it('keeps the actions a new target allows', () => {
    const promote = ruleTemplate('PROMOTE_SEARCH_TERMS');
    expect(withTarget(promote, 'KEYWORD').actions).toEqual([
      { type: 'ADD_AS_NEGATIVE_KEYWORD', matchType: 'EXACT', level: 'AD_GROUP' },
    ]);
    expect(withTarget(promote, 'CAMPAIGN').actions).toEqual([]);
  });

  it('keys problems by path, keeps the first, and reads zod messages as "not valid"', () => {
    const errors = draftErrors([
      { path: ['conditions', 0, 'value'], message: 'validation.ruleValueZero' },
      { path: ['conditions', 0, 'value'], message: 'validation.required' },
      { path: ['actions', 0, 'adGroupId'], message: 'Too small: expected number to be >0' },
    ]);
    expect(errors).toEqual({
      'conditions.0.value': 'validation.ruleValueZero',
      'actions.0.adGroupId': INVALID_VALUE,
    });
    expect(errorWithin(errors, 'actions.0')).toBe(INVALID_VALUE);
    expect(errorWithin(errors, 'conditions.1')).toBeUndefined();
  });

  it('reads an empty number input as no value', () => {
    expect(inputNumber('')).toBeUndefined();
    expect(inputNumber(0)).toBe(0);
    expect(inputNumber(2.5)).toBe(2.5);
  });
});
