import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SlackIntegration } from '@tapwise/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import type { GraphqlCall } from '../../test/fake-graphql';
import { renderInApp } from '../../test/render-app-page';
import { signIn } from '../../test/session-fixtures';
import { connectSessionToApi } from '../auth/session/session-api';
import { SlackIntegrationCard } from './slack-integration';

configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await initI18n('en');
  connectSessionToApi();
});
beforeEach(() => {
  window.localStorage.clear();
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CONNECTED: SlackIntegration = {
  id: '5b0c8f7e-4f6a-4b8e-9a51-0d3c2e1f4a10',
  slackTeamId: 'T0TAPWISE1',
  slackTeamName: 'Tapwise Demo',
  status: 'ACTIVE',
  lastError: null,
  notifyChannel: null,
  installedAt: '2026-11-27T10:00:00.000Z',
};
const CHANNELS = [
  { id: 'C0GENERAL1', name: 'general', isPrivate: false, isMember: true },
  { id: 'G0UAPRIV01', name: 'ua-team', isPrivate: true, isMember: true },
];
const variablesOf = (calls: GraphqlCall[], operation: string) =>
  calls.filter((call) => call.operation === operation).map((call) => call.variables);
const dialogOf = async (title: string) =>
  (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]')!;

describe('Slack card', { timeout: 30_000 }, () => {
  it('sends the member to Slack with a fresh state', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    slackEndpoint([], true, null, {
      getOAuthState: () => ({
        state: 's-1',
        authorizeUrl: 'https://slack.test/authorize?state=s-1',
      }),
    });
    renderInApp(<SlackIntegrationCard />, '/integrations');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add to Slack' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://slack.test/authorize?state=s-1'),
    );
  });

  it('says plainly when the installation has no Slack app', async () => {
    slackEndpoint([], false, null);
    renderInApp(<SlackIntegrationCard />, '/integrations');
    expect((await screen.findByTestId('slack-unavailable')).textContent).toContain(
      'Slack is not available on this installation',
    );
    expect(screen.queryByRole('button', { name: 'Add to Slack' })).toBeNull();
  });

  it('asks to add an invalid integration again', async () => {
    slackEndpoint([], true, { ...CONNECTED, status: 'INVALID', lastError: 'token_revoked' });
    renderInApp(<SlackIntegrationCard />, '/integrations');
    const alert = await screen.findByTestId('slack-invalid');
    expect(alert.textContent).toContain('Invalid integration, Please add again.');
    expect(within(alert).getByRole('button', { name: 'Add to Slack again' })).toBeTruthy();
  });

  it('sets the notification channel and sends a test message', async () => {
    const calls = slackEndpoint([], true, CONNECTED, {
      slackChannels: () => CHANNELS,
      setSlackNotifyChannel: () => ({
        ...CONNECTED,
        notifyChannel: { id: 'G0UAPRIV01', name: 'ua-team' },
      }),
      sendSlackMsg: () => true,
    });
    renderInApp(<SlackIntegrationCard />, '/integrations');
    const user = userEvent.setup();
    expect(await screen.findByText('Tapwise Demo')).toBeTruthy();
    await pick(user, /^Notification channel/, 'ua-team (private)');
    expect(await screen.findByText('Notification channel saved')).toBeTruthy();
    expect(variablesOf(calls, 'setSlackNotifyChannel')).toEqual([
      { channelId: 'G0UAPRIV01', channelName: 'ua-team' },
    ]);
    await pick(user, /^Channel for a test message/, '#general');
    await user.click(screen.getByRole('button', { name: 'Send test message' }));
    expect(await screen.findByText('Test message sent')).toBeTruthy();
    expect(variablesOf(calls, 'sendSlackMsg')).toEqual([
      {
        change: 'Test message from Tapwise: your Slack integration works.',
        intId: CONNECTED.id,
        channelId: 'C0GENERAL1',
      },
    ]);
  });

  it('uninstalls only after the confirmation', async () => {
    const calls = slackEndpoint([], true, CONNECTED, {
      slackChannels: () => CHANNELS,
      uninstallSlack: () => true,
    });
    renderInApp(<SlackIntegrationCard />, '/integrations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Uninstall' }));
    let dialog = await dialogOf('Uninstall Slack?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Uninstall Slack?')).toBeNull());
    expect(variablesOf(calls, 'uninstallSlack')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Uninstall' }));
    dialog = await dialogOf('Uninstall Slack?');
    expect(dialog.textContent).toContain('Tapwise Demo');
    await user.click(within(dialog).getByRole('button', { name: 'Uninstall' }));
    expect(await screen.findByText('Slack uninstalled')).toBeTruthy();
    expect(variablesOf(calls, 'uninstallSlack')).toEqual([{}]);
  });

  it('lets a read-only member see the workspace but change nothing', async () => {
    signIn({ IsReadOnly: true });
    slackEndpoint([], true, CONNECTED);
    renderInApp(<SlackIntegrationCard />, '/integrations');
    expect(await screen.findByText('Tapwise Demo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Uninstall' })).toBeNull();
    expect(screen.queryByLabelText(/^Notification channel/)).toBeNull();
  });
});

/** Opens a channel picker and picks in its own list (both pickers list the same channels). */
async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  const input = screen.getByLabelText(label, { selector: 'input[aria-haspopup]' });
  await user.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls')!)!);
  await user.click(within(list).getByRole('option', { name: option, hidden: true }));
}

/**
 * A fake /graphql like fakeGraphql's, which answers one root field per request: the card asks
 * slackAvailable and slackIntegration together, so this one answers that query whole and the
 * others by their root field, recording them.
 */
function slackEndpoint(
  calls: GraphqlCall[],
  available: boolean,
  integration: SlackIntegration | null,
  answers: Record<string, (variables: Record<string, unknown>) => unknown> = {},
) {
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as {
        query: string;
        variables: Record<string, unknown>;
      };
      const data = body.query.includes('slackAvailable')
        ? { slackAvailable: available, slackIntegration: integration }
        : Object.fromEntries(
            Object.entries(answers)
              .filter(([name]) => new RegExp(`\\b${name}\\b`).test(body.query))
              .map(([name, answer]) => {
                calls.push({ operation: name, variables: body.variables });
                return [name, answer(body.variables)];
              }),
          );
      return Promise.resolve(new Response(JSON.stringify({ data }), { status: 200 }));
    }),
  );
  return calls;
}
