// Translation for components mounted by the hundreds, such as table rows: react-i18next's
// useTranslation copies the whole i18n instance on every mount, which made a quick scroll of the
// ads manager's table spend a fifth of its time there. This hook only follows the language.
import i18next, { type TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';

function subscribeLanguage(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

const language = () => i18next.language;
const fixedTs = new Map<string, TFunction>();

/** The `t` of the current language; components re-render when the language changes. */
export function useFixedT(): TFunction {
  const current = useSyncExternalStore(subscribeLanguage, language, language);
  let t = fixedTs.get(current);
  if (!t) {
    t = i18next.getFixedT(current);
    fixedTs.set(current, t);
  }
  return t;
}
