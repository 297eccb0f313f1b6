// The Slack simulator over HTTP, as Slack's Web API answers: the consent page and the code
// exchange, channels with cursors, joining, posting and its errors, revocation and faults.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../index.js';
import { SLACK_SANDBOX_CLIENT_ID, SLACK_SANDBOX_CLIENT_SECRET } from './slack-workspace.js';

/** The fields of Slack's answers these tests read. */
interface SlackBody {
  ok: boolean;
  error?: string;
  access_token: string;
  ts: string;
  channels: { name: string; is_private: boolean }[];
  response_metadata: { next_cursor: string };
}

let sandbox: Sandbox;
const redirectUri = 'http://tapwise.test/slack-integration/auth/cb';

beforeAll(async () => {
  sandbox = await startSandbox({ scenario: 'new' });
});
afterAll(() => sandbox.close());
afterEach(() => sandbox.resetFaults());

async function call(method: string, token: string, params: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.slack.apiUrl}${method}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(params).toString(),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (response.status === 500 ? null : await response.json()) as SlackBody,
  };
}

async function consent(state = 'st-1') {
  const url = new URL(sandbox.slack.oauthUrl);
  url.searchParams.set('client_id', SLACK_SANDBOX_CLIENT_ID);
  url.searchParams.set('scope', 'chat:write,channels:read');
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  const page = await (await fetch(url)).text();
  const link = (id: string) =>
    new URL(new RegExp(`id="${id}" href="([^"]+)"`).exec(page)![1]!.replaceAll('&amp;', '&'));
  return { page, allow: link('allow'), cancel: link('cancel') };
}

async function install() {
  const { allow } = await consent();
  const response = await fetch(`${sandbox.slack.apiUrl}oauth.v2.access`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: SLACK_SANDBOX_CLIENT_ID,
      client_secret: SLACK_SANDBOX_CLIENT_SECRET,
      code: allow.searchParams.get('code')!,
      redirect_uri: redirectUri,
    }).toString(),
  });
  return (await response.json()) as SlackBody;
}

describe('Slack OAuth v2', () => {
  it('shows the demo workspace and redirects back with a code and the same state, or access_denied', async () => {
    const { page, allow, cancel } = await consent('abc');
    expect(page).toContain('Tapwise Demo');
    expect(allow.origin + allow.pathname).toBe(redirectUri);
    expect(allow.searchParams.get('state')).toBe('abc');
    expect(allow.searchParams.get('code')).toMatch(/^T0TAPWISE1\./);
    expect(cancel.searchParams.get('error')).toBe('access_denied');
    expect(cancel.searchParams.get('state')).toBe('abc');
  });

  it('exchanges a code once, with credentials in the body or as basic auth', async () => {
    const { allow } = await consent();
    const code = allow.searchParams.get('code')!;
    const basic = Buffer.from(`${SLACK_SANDBOX_CLIENT_ID}:${SLACK_SANDBOX_CLIENT_SECRET}`).toString(
      'base64',
    );
    const exchange = () =>
      fetch(`${sandbox.slack.apiUrl}oauth.v2.access`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: `code=${encodeURIComponent(code)}`,
      }).then((r) => r.json() as Promise<SlackBody>);
    const first = await exchange();
    expect(first).toMatchObject({
      ok: true,
      token_type: 'bot',
      scope: 'chat:write,channels:read',
      bot_user_id: 'U0TAPBOT01',
      team: { id: 'T0TAPWISE1', name: 'Tapwise Demo' },
    });
    expect(first.access_token).toMatch(/^xoxb-/);
    expect(await exchange()).toEqual({ ok: false, error: 'invalid_code' });
  });

  it('refuses a wrong client secret', async () => {
    const { allow } = await consent();
    const response = await fetch(`${sandbox.slack.apiUrl}oauth.v2.access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: SLACK_SANDBOX_CLIENT_ID,
        client_secret: 'nope',
        code: allow.searchParams.get('code'),
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: false, error: 'bad_client_secret' });
  });
});

describe('Slack Web API', () => {
  it('lists public and joined private channels page by page', async () => {
    const { access_token: token } = await install();
    const names: string[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const { body } = await call('conversations.list', token, {
        types: 'public_channel,private_channel',
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      names.push(...body.channels.map((c: { name: string }) => c.name));
      cursor = body.response_metadata.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(names).toEqual(['general', 'random', 'apple-ads-alerts', 'growth', 'ua-team']);
    const publicOnly = await call('conversations.list', token);
    expect(publicOnly.body.channels.every((c: { is_private: boolean }) => !c.is_private)).toBe(
      true,
    );
  });

  it('posts where the bot is a member, after joining a public channel, and records the message', async () => {
    const { access_token: token } = await install();
    expect(
      (await call('chat.postMessage', token, { channel: 'C0RANDOM01', text: 'hi' })).body,
    ).toEqual({ ok: false, error: 'not_in_channel' });
    expect((await call('conversations.join', token, { channel: 'C0RANDOM01' })).body.ok).toBe(true);
    const posted = await call('chat.postMessage', token, {
      channel: 'C0RANDOM01',
      text: 'hello',
      blocks: JSON.stringify([{ type: 'section', text: { type: 'mrkdwn', text: '*hello*' } }]),
    });
    expect(posted.body).toMatchObject({ ok: true, channel: 'C0RANDOM01' });
    const messages = (await (await fetch(`${sandbox.adminUrl}/slack/messages`)).json()) as {
      channelName: string;
      text: string;
      ts: string;
    }[];
    expect(messages.at(-1)).toMatchObject({
      channelName: 'random',
      text: 'hello',
      ts: posted.body.ts,
    });
  });

  it("answers Slack's errors for channels, blocks, length and tokens", async () => {
    const { access_token: token } = await install();
    const post = (params: Record<string, string>) =>
      call('chat.postMessage', token, params).then((r) => r.body.error);
    expect(await post({ channel: 'G0LEADERS1', text: 'x' })).toBe('not_in_channel');
    expect(await post({ channel: 'C0NOPE', text: 'x' })).toBe('channel_not_found');
    expect(await post({ channel: 'C0GENERAL1', blocks: '[{"text":1}]' })).toBe('invalid_blocks');
    expect(await post({ channel: 'C0GENERAL1', text: 'x'.repeat(40_001) })).toBe('msg_too_long');
    expect((await call('auth.test', 'xoxb-made-up')).body.error).toBe('invalid_auth');
    sandbox.slack.setTokenState('inactive', token);
    expect(await post({ channel: 'C0GENERAL1', text: 'x' })).toBe('account_inactive');
  });

  it('revokes a token through auth.revoke and through the admin route', async () => {
    const first = (await install()).access_token;
    expect((await call('auth.test', first)).body).toMatchObject({ ok: true, team: 'Tapwise Demo' });
    expect((await call('auth.revoke', first)).body).toEqual({ ok: true, revoked: true });
    expect((await call('auth.test', first)).body.error).toBe('token_revoked');
    const second = (await install()).access_token;
    await fetch(`${sandbox.adminUrl}/slack/tokens`, {
      method: 'POST',
      body: JSON.stringify({ token: second, state: 'revoked' }),
    });
    expect((await call('auth.test', second)).body.error).toBe('token_revoked');
  });

  it('answers 429 with Retry-After and 500 on demand, then posts again', async () => {
    const { access_token: token } = await install();
    sandbox.setFaults({ slackRateLimitBurst: 1, slackServerErrors: 1, retryAfterSeconds: 3 });
    const limited = await call('chat.postMessage', token, { channel: 'C0GENERAL1', text: 'a' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    const failed = await call('chat.postMessage', token, { channel: 'C0GENERAL1', text: 'a' });
    expect(failed.status).toBe(500);
    expect(
      (await call('chat.postMessage', token, { channel: 'C0GENERAL1', text: 'a' })).body.ok,
    ).toBe(true);
  });

  it('rate limits a method over its tier per minute', async () => {
    const { access_token: token } = await install();
    const answers = await Promise.all(
      Array.from({ length: 21 }, () => call('conversations.list', token)),
    );
    expect(answers.filter((a) => a.status === 429)).toHaveLength(1);
  });
});
