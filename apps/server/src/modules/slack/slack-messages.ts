// Posting to a company's Slack: what scheduled reports, rule notifications and sync notices call.
import { WebAPIPlatformError, type WebClient } from '@slack/web-api';
import { AppError } from '../../platform/errors';
import type { JobContext } from '../job-context';
import { slackWebClient } from './slack-client';
import {
  findSlackIntegration,
  updateSlackIntegration,
  type SlackIntegrationRow,
} from './slack.repository';

export interface SlackMessage {
  /** A channel id (C…). */
  channel: string;
  /** The notification text (also what clients without blocks show). */
  text: string;
  /** Block Kit blocks. */
  blocks?: readonly Record<string, unknown>[];
}

type SlackContext = Pick<JobContext, 'db' | 'config' | 'logger' | 'secrets'>;

/** Slack's answers that mean the token no longer works: the company must add Slack again. */
const DEAD_TOKEN_ERRORS = new Set(['token_revoked', 'invalid_auth', 'account_inactive']);

/**
 * Posts to the company's workspace; throws AppError SLACK_NOT_CONNECTED without a working
 * integration, SLACK_FAILED with Slack's error code when Slack refused (rate limits retried).
 */
export async function postSlackMessage(
  ctx: SlackContext,
  teamId: string,
  message: SlackMessage,
): Promise<{ ts: string }> {
  const integration = await findSlackIntegration(ctx.db, teamId);
  if (!integration || integration.status !== 'ACTIVE')
    throw new AppError('SLACK_NOT_CONNECTED', 'Slack is not connected');
  return withSlack(ctx, integration, async (client) => {
    const post = () =>
      client.chat.postMessage({
        channel: message.channel,
        text: message.text,
        ...(message.blocks ? { blocks: message.blocks as never } : {}),
      });
    try {
      return { ts: (await post()).ts! };
    } catch (error) {
      // The bot may join a public channel on its own; a private one must invite it.
      if (slackErrorCode(error) !== 'not_in_channel') throw error;
      await client.conversations.join({ channel: message.channel });
      return { ts: (await post()).ts! };
    }
  });
}

/**
 * Runs calls with the integration's token; a dead token marks the integration INVALID (the
 * company sees "Invalid integration, Please add again.") and every Slack failure becomes an
 * AppError naming Slack's error code.
 */
export async function withSlack<T>(
  ctx: SlackContext,
  integration: SlackIntegrationRow,
  calls: (client: WebClient) => Promise<T>,
): Promise<T> {
  const client = slackWebClient(
    integration.apiUrl,
    ctx.secrets.open(integration.botTokenSealed),
    ctx.logger,
  );
  try {
    return await calls(client);
  } catch (error) {
    const code = slackErrorCode(error) ?? 'unreachable';
    if (DEAD_TOKEN_ERRORS.has(code)) {
      await updateSlackIntegration(ctx.db, integration.teamId, integration.id, {
        status: 'INVALID',
        lastError: code,
        lastErrorAt: new Date(),
      });
      throw new AppError('SLACK_NOT_CONNECTED', 'Invalid integration, Please add again.');
    }
    ctx.logger.warn(
      { teamId: integration.teamId, slackError: code, err: error },
      'Slack refused a call',
    );
    throw new AppError('SLACK_FAILED', `Slack refused the request: ${code}`);
  }
}

/** Slack's own error code ("channel_not_found"), or null when Slack did not answer one. */
export function slackErrorCode(error: unknown): string | null {
  return error instanceof WebAPIPlatformError ? error.data.error : null;
}
