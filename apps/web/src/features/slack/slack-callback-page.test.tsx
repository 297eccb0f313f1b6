import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeGraphql } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import SlackCallbackPage from './slack-callback-page';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const CALLBACK = '/slack-integration/auth/cb';

describe('Slack install callback', { timeout: 30_000 }, () => {
  it('completes the install once, says so and goes to /integrations', async () => {
    const calls = fakeGraphql({
      completeSlackInstall: () => ({
        id: 'i-1',
        slackTeamId: 'T0TAPWISE1',
        slackTeamName: 'Tapwise Demo',
        status: 'ACTIVE',
        lastError: null,
        notifyChannel: null,
        installedAt: '2026-11-27T10:00:00.000Z',
      }),
    });
    const router = renderInApp(<SlackCallbackPage />, `${CALLBACK}?code=c-1&state=s-1`);
    expect(await screen.findByText('Integration Added Successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations'));
    expect(calls).toEqual([
      { operation: 'completeSlackInstall', variables: { code: 'c-1', state: 's-1' } },
    ]);
  });

  it('reports a cancelled consent without calling the server', async () => {
    const calls = fakeGraphql({ completeSlackInstall: () => null });
    renderInApp(<SlackCallbackPage />, `${CALLBACK}?error=access_denied&state=s-1`);
    expect((await screen.findByTestId('slack-callback-error')).textContent).toContain(
      'The installation was cancelled in Slack.',
    );
    expect(screen.getByRole('link', { name: 'Back to Integrations' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('explains a state that is no longer valid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              data: null,
              errors: [
                {
                  message: 'This Slack install link is no longer valid. Please add again.',
                  extensions: { code: 43, error: 'OAUTH_STATE_INVALID' },
                },
              ],
            }),
            { status: 400 },
          ),
        ),
      ),
    );
    renderInApp(<SlackCallbackPage />, `${CALLBACK}?code=c-1&state=used`);
    expect((await screen.findByTestId('slack-callback-error')).textContent).toContain(
      'This installation link has expired or was already used. Please add Slack again.',
    );
  });
});
