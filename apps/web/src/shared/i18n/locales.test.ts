import { SUPPORTED_LOCALES } from '@tapwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTranslation } from './i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const english = flatten((await loadTranslation('en')) as Tree);
// Words that read the same in every language.
const sameEverywhere = new Set(['Tapwise', 'OK', 'SA Panel', 'Apple Ads']);

describe.each(SUPPORTED_LOCALES.filter((locale) => locale !== 'en'))('locale %s', (locale) => {
  let strings: Map<string, string>;
  beforeAll(async () => {
    strings = flatten((await loadTranslation(locale)) as Tree);
  });

  it('has every key of English and no other', () => {
    expect([...strings.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !strings.has(key))).toEqual([]);
  });

  it('has no empty string', () => {
    expect([...strings].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it('is translated, not a copy of English', () => {
    const copied = [...strings].filter(
      ([key, text]) => text === english.get(key) && !sameEverywhere.has(text),
    );
    expect(copied.length / strings.size).toBeLessThan(0.05);
  });

  it('keeps the interpolation placeholders of English', () => {
    for (const [key, text] of strings) {
      const placeholders = (value: string) => (value.match(/{{\s*\w+\s*}}/g) ?? []).sort();
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });
});
