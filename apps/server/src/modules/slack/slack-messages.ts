// Posting to a company's Slack: what scheduled reports, rule notifications and sync notices call.
// Seam: the Slack integration work implements it.
import type { JobContext } from '../job-context';

export interface SlackMessage {
  /** A channel id (C…). */
  channel: string;
  /** The notification text (also what clients without blocks show). */
  text: string;
  /** Block Kit blocks. */
  blocks?: readonly Record<string, unknown>[];
}

/**
 * Posts to the company's workspace; throws AppError SLACK_NOT_CONNECTED without a working
 * integration, SLACK_FAILED with Slack's error code when Slack refused (rate limits retried).
 */
export async function postSlackMessage(
  _ctx: Pick<JobContext, 'db' | 'config' | 'logger' | 'secrets'>,
  _teamId: string,
  _message: SlackMessage,
): Promise<{ ts: string }> {
  throw new Error('postSlackMessage: not implemented yet');
}
