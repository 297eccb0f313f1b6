// Connects the stored session to the API client: its headers on every call (spec 2 §7.1), the
// renewal of an expired token and the handling of an ended session.
import { SESSION_HEADERS } from '@tapwise/contracts';
import { connectApiSession } from '../../../shared/api/http';
import { handleSessionEnded } from './session-expiry';
import { renewAfterRefusal } from './session-renewal';
import { currentSession } from './session-store';

export function sessionHeaders(): Record<string, string> {
  const session = currentSession();
  if (!session) return {};
  return {
    [SESSION_HEADERS.token]: `Bearer ${session.token}`,
    [SESSION_HEADERS.sessId]: session.sessId,
    [SESSION_HEADERS.userId]: session.claims.UserId,
    ...(session.claims.TeamID ? { [SESSION_HEADERS.teamId]: session.claims.TeamID } : {}),
  };
}

export function connectSessionToApi(): void {
  connectApiSession({
    headers: sessionHeaders,
    renew: renewAfterRefusal,
    onUnauthorized: handleSessionEnded,
  });
}

/** What the socket handshake carries (spec 2 §7.4), read afresh at every (re)connection. */
export function sessionCredentials(): { token: string; sessId: string } | null {
  const session = currentSession();
  return session ? { token: session.token, sessId: session.sessId } : null;
}
