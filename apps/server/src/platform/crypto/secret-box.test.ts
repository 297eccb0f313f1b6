import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, with a fresh IV each time', () => {
    const sealed = box.seal('-----BEGIN PRIVATE KEY-----abc');
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(box.open(sealed)).toBe('-----BEGIN PRIVATE KEY-----abc');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered ciphertext and another key', () => {
    const sealed = box.seal('secret');
    // One character of the ciphertext changed for certain (checking the last one, as before,
    // left the text unchanged whenever the second last already was the replacement).
    const at = sealed.length - 2;
    const tampered = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(tampered).not.toBe(sealed);
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });
});
