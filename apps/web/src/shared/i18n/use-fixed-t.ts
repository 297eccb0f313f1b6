// Translation for components mounted by the hundreds, such as table rows: react-i18next's
// useTranslation copies the whole i18n instance on every mount, which made a quick scroll of the
// ads manager's table spend a fifth of its time there. This hook only follows the language, and
// its `t` resolves each key once: a row's labels ("Select {{name}}") then cost a replacement.
import i18next, { type TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';

function subscribeLanguage(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

const language = () => i18next.language;
const fixedTs = new Map<string, TFunction>();

/** Stands for a value in a resolved text; never part of a translation or of a value shown. */
const MARK = '\u0000';
/** Options that change how a key resolves: those calls are not cached. */
const RESOLVING_OPTIONS = new Set([
  'count',
  'context',
  'ordinal',
  'lng',
  'lngs',
  'ns',
  'returnObjects',
  'keyPrefix',
]);

/**
 * `t` that resolves a key with plain `{{value}}` interpolation once, with marks in place of the
 * values, and puts the values in by replacement afterwards.
 */
function cachingT(t: TFunction): TFunction {
  const texts = new Map<string, string>();
  const cached = (key: unknown, options?: Record<string, unknown>) => {
    const entries = Object.entries(options ?? {});
    if (
      typeof key !== 'string' ||
      entries.some(([name, value]) => RESOLVING_OPTIONS.has(name) || typeof value !== 'string')
    )
      return (t as (key: unknown, options?: unknown) => string)(key, options);
    const values = entries.filter(([name]) => name !== 'defaultValue');
    const cacheKey = [key, options?.defaultValue ?? '', ...values.map(([name]) => name)].join(MARK);
    let text = texts.get(cacheKey);
    if (text === undefined) {
      const marks = Object.fromEntries(values.map(([name]) => [name, `${MARK}${name}${MARK}`]));
      text = t(key, { ...options, ...marks }) as string;
      texts.set(cacheKey, text);
    }
    // A function, so that "$&" and the like in a value are not replacement patterns.
    for (const [name, value] of values)
      text = text.replaceAll(`${MARK}${name}${MARK}`, () => value as string);
    return text;
  };
  return cached as unknown as TFunction;
}

/** The `t` of the current language; components re-render when the language changes. */
export function useFixedT(): TFunction {
  const current = useSyncExternalStore(subscribeLanguage, language, language);
  let t = fixedTs.get(current);
  if (!t) {
    t = cachingT(i18next.getFixedT(current));
    fixedTs.set(current, t);
  }
  return t;
}
