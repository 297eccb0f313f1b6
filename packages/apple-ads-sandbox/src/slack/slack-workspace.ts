// The state behind the Slack simulator: one deterministic demo workspace, "Tapwise Demo", its
// channels (which the bot is in), the install codes and bot tokens handed out, and every message
// posted (read back by tests and e2e through /__sandbox/slack/messages).
import { randomBytes } from 'node:crypto';

/** The app's credentials the simulator knows; Tapwise uses them for a sandbox-connected company. */
export const SLACK_SANDBOX_CLIENT_ID = '1000000000.2000000000';
export const SLACK_SANDBOX_CLIENT_SECRET = 'tapwise-sandbox-slack-secret';

export const SLACK_DEMO_TEAM = { id: 'T0TAPWISE1', name: 'Tapwise Demo' } as const;
export const SLACK_DEMO_BOT_USER_ID = 'U0TAPBOT01';
export const SLACK_DEMO_APP_ID = 'A0TAPWISE1';
const CODE_TTL_MS = 10 * 60_000;

export interface SlackChannelState {
  id: string;
  name: string;
  isPrivate: boolean;
  /** The bot is in it: private channels need an invitation, public ones conversations.join. */
  botIsMember: boolean;
}

export interface SlackPostedMessage {
  channel: string;
  channelName: string;
  ts: string;
  text: string;
  blocks: unknown[] | null;
  postedAt: string;
}

interface InstallCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  expiresAt: number;
}

export type SlackTokenState = 'active' | 'revoked' | 'inactive';

/** Seeded per sandbox so each test starts from the same channels. */
function demoChannels(): SlackChannelState[] {
  return [
    { id: 'C0GENERAL1', name: 'general', isPrivate: false, botIsMember: true },
    { id: 'C0RANDOM01', name: 'random', isPrivate: false, botIsMember: false },
    { id: 'C0ADSALERT', name: 'apple-ads-alerts', isPrivate: false, botIsMember: false },
    { id: 'C0GROWTH01', name: 'growth', isPrivate: false, botIsMember: false },
    { id: 'G0UAPRIV01', name: 'ua-team', isPrivate: true, botIsMember: true },
    { id: 'G0LEADERS1', name: 'leadership', isPrivate: true, botIsMember: false },
  ];
}

export class SlackWorkspace {
  readonly channels = demoChannels();
  readonly messages: SlackPostedMessage[] = [];
  private readonly codes = new Map<string, InstallCode>();
  private readonly tokens = new Map<string, SlackTokenState>();
  private lastTs = 0;

  constructor(private readonly now: () => number) {}

  issueCode(clientId: string, redirectUri: string, scope: string): string {
    const code = `${SLACK_DEMO_TEAM.id}.${randomBytes(12).toString('hex')}`;
    this.codes.set(code, { clientId, redirectUri, scope, expiresAt: this.now() + CODE_TTL_MS });
    return code;
  }

  /** Single use: the code is gone whether or not the exchange succeeds. */
  takeCode(code: string): InstallCode | null {
    const entry = this.codes.get(code);
    this.codes.delete(code);
    return entry && entry.expiresAt > this.now() ? entry : null;
  }

  issueToken(): string {
    const token = `xoxb-${SLACK_DEMO_TEAM.id}-${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, 'active');
    return token;
  }

  tokenState(token: string): SlackTokenState | null {
    return this.tokens.get(token) ?? null;
  }

  /** Marks one token (or, without one, every token) revoked or its account inactive. */
  setTokenState(state: SlackTokenState, token?: string): number {
    const targets = token ? [token].filter((t) => this.tokens.has(t)) : [...this.tokens.keys()];
    for (const target of targets) this.tokens.set(target, state);
    return targets.length;
  }

  channel(id: string): SlackChannelState | undefined {
    return this.channels.find((channel) => channel.id === id || `#${channel.name}` === id);
  }

  post(channel: SlackChannelState, text: string, blocks: unknown[] | null): SlackPostedMessage {
    // ts is unique and increasing per workspace, as Slack's message ids are.
    const micros = Math.max(this.now() * 1000, this.lastTs + 1);
    this.lastTs = micros;
    const ts = `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`;
    const message = {
      channel: channel.id,
      channelName: channel.name,
      ts,
      text,
      blocks,
      postedAt: new Date(this.now()).toISOString(),
    };
    this.messages.push(message);
    return message;
  }
}
