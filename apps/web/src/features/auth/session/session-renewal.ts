// The access token lives 15 minutes, the session 30 days. The token is renewed with
// auth/user-details (which takes an expired token of a live session) a minute before it expires,
// at start when it has expired while the app was closed, and on the first 401 of a request, so
// that a user meets the "Invalid Session" alert only when the session itself has ended.
import { SESSION_HEADERS, type SessionResponse } from '@tapwise/contracts';
import { ApiError, restCall, type RenewalOutcome } from '../../../shared/api/http';
import { currentSession, storeSession, type Session } from './session-store';

export const RENEW_BEFORE_EXPIRY_MS = 60_000;
/** The lifetime assumed for a token that does not say when it was issued. */
const DEFAULT_LIFETIME_MS = 900_000;

export async function fetchUserDetails(
  session: Session,
  switchTo?: { TeamId: string },
): Promise<SessionResponse> {
  return restCall<SessionResponse>('auth/user-details', {
    body: { UserID: session.claims.UserId, SessId: session.sessId, ...(switchTo && { switchTo }) },
    acceptsExpiredToken: true,
  });
}

let renewal: Promise<RenewalOutcome> | null = null;

/**
 * A fresh token for the stored session; requests failing together share one renewal. A 401 of
 * the renewal means the session ended, which the API client reports (one alert); any other
 * failure leaves the session as it is.
 */
function renewStoredSession(): Promise<RenewalOutcome> {
  const session = currentSession();
  if (!session) return Promise.resolve('failed');
  renewal ??= fetchUserDetails(session)
    .then(
      (renewed): RenewalOutcome => {
        storeSession(renewed);
        return 'renewed';
      },
      (error: unknown): RenewalOutcome =>
        error instanceof ApiError && error.status === 401 ? 'ended' : 'failed',
    )
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

/** For a request refused with these session headers: renewed already, or renewed now. */
export function renewAfterRefusal(sent: Record<string, string>): Promise<RenewalOutcome> {
  const session = currentSession();
  if (session && sent[SESSION_HEADERS.token] !== `Bearer ${session.token}`) {
    return Promise.resolve('renewed');
  }
  return renewStoredSession();
}

/** A minute before expiry, or a quarter of the lifetime of a token shorter-lived than 4 minutes. */
function renewalMargin(session: Session): number {
  const lifetime = session.issuedAt ? session.expiresAt - session.issuedAt : DEFAULT_LIFETIME_MS;
  return Math.min(RENEW_BEFORE_EXPIRY_MS, lifetime / 4);
}

const expiresSoon = (session: Session, now: number) =>
  session.expiresAt - renewalMargin(session) <= now;

/** At start, before the first request: a token that expired while the app was closed. */
export async function renewExpiredToken(now = Date.now()): Promise<void> {
  const session = currentSession();
  if (session && expiresSoon(session, now)) await renewStoredSession();
}

/**
 * Schedules the renewal of this session's token; returns the cancel function. A fresh token
 * waits at least the margin, so that a clock running ahead of the server's cannot make the app
 * renew without pause.
 */
export function scheduleRenewal(session: Session, now = Date.now()): () => void {
  const margin = renewalMargin(session);
  const delay = Math.max(margin, session.expiresAt - margin - now);
  const timer = setTimeout(() => void renewStoredSession(), delay);
  return () => clearTimeout(timer);
}
