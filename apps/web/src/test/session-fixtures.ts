// Sessions for tests: unsigned tokens with the claims of spec 2 §3.5 (the client never verifies
// the signature, the server does).
import { permissionsFor, type Role, type SessionClaims } from '@tapwise/contracts';
import { storeSession } from '../features/auth/session/session-store';

const TEAM_ID = '00000000-0000-4000-8000-00000000000a';

function base64Url(value: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function sessionClaims(overrides: Partial<SessionClaims> = {}): SessionClaims {
  const role: Role = overrides.Role ?? 'ADMIN';
  const isReadOnly = overrides.IsReadOnly ?? false;
  return {
    UserId: '00000000-0000-4000-8000-000000000001',
    TeamID: TEAM_ID,
    Role: role,
    FirstName: 'Ada',
    LastName: 'Lovelace',
    Email: 'ada@example.com',
    Phone: '+44 20 7946 0000',
    CompanyName: 'Analytical Engines',
    JobTitle: 'Growth lead',
    IsReadOnly: isReadOnly,
    permissions: permissionsFor(role, isReadOnly),
    teams: [
      {
        TeamId: TEAM_ID,
        Company: 'Analytical Engines',
        Role: role,
        IsDisabled: false,
        CreatedOn: '2026-01-01T00:00:00Z',
        IsReadOnly: isReadOnly,
      },
    ],
    subscriptionStatus: 'trial',
    sessId: '00000000-0000-4000-8000-0000000000ff',
    ...overrides,
  };
}

/** A token the client can decode, expiring `ttlSeconds` from now, issued to live `lifetimeSeconds`. */
export function fakeToken(claims: SessionClaims, ttlSeconds = 900, lifetimeSeconds = 900): string {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const iat = exp - lifetimeSeconds;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ ...claims, exp, iat })}.signature`;
}

/** Signs a user in as the browser would after auth/signin. */
export function signIn(
  overrides: Partial<SessionClaims> = {},
  ttlSeconds?: number,
  lifetimeSeconds?: number,
) {
  const claims = sessionClaims(overrides);
  storeSession({ token: fakeToken(claims, ttlSeconds, lifetimeSeconds), sessId: claims.sessId });
  return claims;
}
