import { ERROR_CODES } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/http';
import { graphqlRequest } from '../../../shared/api/graphql';
import { initI18n } from '../../../shared/i18n/i18n';
import { hardNavigate } from '../../../shared/navigation/hard-navigate';
import { signIn } from '../../../test/session-fixtures';
import { connectSessionToApi } from './session-api';

vi.mock('../../../shared/navigation/hard-navigate', () => ({ hardNavigate: vi.fn() }));

const alert = vi.fn();

function answer(status: number, body: unknown) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  vi.stubGlobal('alert', alert);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const failing = (code: number) => ({ code, error: 'X', message: 'session ended' });

describe('a session the server ended', () => {
  it.each([
    [
      ERROR_CODES.ACCOUNT_DISABLED,
      'Your account is either disabled or unauthorized. Try login again or contact Admin.',
      '/logout',
    ],
    [
      ERROR_CODES.PASSWORD_CHANGED,
      'Your password has been changed in some other device, please login again.',
      '/logout',
    ],
    [ERROR_CODES.INVALID_SESSION, 'Invalid Session. Try login again', '/login'],
  ])('code %i alerts once, clears the session and goes to %s', async (code, message, target) => {
    signIn();
    window.localStorage.setItem('locale', 'en');
    window.localStorage.setItem('orgId', '42');
    vi.stubGlobal('fetch', answer(401, failing(code)));

    const results = await Promise.allSettled([
      apiFetch('/v1/api/campaigns'),
      apiFetch('/v1/api/goals'),
      graphqlRequest('query { companyDetails { name } }'),
    ]);

    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith(message);
    expect(Object.keys(window.localStorage)).toEqual(['locale']);
    expect(hardNavigate).toHaveBeenCalledTimes(1);
    expect(hardNavigate).toHaveBeenCalledWith(target);
  });

  it('treats a 401 without a known code as an invalid session', async () => {
    signIn();
    vi.stubGlobal('fetch', answer(401, {}));
    await expect(apiFetch('/v1/api/anything')).rejects.toThrow();
    expect(alert).toHaveBeenCalledWith('Invalid Session. Try login again');
    expect(hardNavigate).toHaveBeenCalledWith('/login');
  });

  it('reads the session code from a GraphQL error as well', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      answer(200, { data: null, errors: [{ message: 'x', extensions: failing(23) }] }),
    );
    await expect(graphqlRequest('query { findByTeamId { userId } }')).rejects.toThrow();
    expect(alert).toHaveBeenCalledWith(
      'Your password has been changed in some other device, please login again.',
    );
  });

  it('alerts again for a later session once the user signed in anew', async () => {
    signIn();
    vi.stubGlobal('fetch', answer(401, failing(20)));
    await apiFetch('/v1/api/a').catch(() => undefined);
    signIn();
    await apiFetch('/v1/api/b').catch(() => undefined);
    expect(alert).toHaveBeenCalledTimes(2);
  });

  it('does not treat a refused sign-in (no session sent) as an ended session', async () => {
    vi.stubGlobal('fetch', answer(401, failing(20)));
    await expect(apiFetch('/v1/api/auth/signin', { body: {}, anonymous: true })).rejects.toThrow();
    expect(alert).not.toHaveBeenCalled();
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('sends the session headers of spec 2 §7.1 on every call', async () => {
    const claims = signIn();
    const fetchMock = answer(200, { code: 0, data: {} });
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/v1/api/auth/is-onboarded', { body: {} });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Bearer ${window.localStorage.getItem('token')}`);
    expect(headers['x-session-id']).toBe(claims.sessId);
    expect(headers['x-user-id']).toBe(claims.UserId);
    expect(headers['x-team-id']).toBe(claims.TeamID);
    expect(headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
