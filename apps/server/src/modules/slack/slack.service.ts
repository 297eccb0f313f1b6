// The chat integration (docs/slack.md): installing Slack through OAuth v2, the company's workspace
// and channels, the notification channel, the test message and uninstalling.
import { createHash, randomBytes } from 'node:crypto';
import {
  OAUTH_STATE_TTL_MS,
  SLACK_BOT_SCOPES,
  type SlackChannel,
  type SlackChannelRef,
  type SlackIntegration,
} from '@tapwise/contracts';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { slackAppFor, slackWebClient } from './slack-client';
import { postSlackMessage, slackErrorCode, withSlack } from './slack-messages';
import {
  claimOAuthState,
  findOAuthState,
  findSlackIntegration,
  insertOAuthState,
  replaceSlackIntegration,
  updateSlackIntegration,
  type SlackIntegrationRow,
} from './slack.repository';
import { tickChecklist } from '../onboarding/onboarding.service';

type Ctx = Pick<AppContext, 'db' | 'config' | 'logger' | 'secrets'>;
interface Member {
  teamId: string;
  userId: string;
}

export const SLACK_CALLBACK_PATH = '/slack-integration/auth/cb';
/** Channels change rarely; the pickers of one page visit share one listing. */
const CHANNELS_CACHE_MS = 60_000;
const channelsCache = new Map<string, { at: number; channels: SlackChannel[] }>();

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');
const stateInvalid = () =>
  new AppError(
    'OAUTH_STATE_INVALID',
    'This Slack install link is no longer valid. Please add again.',
  );

export function toSlackIntegrationView(row: SlackIntegrationRow): SlackIntegration {
  return {
    id: row.id,
    slackTeamId: row.slackTeamId,
    slackTeamName: row.slackTeamName,
    status: row.status,
    lastError: row.lastError,
    notifyChannel:
      row.notifyChannelId && row.notifyChannelName
        ? { id: row.notifyChannelId, name: row.notifyChannelName }
        : null,
    installedAt: row.createdAt.toISOString(),
  };
}

export async function isSlackAvailable(ctx: Ctx, teamId: string) {
  return (await slackAppFor(ctx, teamId)) !== null;
}

/** getOAuthState: a single-use state bound to the member and company, and Slack's consent URL. */
export async function startSlackInstall(ctx: Ctx, member: Member) {
  const app = await slackAppFor(ctx, member.teamId);
  if (!app)
    throw new AppError('SLACK_NOT_CONNECTED', 'Slack is not available on this installation');
  const state = randomBytes(32).toString('base64url');
  await insertOAuthState(ctx.db, member.teamId, {
    stateHash: hashState(state),
    userId: member.userId,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
  });
  const url = new URL(app.oauthUrl);
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('scope', SLACK_BOT_SCOPES.join(','));
  url.searchParams.set('state', state);
  url.searchParams.set('redirect_uri', redirectUri(ctx));
  return { state, authorizeUrl: url.toString() };
}

/** getOAuthStateInfo: whether the callback page's state is the caller's own and still good. */
export async function oauthStateInfo(ctx: Ctx, member: Member, state: string) {
  const row = await findOAuthState(ctx.db, member.teamId, member.userId, hashState(state));
  const valid = !!row && !row.usedAt && row.expiresAt.getTime() > Date.now();
  return { provider: 'SLACK', valid, expiresAt: row ? row.expiresAt.toISOString() : null };
}

/** The callback: the state is spent first, then Slack's code is exchanged for the bot token. */
export async function completeSlackInstall(
  ctx: Ctx,
  member: Member,
  input: { code: string; state: string },
): Promise<SlackIntegration> {
  const claimed = await claimOAuthState(
    ctx.db,
    member.teamId,
    member.userId,
    hashState(input.state),
    new Date(),
  );
  if (!claimed) throw stateInvalid();
  const app = await slackAppFor(ctx, member.teamId);
  if (!app)
    throw new AppError('SLACK_NOT_CONNECTED', 'Slack is not available on this installation');
  const client = slackWebClient(app.apiUrl, undefined, ctx.logger);
  let access;
  try {
    access = await client.oauth.v2.access({
      client_id: app.clientId,
      client_secret: app.clientSecret,
      code: input.code,
      redirect_uri: redirectUri(ctx),
    });
  } catch (error) {
    throw new AppError(
      'SLACK_FAILED',
      `Slack refused the install: ${slackErrorCode(error) ?? 'unreachable'}`,
    );
  }
  if (!access.access_token || !access.team?.id)
    throw new AppError('SLACK_FAILED', 'Slack refused the install: no bot token');
  const row = await replaceSlackIntegration(ctx.db, member.teamId, {
    slackTeamId: access.team.id,
    slackTeamName: access.team.name ?? access.team.id,
    botUserId: access.bot_user_id ?? null,
    botTokenSealed: ctx.secrets.seal(access.access_token),
    scope: access.scope ?? '',
    apiUrl: app.apiUrl,
    installedBy: member.userId,
  });
  await tickChecklist(ctx.db, member, 'slackIntegration');
  return toSlackIntegrationView(row);
}

export async function getSlackIntegration(ctx: Ctx, teamId: string) {
  const row = await findSlackIntegration(ctx.db, teamId);
  return row ? toSlackIntegrationView(row) : null;
}

/** Public channels and the private ones the bot was invited to, every page, briefly cached. */
export async function listSlackChannels(ctx: Ctx, teamId: string): Promise<SlackChannel[]> {
  const integration = await activeIntegration(ctx, teamId);
  const cached = channelsCache.get(integration.id);
  if (cached && Date.now() - cached.at < CHANNELS_CACHE_MS) return cached.channels;
  const channels = await withSlack(ctx, integration, async (client) => {
    const all: SlackChannel[] = [];
    for await (const page of client.paginate('conversations.list', {
      types: 'public_channel,private_channel',
      exclude_archived: true,
      limit: 200,
    })) {
      const listed = (page as { channels?: SlackApiChannel[] }).channels ?? [];
      all.push(...listed.map(toSlackChannel));
    }
    return all.sort((a, b) => a.name.localeCompare(b.name));
  });
  channelsCache.set(integration.id, { at: Date.now(), channels });
  return channels;
}

interface SlackApiChannel {
  id: string;
  name: string;
  is_private?: boolean;
  is_member?: boolean;
}
const toSlackChannel = (channel: SlackApiChannel): SlackChannel => ({
  id: channel.id,
  name: channel.name,
  isPrivate: channel.is_private === true,
  isMember: channel.is_member === true,
});

export async function setSlackNotifyChannel(ctx: Ctx, teamId: string, channel: SlackChannelRef) {
  const integration = await activeIntegration(ctx, teamId);
  const row = await updateSlackIntegration(ctx.db, teamId, integration.id, {
    notifyChannelId: channel.id,
    notifyChannelName: channel.name,
  });
  return toSlackIntegrationView(row!);
}

/** sendSlackMsg: `intId` must be the company's current integration. */
export async function sendSlackTestMessage(
  ctx: Ctx,
  teamId: string,
  input: { change: string; intId: string; channelId: string },
) {
  const integration = await findSlackIntegration(ctx.db, teamId);
  if (!integration || integration.id !== input.intId)
    throw new AppError('NOT_FOUND', 'Slack integration not found');
  await postSlackMessage(ctx, teamId, { channel: input.channelId, text: input.change });
  return true;
}

/** Revokes the token at Slack (a token Slack already refuses needs no revoking), then forgets it. */
export async function uninstallSlack(ctx: Ctx, teamId: string) {
  const integration = await findSlackIntegration(ctx.db, teamId);
  if (!integration) return false;
  const client = slackWebClient(
    integration.apiUrl,
    ctx.secrets.open(integration.botTokenSealed),
    ctx.logger,
  );
  try {
    await client.auth.revoke();
  } catch (error) {
    ctx.logger.info(
      { teamId, slackError: slackErrorCode(error) ?? 'unreachable' },
      'Slack token not revoked at uninstall',
    );
  }
  await updateSlackIntegration(ctx.db, teamId, integration.id, { status: 'DELETED' });
  channelsCache.delete(integration.id);
  return true;
}

async function activeIntegration(ctx: Ctx, teamId: string) {
  const integration = await findSlackIntegration(ctx.db, teamId);
  if (!integration || integration.status !== 'ACTIVE')
    throw new AppError('SLACK_NOT_CONNECTED', 'Slack is not connected');
  return integration;
}

const redirectUri = (ctx: Ctx) =>
  `${ctx.config.publicUrl.replace(/\/$/, '')}${SLACK_CALLBACK_PATH}`;
