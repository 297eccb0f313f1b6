// The signed-in session as the browser keeps it (spec 2 §3.5): the access token and the session
// id in localStorage, plus the super admin's own token while impersonating. The token's claims
// are read without verifying the signature: the server verifies it on every request.
import type { SessionClaims } from '@tapwise/contracts';
import {
  STORAGE_KEYS,
  readStored,
  removeStored,
  writeStored,
} from '../../../shared/storage/browser-storage';
import { clearSessionStorage } from '../session-storage';

export interface Session {
  token: string;
  sessId: string;
  claims: SessionClaims;
  /** When the access token expires, in epoch milliseconds (its `exp` claim). */
  expiresAt: number;
  /** When it was issued, in epoch milliseconds (its `iat` claim; 0 when absent). */
  issuedAt: number;
  /** The super admin's own token, kept while they act as another user. */
  adminToken: string | null;
}

/** What sign-in, refresh, switching and impersonating hand back. */
export interface SessionTokens {
  token: string;
  sessId: string;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The claims of a JWT, or null when it is not one. */
export function decodeClaims(
  token: string,
): (SessionClaims & { exp?: number; iat?: number }) | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return typeof claims === 'object' && claims !== null && 'UserId' in claims
      ? (claims as SessionClaims & { exp?: number; iat?: number })
      : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let snapshot: { key: string; session: Session | null } | undefined;

function notify(): void {
  snapshot = undefined;
  for (const listener of listeners) listener();
}

/** The stored session, the same object while nothing changed (for useSyncExternalStore). */
export function currentSession(): Session | null {
  const token = readStored(STORAGE_KEYS.token);
  const sessId = readStored(STORAGE_KEYS.sessId);
  const adminToken = readStored(STORAGE_KEYS.adminToken);
  const key = `${token}\n${sessId}\n${adminToken}`;
  if (snapshot?.key === key) return snapshot.session;
  const claims = token ? decodeClaims(token) : null;
  const session =
    token && sessId && claims
      ? {
          token,
          sessId,
          claims,
          expiresAt: (claims.exp ?? 0) * 1000,
          issuedAt: (claims.iat ?? 0) * 1000,
          adminToken,
        }
      : null;
  snapshot = { key, session };
  return session;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const sessionStartListeners = new Set<() => void>();

/** Runs whenever a new session is stored (to re-arm one-time handling of an ended one). */
export function onSessionStored(listener: () => void): void {
  sessionStartListeners.add(listener);
}

export function storeSession(tokens: SessionTokens): void {
  writeStored(STORAGE_KEYS.token, tokens.token);
  writeStored(STORAGE_KEYS.sessId, tokens.sessId);
  for (const listener of sessionStartListeners) listener();
  notify();
}

/** Clears every stored key of the session except the interface language (spec 2 §3.5). */
export function clearSession(): void {
  clearSessionStorage();
  notify();
}

/** Acts as another user, keeping the super admin's token to come back to (spec 1 §4). */
export function startImpersonation(tokens: SessionTokens): void {
  const own = currentSession();
  if (own) writeStored(STORAGE_KEYS.adminToken, own.adminToken ?? own.token);
  storeSession(tokens);
}

/** Restores the super admin's own session; false when there is none to restore. */
export function endImpersonation(): boolean {
  const adminToken = readStored(STORAGE_KEYS.adminToken);
  const adminSessId = adminToken ? decodeClaims(adminToken)?.sessId : undefined;
  if (!adminToken || !adminSessId) return false;
  removeStored(STORAGE_KEYS.adminToken);
  storeSession({ token: adminToken, sessId: adminSessId });
  return true;
}
