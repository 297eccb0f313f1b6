import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { requireValid, V1RequestError, violationsOf } from './violations';

const body = z.strictObject({
  name: z.string().max(5, 'name is at most 5 characters'),
  budget: z.strictObject({ amount: z.string(), currency: z.string() }).optional(),
});

describe('violationsOf', () => {
  it("answers Apple's detail codes for missing, unknown and invalid fields", () => {
    expect(violationsOf(body, { budget: { amount: '1', currency: 'USD', cap: 1 } })).toEqual([
      { code: 'FIELD_REQUIRED', message: 'name is required', field: 'name' },
      { code: 'INVALID_FIELD', message: 'cap is not a field of this request', field: 'budget.cap' },
    ]);
    expect(violationsOf(body, { name: 'too long' })).toEqual([
      { code: 'INVALID_VALUE', message: 'name is at most 5 characters', field: 'name' },
    ]);
    expect(violationsOf(body, { name: 'ok' })).toEqual([]);
    expect(violationsOf(body, { name: 5 })).toEqual([
      {
        code: 'INVALID_VALUE',
        message: 'Invalid input: expected string, received number',
        field: 'name',
      },
    ]);
  });

  it('tells an absent field (FIELD_REQUIRED) from a null or wrong one (INVALID_VALUE), enums included', () => {
    const typed = z.strictObject({ name: z.string(), kind: z.enum(['A', 'B'], 'kind is A or B') });
    expect(violationsOf(typed, {})).toEqual([
      { code: 'FIELD_REQUIRED', message: 'name is required', field: 'name' },
      { code: 'FIELD_REQUIRED', message: 'kind is required', field: 'kind' },
    ]);
    expect(violationsOf(typed, { name: null, kind: 'C' })).toEqual([
      {
        code: 'INVALID_VALUE',
        message: 'Invalid input: expected string, received null',
        field: 'name',
      },
      { code: 'INVALID_VALUE', message: 'kind is A or B', field: 'kind' },
    ]);
  });

  it('has the client refuse a call naming the rule', () => {
    expect(() => requireValid('createCampaign', body, { name: 'too long' })).toThrow(
      new V1RequestError('createCampaign', [
        { code: 'INVALID_VALUE', message: 'name is at most 5 characters', field: 'name' },
      ]),
    );
  });
});
