// Browser-stored keys of spec 2 §3.5. All of them are cleared at sign-out, except the
// interface language, which belongs to the browser rather than the session.
export const STORAGE_KEYS = {
  locale: 'locale',
  token: 'token',
  adminToken: 'adminToken',
  sessId: 'sessId',
  orgId: 'orgId',
  adamId: 'adamId',
  hiddenConfirmations: 'hiddenConfirmations',
  /** Set while the first sync of a new integration runs; cleared when its data is pulled. */
  isRefetchRequired: 'isRefetchRequired',
  /** Keywords chosen in Keyword Analysis for a new campaign; the wizard's keywords step takes them once. */
  keysFromKai: 'keysFromKai',
} as const;

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode): the app keeps working without it.
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Disabled storage holds nothing to remove.
  }
}
