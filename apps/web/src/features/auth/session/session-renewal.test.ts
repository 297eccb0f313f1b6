import { ERROR_CODES } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { graphqlRequest } from '../../../shared/api/graphql';
import { apiFetch } from '../../../shared/api/http';
import { initI18n } from '../../../shared/i18n/i18n';
import { hardNavigate } from '../../../shared/navigation/hard-navigate';
import { fakeToken, sessionClaims, signIn } from '../../../test/session-fixtures';
import { connectSessionToApi } from './session-api';
import { RENEW_BEFORE_EXPIRY_MS, renewExpiredToken, scheduleRenewal } from './session-renewal';
import { currentSession } from './session-store';

vi.mock('../../../shared/navigation/hard-navigate', () => ({ hardNavigate: vi.fn() }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('token renewal', () => {
  it('asks auth/user-details for a fresh token a minute before expiry and stores it', async () => {
    vi.useFakeTimers();
    connectSessionToApi();
    const claims = signIn({}, 900);
    const session = currentSession()!;
    const renewed = fakeToken(sessionClaims({ FirstName: 'Renewed' }), 900);
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 0, data: { token: renewed, sessId: claims.sessId } })),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);

    scheduleRenewal(session);
    await vi.advanceTimersByTimeAsync(
      session.expiresAt - Date.now() - RENEW_BEFORE_EXPIRY_MS - 1000,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/api/auth/user-details');
    expect(JSON.parse(init.body as string)).toEqual({
      UserID: claims.UserId,
      SessId: claims.sessId,
    });
    expect(currentSession()?.claims.FirstName).toBe('Renewed');
  });
});

describe('renewal timing', () => {
  function answerRenewals() {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            code: 0,
            data: { token: fakeToken(sessionClaims(), 60, 60), sessId: sessionClaims().sessId },
          }),
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('renews a token that lives one minute a quarter of its life before it expires', async () => {
    vi.useFakeTimers();
    connectSessionToApi();
    signIn({}, 60, 60);
    const fetchMock = answerRenewals();
    scheduleRenewal(currentSession()!);
    await vi.advanceTimersByTimeAsync(44_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits at least that margin with a clock running ahead of the server', async () => {
    vi.useFakeTimers();
    connectSessionToApi();
    signIn({}, -3600, 60);
    const fetchMock = answerRenewals();
    scheduleRenewal(currentSession()!);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('an access token that expired while the session lives', () => {
  const USER_DETAILS = '/v1/api/auth/user-details';
  const alert = vi.fn();

  /** A server whose tokens are those in `valid`: others answer 401 code 20, like an expired one. */
  function server(options: { renewal: 'renews' | 'ended' | 'unreachable' }) {
    const valid = new Set<string>();
    const renewed = fakeToken(sessionClaims({ FirstName: 'Renewed' }), 900);
    valid.add(renewed);
    const fetchMock = vi.fn((url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      const token = headers.authorization?.replace('Bearer ', '') ?? '';
      if (url === USER_DETAILS) {
        if (options.renewal === 'unreachable') return Promise.reject(new TypeError('offline'));
        if (options.renewal === 'ended') return Promise.resolve(expiredAnswer());
        return Promise.resolve(
          new Response(JSON.stringify({ code: 0, data: { token: renewed, sessId: SESS_ID } })),
        );
      }
      if (!valid.has(token)) return Promise.resolve(expiredAnswer());
      return Promise.resolve(
        new Response(JSON.stringify(url === '/graphql' ? { data: { ok: true } } : { ok: true })),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const calls = (path: string) =>
      fetchMock.mock.calls.filter(([url]) => (url as string) === path).length;
    return { fetchMock, calls, renewed };
  }

  const SESS_ID = sessionClaims().sessId;
  const expiredAnswer = () =>
    new Response(
      JSON.stringify({
        code: ERROR_CODES.INVALID_SESSION,
        error: 'INVALID_SESSION',
        message: 'Invalid Session. Try login again',
      }),
      { status: 401 },
    );

  beforeAll(async () => {
    await initI18n('en');
    connectSessionToApi();
  });
  beforeEach(() => {
    vi.stubGlobal('alert', alert);
    alert.mockClear();
    vi.mocked(hardNavigate).mockClear();
  });

  it('renews it on the first 401 and sends the requests again, without an alert', async () => {
    signIn({}, -60);
    const { calls, renewed } = server({ renewal: 'renews' });

    const results = await Promise.all([
      apiFetch('/v1/api/campaigns'),
      apiFetch('/v1/api/goals'),
      graphqlRequest('query { ok }'),
    ]);

    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(calls(USER_DETAILS)).toBe(1);
    expect(currentSession()?.token).toBe(renewed);
    expect(alert).not.toHaveBeenCalled();
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('renews it before anything else when the app starts', async () => {
    signIn({}, -3600);
    const { calls, renewed } = server({ renewal: 'renews' });

    await renewExpiredToken();

    expect(calls(USER_DETAILS)).toBe(1);
    expect(currentSession()?.token).toBe(renewed);
    await expect(apiFetch('/v1/api/campaigns')).resolves.toEqual({ ok: true });
    expect(alert).not.toHaveBeenCalled();
  });

  it('leaves a token with time to live alone at start', async () => {
    signIn({}, 600);
    const { fetchMock } = server({ renewal: 'renews' });
    await renewExpiredToken();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('alerts once and goes to the login page when the session itself has ended', async () => {
    signIn({}, -60);
    const { calls } = server({ renewal: 'ended' });

    const results = await Promise.allSettled([
      apiFetch('/v1/api/campaigns'),
      graphqlRequest('query { ok }'),
    ]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(calls(USER_DETAILS)).toBe(1);
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Invalid Session. Try login again');
    expect(hardNavigate).toHaveBeenCalledWith('/login');
    expect(currentSession()).toBeNull();
  });

  it('alerts at start when the stored session has ended', async () => {
    signIn({}, -3600);
    server({ renewal: 'ended' });
    await renewExpiredToken();
    expect(alert).toHaveBeenCalledWith('Invalid Session. Try login again');
    expect(hardNavigate).toHaveBeenCalledWith('/login');
  });

  it('keeps the session when the renewal cannot reach the server', async () => {
    signIn({}, -60);
    server({ renewal: 'unreachable' });
    await expect(apiFetch('/v1/api/campaigns')).rejects.toThrow();
    expect(alert).not.toHaveBeenCalled();
    expect(currentSession()).not.toBeNull();
  });

  it('does not try to renew when the account was disabled or the password changed', async () => {
    for (const code of [ERROR_CODES.ACCOUNT_DISABLED, ERROR_CODES.PASSWORD_CHANGED]) {
      signIn({}, 600);
      const fetchMock = vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ code, error: 'X', message: 'ended' }), { status: 401 }),
        ),
      );
      vi.stubGlobal('fetch', fetchMock);
      await expect(apiFetch('/v1/api/campaigns')).rejects.toThrow();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
    expect(alert).toHaveBeenCalledTimes(2);
  });
});
