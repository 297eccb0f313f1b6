// The chat integration (docs/slack.md): a company's Slack workspace, its channels and the OAuth
// install flow (spec 2 §7.3 getOAuthState, getOAuthStateInfo, sendSlackMsg).
import { z } from 'zod';

export const OAUTH_PROVIDERS = ['SLACK'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const SLACK_INTEGRATION_STATUSES = ['ACTIVE', 'INVALID', 'DELETED'] as const;
export type SlackIntegrationStatus = (typeof SLACK_INTEGRATION_STATUSES)[number];

/** The bot scopes Tapwise asks for: list channels, post, join public channels. */
export const SLACK_BOT_SCOPES = [
  'channels:read',
  'groups:read',
  'chat:write',
  'channels:join',
] as const;

/** An install state is good for this long after getOAuthState. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export interface SlackIntegration {
  id: string;
  slackTeamId: string;
  slackTeamName: string;
  status: SlackIntegrationStatus;
  lastError: string | null;
  /** The channel told about failed syncs and invalid integrations. */
  notifyChannel: { id: string; name: string } | null;
  installedAt: string;
}

export interface SlackChannel {
  id: string;
  name: string;
  isPrivate: boolean;
  /** The bot is a member (private channels must invite it; public ones are joined on posting). */
  isMember: boolean;
}

/** A channel picked in the app (notification channel, rule action): Slack's id and its name. */
export const slackChannelRefSchema = z.object({
  id: z.string().regex(/^[CGD][A-Z0-9]{2,30}$/, 'validation.idInvalid'),
  name: z.string().trim().min(1).max(80),
});
export type SlackChannelRef = z.infer<typeof slackChannelRefSchema>;

export const oauthStartInput = z.object({ provider: z.enum(OAUTH_PROVIDERS) });

/** What the install callback page hands back: Slack's code and the state it was given. */
export const slackInstallInput = z.object({
  code: z.string().trim().min(1).max(500),
  state: z.string().trim().min(1).max(200),
});

/** sendSlackMsg: a test message (spec 2 §7.3 `change` is its text). */
export const slackTestMessageInput = z.object({
  change: z.string().trim().min(1).max(3000),
  intId: z.uuid(),
  channelId: slackChannelRefSchema.shape.id,
});
