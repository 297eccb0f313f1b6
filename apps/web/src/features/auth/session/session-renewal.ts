// The access token lives 15 minutes; it is renewed with auth/user-details a minute before it
// expires so that a working user never meets an expired token.
import type { SessionResponse } from '@tapwise/contracts';
import { restCall } from '../../../shared/api/http';
import { storeSession, type Session } from './session-store';

export const RENEW_BEFORE_EXPIRY_MS = 60_000;

export async function fetchUserDetails(
  session: Session,
  switchTo?: { TeamId: string },
): Promise<SessionResponse> {
  return restCall<SessionResponse>('auth/user-details', {
    body: { UserID: session.claims.UserId, SessId: session.sessId, ...(switchTo && { switchTo }) },
  });
}

/** Schedules the renewal of this session's token; returns the cancel function. */
export function scheduleRenewal(session: Session, now = Date.now()): () => void {
  const delay = Math.max(0, session.expiresAt - RENEW_BEFORE_EXPIRY_MS - now);
  const timer = setTimeout(() => {
    // A failure that ends the session is handled by the API client; others leave the token to
    // expire, and the next request then reports the invalid session.
    fetchUserDetails(session).then(storeSession, () => undefined);
  }, delay);
  return () => clearTimeout(timer);
}
