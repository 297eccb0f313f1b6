import { describe, expect, it } from 'vitest';
import { emailSchema, phoneSchema } from './contact';
import { issueMessages } from './testing';

describe('email', () => {
  it('accepts ordinary addresses', () => {
    for (const email of [
      'anna@example.com',
      'anna.b+ads@mail.example.co.uk',
      "o'neil@example.io",
    ]) {
      expect(issueMessages(emailSchema, email)).toEqual([]);
    }
  });

  it('is required', () => {
    expect(issueMessages(emailSchema, '')).toEqual(['validation.required']);
    expect(issueMessages(emailSchema, undefined)).toEqual(['validation.required']);
  });

  it('refuses spaces anywhere, before judging the format', () => {
    for (const email of [' anna@example.com', 'anna@example.com ', 'an na@example.com']) {
      expect(issueMessages(emailSchema, email)).toEqual(['validation.emailHasSpaces']);
    }
  });

  it('refuses malformed addresses', () => {
    for (const email of [
      'anna',
      'anna@',
      '@example.com',
      'anna@example',
      'anna@@example.com',
      'anna@.com',
    ]) {
      expect(issueMessages(emailSchema, email)).toEqual(['validation.emailInvalid']);
    }
  });

  it('refuses addresses longer than 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(long.length).toBe(254);
    expect(issueMessages(emailSchema, long)).toEqual([]);
    expect(issueMessages(emailSchema, `a${long}`)).toEqual(['validation.emailInvalid']);
  });
});

describe('phone', () => {
  it('accepts international and local notations with single separators', () => {
    for (const phone of [
      '+14155550100',
      '+1 (415) 555-0100',
      '(030) 1234567',
      '+49 30 1234567',
      '415.555.0100',
      '+6834002',
    ]) {
      expect(issueMessages(phoneSchema, phone)).toEqual([]);
    }
  });

  it('is required', () => {
    expect(issueMessages(phoneSchema, '')).toEqual(['validation.required']);
  });

  it('refuses too few or too many digits, letters, double separators and stray parentheses', () => {
    for (const phone of [
      '+123456',
      '1234567890123456',
      '555-CALL-NOW',
      '+1  415 555 0100',
      '415--5550100',
      '(415 555 0100',
      '415) 555 0100',
      '1+4155550100',
      '+1 415 555 0100 ',
    ]) {
      expect(issueMessages(phoneSchema, phone)).toEqual(['validation.phoneInvalid']);
    }
  });
});
