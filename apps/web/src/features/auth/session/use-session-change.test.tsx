import { ERROR_CODES, SOCKET_EVENTS } from '@tapwise/contracts';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { latestSocket } from '../../../test/fake-socket';
import { renderInApp } from '../../../test/render-app-page';
import { fakeToken, sessionClaims, signIn } from '../../../test/session-fixtures';
import { connectSessionToApi } from './session-api';
import { currentSession } from './session-store';
import { useSessionChangeRenewal } from './use-session-change';

vi.mock('../../../shared/navigation/hard-navigate', () => ({ hardNavigate: vi.fn() }));

beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function Listener() {
  useSessionChangeRenewal();
  return null;
}

describe('session change over the socket', () => {
  it('renews the token at once when the membership changed, picking up read-only', async () => {
    const claims = signIn({ IsReadOnly: false });
    const readOnly = fakeToken(sessionClaims({ ...claims, IsReadOnly: true }), 900);
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 0, data: { token: readOnly, sessId: claims.sessId } })),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderInApp(<Listener />);

    act(() => latestSocket().deliver(SOCKET_EVENTS.sessionChanged, { teamId: claims.TeamID }));

    await waitFor(() => expect(currentSession()?.claims.IsReadOnly).toBe(true));
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe('/v1/api/auth/user-details');
  });

  it('asks for the session at once when the server cuts the socket off, and reports its end', async () => {
    signIn();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              code: ERROR_CODES.ACCOUNT_DISABLED,
              error: 'ACCOUNT_DISABLED',
              message: 'disabled',
            }),
            { status: 401 },
          ),
        ),
      ),
    );
    renderInApp(<Listener />);

    act(() => latestSocket().deliver('disconnect', 'io server disconnect'));

    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Your account is either disabled or unauthorized. Try login again or contact Admin.',
      ),
    );
  });
});
