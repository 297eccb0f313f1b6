import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardNumberSchema,
  createCardExpirySchema,
  cvvSchema,
  newCardSchema,
  parseCardExpiry,
  savedCardUpdateSchema,
} from './cards';
import { issueMessages } from './testing';

function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`;
}

const pinnedNow = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2090-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('card expiry', () => {
  it('accepts the current month up to 20 years ahead and refuses past months', () => {
    fc.assert(
      fc.property(pinnedNow, fc.integer({ min: -300, max: 300 }), (now, offset) => {
        const index = now.getUTCFullYear() * 12 + now.getUTCMonth() + offset;
        const year = Math.floor(index / 12);
        const month = (index % 12) + 1;
        const schema = createCardExpirySchema(() => now);
        const expected =
          offset < 0
            ? ['validation.cardExpiryPast']
            : year > now.getUTCFullYear() + 20
              ? ['validation.cardExpiryYear']
              : [];
        expect(issueMessages(schema, formatExpiry(month, year))).toEqual(expected);
      }),
    );
  });

  it('refuses months outside 01 to 12', () => {
    const schema = createCardExpirySchema(() => new Date('2025-06-15T00:00:00Z'));
    fc.assert(
      fc.property(fc.oneof(fc.constant(0), fc.integer({ min: 13, max: 99 })), (month) => {
        expect(issueMessages(schema, formatExpiry(month, 2027))).toEqual([
          'validation.cardExpiryMonth',
        ]);
      }),
    );
  });

  it('refuses any shape other than MM/YYYY', () => {
    const schema = createCardExpirySchema(() => new Date('2025-06-15T00:00:00Z'));
    for (const expiry of [
      '6/2027',
      '06/27',
      '06-2027',
      '2027/06',
      '06/2027 ',
      '0６/2027',
      'June 2027',
    ]) {
      expect(issueMessages(schema, expiry)).toEqual(['validation.cardExpiryFormat']);
    }
  });

  it('reads "now" in UTC, so the last hour of a month in UTC still accepts that month', () => {
    const schema = createCardExpirySchema(() => new Date('2025-06-30T23:30:00Z'));
    expect(issueMessages(schema, '06/2025')).toEqual([]);
    expect(issueMessages(schema, '05/2025')).toEqual(['validation.cardExpiryPast']);
  });

  it('is required', () => {
    const schema = createCardExpirySchema(() => new Date('2025-06-15T00:00:00Z'));
    expect(issueMessages(schema, '')).toEqual(['validation.required']);
  });

  it('parses month and year for the card update call', () => {
    expect(parseCardExpiry('09/2031')).toEqual({ month: 9, year: 2031 });
    expect(parseCardExpiry('13/2031')).toBeUndefined();
  });
});

describe('card number', () => {
  it('accepts exactly 16 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{16}$/), (number) => {
        expect(issueMessages(cardNumberSchema, number)).toEqual([]);
      }),
    );
  });

  it('refuses other lengths, separators and non-digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,15}$|^\d{17,20}$/), (number) => {
        expect(issueMessages(cardNumberSchema, number)).toEqual(['validation.cardNumberInvalid']);
      }),
    );
    for (const number of ['4111 1111 1111 1111', '4111-1111-1111-1111', '411111111111111a']) {
      expect(issueMessages(cardNumberSchema, number)).toEqual(['validation.cardNumberInvalid']);
    }
  });

  it('is required', () => {
    expect(issueMessages(cardNumberSchema, '')).toEqual(['validation.required']);
  });
});

describe('CVV', () => {
  it('accepts exactly 3 digits and refuses anything else', () => {
    expect(issueMessages(cvvSchema, '042')).toEqual([]);
    for (const cvv of ['42', '4242', '4a2', ' 42']) {
      expect(issueMessages(cvvSchema, cvv)).toEqual(['validation.cvvInvalid']);
    }
    expect(issueMessages(cvvSchema, '')).toEqual(['validation.required']);
  });
});

describe('cards as a whole', () => {
  // The exported schemas read the real clock, so the expiry is taken relative to it.
  const nextYear = `12/${new Date().getUTCFullYear() + 1}`;

  it('accepts a complete new card', () => {
    const card = { number: '4111111111111111', expiry: nextYear, cvv: '123' };
    expect(issueMessages(newCardSchema, card)).toEqual([]);
  });

  it('lets a saved card change only its expiry', () => {
    expect(issueMessages(savedCardUpdateSchema, { expiry: nextYear })).toEqual([]);
    const withNumber = savedCardUpdateSchema.safeParse({
      expiry: nextYear,
      number: '4111111111111111',
    });
    expect(withNumber.success).toBe(false);
    expect(withNumber.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});
