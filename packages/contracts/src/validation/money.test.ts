import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  budgetSchema,
  cpaGoalSchema,
  dailyCapSchema,
  defaultBidSchema,
  moneySchema,
  moneyToMicros,
} from './money';
import { issueMessages } from './testing';

const wholePart = fc.integer({ min: 0, max: 999_999_999 });
const fractionPart = fc.stringMatching(/^\d{1,2}$/);

/** Positive money strings in the accepted shape: "12", "12.5", "0.05". */
const validMoney = fc
  .tuple(wholePart, fc.option(fractionPart, { nil: undefined }))
  .map(([whole, fraction]) => (fraction === undefined ? `${whole}` : `${whole}.${fraction}`))
  .filter((amount) => /[1-9]/.test(amount));

describe('money strings', () => {
  it('accepts positive amounts with up to 2 decimals', () => {
    fc.assert(
      fc.property(validMoney, (amount) => {
        expect(issueMessages(moneySchema, amount)).toEqual([]);
      }),
    );
  });

  it('refuses more than 2 decimals', () => {
    fc.assert(
      fc.property(wholePart, fc.stringMatching(/^\d{3,6}$/), (whole, fraction) => {
        expect(issueMessages(moneySchema, `${whole}.${fraction}`)).toEqual([
          'validation.moneyInvalid',
        ]);
      }),
    );
  });

  it('refuses zero however it is written', () => {
    for (const zero of ['0', '0.0', '0.00']) {
      expect(issueMessages(moneySchema, zero)).toEqual(['validation.moneyNotPositive']);
    }
  });

  it('refuses signs, separators, exponents, leading zeros and a bare point', () => {
    for (const amount of [
      '-5',
      '+5',
      '1,000.00',
      '1 000',
      '1e3',
      '05',
      '00.50',
      '1.',
      '.5',
      '$5',
      '5 ',
    ]) {
      expect(issueMessages(moneySchema, amount)).toEqual(['validation.moneyInvalid']);
    }
  });

  it('refuses amounts with more than 9 integer digits, which would not fit in safe micros', () => {
    expect(issueMessages(moneySchema, '999999999.99')).toEqual([]);
    expect(issueMessages(moneySchema, '1000000000')).toEqual(['validation.moneyTooLarge']);
  });

  it('requires budget and default bid', () => {
    expect(issueMessages(budgetSchema, '')).toEqual(['validation.required']);
    expect(issueMessages(defaultBidSchema, undefined)).toEqual(['validation.required']);
  });

  it('lets daily cap and CPA goal be left out, and checks them when given', () => {
    for (const schema of [dailyCapSchema, cpaGoalSchema]) {
      expect(issueMessages(schema, undefined)).toEqual([]);
      expect(issueMessages(schema, '')).toEqual([]);
      expect(issueMessages(schema, '25.50')).toEqual([]);
      expect(issueMessages(schema, '25.505')).toEqual(['validation.moneyInvalid']);
      expect(issueMessages(schema, '0')).toEqual(['validation.moneyNotPositive']);
    }
  });
});

describe('moneyToMicros', () => {
  it('converts exactly, as if the decimal were scaled by a million', () => {
    fc.assert(
      fc.property(validMoney, (amount) => {
        const micros = moneyToMicros(amount);
        expect(Number.isSafeInteger(micros)).toBe(true);
        expect(micros).toBe(Math.round(Number(amount) * 1_000_000));
      }),
    );
  });

  it('keeps tenths and hundredths apart', () => {
    expect(moneyToMicros('0.1')).toBe(100_000);
    expect(moneyToMicros('0.01')).toBe(10_000);
    expect(moneyToMicros('12')).toBe(12_000_000);
  });
});
