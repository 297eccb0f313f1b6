import { STORAGE_KEYS } from '../../shared/storage/browser-storage';

/** Everything stored for the session goes; the interface language stays with the browser. */
export function clearSessionStorage(storage: Storage = window.localStorage): void {
  const keep = new Set<string>([STORAGE_KEYS.locale]);
  for (const key of Object.keys(storage)) {
    if (!keep.has(key)) storage.removeItem(key);
  }
  window.sessionStorage.clear();
}
