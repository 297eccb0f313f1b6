// Slack under /slack, as Tapwise's integration uses it: the OAuth v2 consent page
// (/slack/oauth/v2/authorize) and the Web API methods at /slack/api/{method}. Wire format as
// Slack's: form-encoded or JSON bodies, the bot token as a Bearer header (or a `token` field),
// answers `{ ok: true, … }` or `{ ok: false, error }` with HTTP 200, except rate limits: 429 with
// Retry-After, per method tier and token (chat.postMessage per channel).
import {
  SLACK_DEMO_APP_ID,
  SLACK_DEMO_BOT_USER_ID,
  SLACK_DEMO_TEAM,
  SLACK_SANDBOX_CLIENT_ID,
  SLACK_SANDBOX_CLIENT_SECRET,
  type SlackWorkspace,
} from './slack-workspace.js';

export const SLACK_PREFIX = '/slack';
const WINDOW_MS = 60_000;
/** Calls per minute of Slack's tiers; chat.postMessage's "special" tier is counted per channel. */
const METHOD_LIMITS: Record<string, number> = {
  'auth.test': 100,
  'auth.revoke': 20,
  'conversations.list': 20,
  'conversations.join': 50,
  'chat.postMessage': 60,
};
const MAX_TEXT = 40_000;
const MAX_BLOCKS = 50;

export interface SlackAnswer {
  status: number;
  contentType: 'application/json' | 'text/html';
  body: string;
  headers: Record<string, string>;
}

export interface SlackFaults {
  /** The next N chat.postMessage calls answer 429 with Retry-After. */
  rateLimitBurst: number;
  /** The next N chat.postMessage calls answer 500. */
  serverErrors: number;
  retryAfterSeconds: number;
}

export interface SlackRequest {
  method: string;
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
}

type Params = Record<string, unknown>;
const json = (body: unknown, status = 200, headers: Record<string, string> = {}): SlackAnswer => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
  headers,
});
const fail = (error: string, extra: Params = {}) => json({ ok: false, error, ...extra });

export class SlackSimulator {
  private readonly calls = new Map<string, number[]>();

  constructor(
    private readonly workspace: SlackWorkspace,
    private readonly now: () => number,
  ) {}

  answer(request: SlackRequest, faults: SlackFaults): SlackAnswer {
    const path = request.url.pathname.slice(SLACK_PREFIX.length);
    if (path === '/oauth/v2/authorize' && request.method === 'GET')
      return this.authorizePage(request.url);
    const method = /^\/api\/([a-zA-Z0-9.]+)$/.exec(path)?.[1];
    if (!method) return json({ ok: false, error: 'unknown_method' }, 404);
    const params = parseParams(request);
    if (params === null) return fail('invalid_json');
    if (method === 'oauth.v2.access') return this.exchangeCode(params, request.headers);

    const token = bearer(request.headers) ?? (typeof params.token === 'string' ? params.token : '');
    if (!token) return fail('not_authed');
    const state = this.workspace.tokenState(token);
    if (state === null) return fail('invalid_auth');
    if (state === 'revoked') return fail('token_revoked');
    if (state === 'inactive') return fail('account_inactive');

    if (method === 'chat.postMessage') {
      if (faults.rateLimitBurst > 0) {
        faults.rateLimitBurst -= 1;
        return rateLimited(faults.retryAfterSeconds);
      }
      if (faults.serverErrors > 0) {
        faults.serverErrors -= 1;
        return {
          status: 500,
          contentType: 'text/html',
          body: 'Internal Server Error',
          headers: {},
        };
      }
    }
    const limitKey = `${method}:${token}:${method === 'chat.postMessage' ? String(params.channel) : ''}`;
    const retryAfter = this.takeCall(limitKey, METHOD_LIMITS[method]);
    if (retryAfter !== null) return rateLimited(retryAfter);

    switch (method) {
      case 'auth.test':
        return json({
          ok: true,
          url: 'https://tapwise-demo.slack.com/',
          team: SLACK_DEMO_TEAM.name,
          user: 'tapwise',
          team_id: SLACK_DEMO_TEAM.id,
          user_id: SLACK_DEMO_BOT_USER_ID,
          bot_id: 'B0TAPBOT01',
          is_enterprise_install: false,
        });
      case 'auth.revoke':
        if (!isTrue(params.test)) this.workspace.setTokenState('revoked', token);
        return json({ ok: true, revoked: !isTrue(params.test) });
      case 'conversations.list':
        return this.listChannels(params);
      case 'conversations.join':
        return this.join(params);
      case 'chat.postMessage':
        return this.postMessage(params);
      default:
        return fail('unknown_method');
    }
  }

  private authorizePage(url: URL): SlackAnswer {
    const clientId = url.searchParams.get('client_id') ?? '';
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const state = url.searchParams.get('state') ?? '';
    const scope = url.searchParams.get('scope') ?? '';
    if (clientId !== SLACK_SANDBOX_CLIENT_ID || !/^https?:\/\//.test(redirectUri))
      return html(400, '<h1>Something went wrong</h1><p>invalid_client_id or redirect_uri</p>');
    const back = (extra: Record<string, string>) => {
      const target = new URL(redirectUri);
      for (const [key, value] of Object.entries(extra)) target.searchParams.set(key, value);
      if (state) target.searchParams.set('state', state);
      return escapeHtml(target.toString());
    };
    const allow = back({ code: this.workspace.issueCode(clientId, redirectUri, scope) });
    const cancel = back({ error: 'access_denied' });
    return html(
      200,
      `<h1>Tapwise is requesting permission to access the ${escapeHtml(SLACK_DEMO_TEAM.name)} Slack workspace</h1>` +
        `<p>Scopes: ${escapeHtml(scope)}</p>` +
        `<a id="allow" href="${allow}">Allow</a> <a id="cancel" href="${cancel}">Cancel</a>`,
    );
  }

  private exchangeCode(params: Params, headers: SlackRequest['headers']): SlackAnswer {
    const basic = basicAuth(headers);
    const clientId = basic?.[0] ?? String(params.client_id ?? '');
    const clientSecret = basic?.[1] ?? String(params.client_secret ?? '');
    if (clientId !== SLACK_SANDBOX_CLIENT_ID) return fail('invalid_client_id');
    if (clientSecret !== SLACK_SANDBOX_CLIENT_SECRET) return fail('bad_client_secret');
    const code = this.workspace.takeCode(String(params.code ?? ''));
    if (!code || code.clientId !== clientId) return fail('invalid_code');
    if (params.redirect_uri !== undefined && params.redirect_uri !== code.redirectUri)
      return fail('bad_redirect_uri');
    return json({
      ok: true,
      app_id: SLACK_DEMO_APP_ID,
      authed_user: { id: 'U0INSTALL1' },
      scope: code.scope,
      token_type: 'bot',
      access_token: this.workspace.issueToken(),
      bot_user_id: SLACK_DEMO_BOT_USER_ID,
      team: { ...SLACK_DEMO_TEAM },
      enterprise: null,
      is_enterprise_install: false,
    });
  }

  private listChannels(params: Params): SlackAnswer {
    const types = String(params.types ?? 'public_channel').split(',');
    const limit = Math.min(Math.max(Number(params.limit ?? 100) || 100, 1), 1000);
    const start = params.cursor ? decodeCursor(String(params.cursor)) : 0;
    if (start === null) return fail('invalid_cursor');
    // A bot sees every public channel but only the private channels it is in.
    const visible = this.workspace.channels.filter((channel) =>
      channel.isPrivate
        ? types.includes('private_channel') && channel.botIsMember
        : types.includes('public_channel'),
    );
    const page = visible.slice(start, start + limit);
    const next = start + limit < visible.length ? encodeCursor(start + limit) : '';
    return json({
      ok: true,
      channels: page.map((channel) => ({
        id: channel.id,
        name: channel.name,
        is_channel: !channel.isPrivate,
        is_group: channel.isPrivate,
        is_private: channel.isPrivate,
        is_archived: false,
        is_member: channel.botIsMember,
      })),
      response_metadata: { next_cursor: next },
    });
  }

  private join(params: Params): SlackAnswer {
    const channel = this.workspace.channel(String(params.channel ?? ''));
    if (!channel || (channel.isPrivate && !channel.botIsMember)) return fail('channel_not_found');
    if (channel.isPrivate) return fail('method_not_supported_for_channel_type');
    const already = channel.botIsMember;
    channel.botIsMember = true;
    return json({
      ok: true,
      channel: { id: channel.id, name: channel.name, is_member: true },
      ...(already ? { warning: 'already_in_channel' } : {}),
    });
  }

  private postMessage(params: Params): SlackAnswer {
    const channel = this.workspace.channel(String(params.channel ?? ''));
    if (!channel) return fail('channel_not_found');
    if (!channel.botIsMember) return fail('not_in_channel');
    const text = typeof params.text === 'string' ? params.text : '';
    const blocks = parseBlocks(params.blocks);
    if (blocks === 'invalid') return fail('invalid_blocks');
    if (!text && !blocks) return fail('no_text');
    if (text.length > MAX_TEXT) return fail('msg_too_long');
    const message = this.workspace.post(channel, text, blocks);
    return json({
      ok: true,
      channel: channel.id,
      ts: message.ts,
      message: { type: 'message', text, ts: message.ts, bot_id: 'B0TAPBOT01' },
    });
  }

  /** Counts a call; answers the seconds to wait when the key is over its minute's allowance. */
  private takeCall(key: string, limit: number | undefined): number | null {
    if (limit === undefined) return null;
    const since = this.now() - WINDOW_MS;
    const recent = (this.calls.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= limit) {
      this.calls.set(key, recent);
      return Math.max(1, Math.ceil((recent[0]! - since) / 1000));
    }
    recent.push(this.now());
    this.calls.set(key, recent);
    return null;
  }
}

function parseParams(request: SlackRequest): Params | null {
  const type = String(request.headers['content-type'] ?? '');
  const query = Object.fromEntries(request.url.searchParams);
  if (!request.raw) return query;
  if (type.includes('application/json')) {
    try {
      const body = JSON.parse(request.raw) as unknown;
      return typeof body === 'object' && body !== null ? { ...query, ...(body as Params) } : null;
    } catch {
      return null;
    }
  }
  return { ...query, ...Object.fromEntries(new URLSearchParams(request.raw)) };
}

/** Blocks come as a JSON array (JSON bodies) or a JSON-encoded string (form bodies). */
function parseBlocks(value: unknown): unknown[] | null | 'invalid' {
  if (value === undefined || value === '') return null;
  let blocks = value;
  if (typeof value === 'string') {
    try {
      blocks = JSON.parse(value);
    } catch {
      return 'invalid';
    }
  }
  if (!Array.isArray(blocks) || blocks.length > MAX_BLOCKS) return 'invalid';
  const valid = blocks.every(
    (block) =>
      typeof block === 'object' &&
      block !== null &&
      typeof (block as { type?: unknown }).type === 'string',
  );
  return valid ? blocks : 'invalid';
}

function bearer(headers: SlackRequest['headers']): string | null {
  const value = headers.authorization;
  return typeof value === 'string' && value.startsWith('Bearer ') ? value.slice(7) : null;
}

function basicAuth(headers: SlackRequest['headers']): [string, string] | null {
  const value = headers.authorization;
  if (typeof value !== 'string' || !value.startsWith('Basic ')) return null;
  const decoded = Buffer.from(value.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

function rateLimited(seconds: number): SlackAnswer {
  return json({ ok: false, error: 'ratelimited' }, 429, { 'Retry-After': String(seconds) });
}

const isTrue = (value: unknown) => value === true || value === 'true' || value === '1';
const encodeCursor = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64');
function decodeCursor(cursor: string): number | null {
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return match ? Number(match[1]) : null;
}

function html(status: number, content: string): SlackAnswer {
  return {
    status,
    contentType: 'text/html',
    body: `<!doctype html><html><head><title>Slack</title></head><body>${content}</body></html>`,
    headers: {},
  };
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
