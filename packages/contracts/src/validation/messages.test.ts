import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { englishValidationMessage, validationMessages } from './messages';

describe('validation messages', () => {
  it('gives every key a prefixed name and English text', () => {
    for (const [key, text] of Object.entries(validationMessages)) {
      expect(key).toMatch(/^validation\.[a-z][A-Za-z]+$/);
      expect(text.trim()).not.toBe('');
    }
  });

  it('has text for every key a schema in this folder uses', () => {
    const directory = new URL('.', import.meta.url);
    const sources = readdirSync(directory)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(new URL(file, directory), 'utf8'))
      .join('\n');
    const used = new Set(sources.match(/'validation\.[A-Za-z]+'/g)?.map((key) => key.slice(1, -1)));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((key) => !(key in validationMessages))).toEqual([]);
  });

  it('turns a key into English text and leaves other messages alone', () => {
    expect(englishValidationMessage({ message: 'validation.nameTooLong' })).toBe(
      'Name must be under 200 characters.',
    );
    expect(englishValidationMessage({ message: 'Unrecognized key: "number"' })).toBe(
      'Unrecognized key: "number"',
    );
  });
});
