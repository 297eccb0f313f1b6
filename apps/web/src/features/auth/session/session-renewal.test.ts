import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, sessionClaims, signIn } from '../../../test/session-fixtures';
import { connectSessionToApi } from './session-api';
import { RENEW_BEFORE_EXPIRY_MS, scheduleRenewal } from './session-renewal';
import { currentSession } from './session-store';

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
