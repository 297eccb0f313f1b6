import { beforeEach, describe, expect, it } from 'vitest';
import { fakeToken, sessionClaims, signIn } from '../../../test/session-fixtures';
import {
  clearSession,
  currentSession,
  decodeClaims,
  endImpersonation,
  startImpersonation,
} from './session-store';

beforeEach(() => window.localStorage.clear());

describe('session store', () => {
  it('keeps the token and session id under the spec keys and decodes the claims', () => {
    const claims = signIn({ FirstName: 'Jürgen' });
    expect(window.localStorage.getItem('sessId')).toBe(claims.sessId);
    const session = currentSession();
    expect(session?.token).toBe(window.localStorage.getItem('token'));
    expect(session?.claims.FirstName).toBe('Jürgen');
    expect(session?.claims.TeamID).toBe(claims.TeamID);
    expect(session?.expiresAt).toBeGreaterThan(Date.now());
  });

  it('answers the same object while nothing changed', () => {
    signIn();
    expect(currentSession()).toBe(currentSession());
  });

  it('has no session without a token, a session id, or with a token that is not a JWT', () => {
    expect(currentSession()).toBeNull();
    window.localStorage.setItem('token', 'not-a-jwt');
    window.localStorage.setItem('sessId', 'abc');
    expect(currentSession()).toBeNull();
    expect(decodeClaims('a.%%%.c')).toBeNull();
  });

  it('clears every stored key at sign-out except the language', () => {
    signIn();
    for (const key of ['adminToken', 'orgId', 'adamId', 'dateRange', 'filters']) {
      window.localStorage.setItem(key, 'x');
    }
    window.localStorage.setItem('locale', 'ja');
    clearSession();
    expect(Object.keys(window.localStorage)).toEqual(['locale']);
    expect(currentSession()).toBeNull();
  });

  it('keeps the super admin token while impersonating and restores it on return', () => {
    const admin = signIn({ Role: 'SUPERADMIN' });
    const adminToken = window.localStorage.getItem('token');
    const member = sessionClaims({
      UserId: '00000000-0000-4000-8000-000000000002',
      sessId: '00000000-0000-4000-8000-0000000000aa',
      impersonatedBy: admin.UserId,
    });
    startImpersonation({ token: fakeToken(member), sessId: member.sessId });

    expect(currentSession()?.claims.UserId).toBe(member.UserId);
    expect(currentSession()?.adminToken).toBe(adminToken);

    expect(endImpersonation()).toBe(true);
    expect(currentSession()?.token).toBe(adminToken);
    expect(currentSession()?.sessId).toBe(admin.sessId);
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(endImpersonation()).toBe(false);
  });
});
