// Where a company's Slack is and how Tapwise calls it: Slack itself with the configured app, or,
// for a company connected to an Apple Ads sandbox (the demo, tests), the sandbox's simulated Slack
// with the demo app's credentials it knows (as kochavaBaseUrlFor does for Kochava).
import { APPLE_ADS_BASE_URL } from '@tapwise/apple-ads';
import { SLACK_SANDBOX_CLIENT_ID, SLACK_SANDBOX_CLIENT_SECRET } from '@tapwise/apple-ads-sandbox';
import { LogLevel, WebClient, type Logger as SlackLogger } from '@slack/web-api';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import type { Logger } from '../../platform/logger';
import { findIntegration } from '../integrations/integrations.repository';

export const SLACK_API_URL = 'https://slack.com/api/';
export const SLACK_OAUTH_URL = 'https://slack.com/oauth/v2/authorize';

export interface SlackApp {
  apiUrl: string;
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
}

/** The Slack app a company installs, or null: no credentials (the integration is unavailable). */
export async function slackAppFor(
  ctx: { db: Database; config: Pick<Config, 'slack'> },
  teamId: string,
): Promise<SlackApp | null> {
  const { slack } = ctx.config;
  const apple = await findIntegration(ctx.db, teamId);
  const origin = apple ? new URL(apple.baseUrl).origin : null;
  if (origin && origin !== new URL(APPLE_ADS_BASE_URL).origin && !slack.apiUrl)
    return {
      apiUrl: `${origin}/slack/api/`,
      oauthUrl: `${origin}/slack/oauth/v2/authorize`,
      clientId: SLACK_SANDBOX_CLIENT_ID,
      clientSecret: SLACK_SANDBOX_CLIENT_SECRET,
    };
  if (!slack.clientId || !slack.clientSecret) return null;
  return {
    apiUrl: slack.apiUrl ?? SLACK_API_URL,
    oauthUrl: slack.oauthUrl ?? SLACK_OAUTH_URL,
    clientId: slack.clientId,
    clientSecret: slack.clientSecret,
  };
}

/**
 * A Web API client. Rate limits (429) wait Retry-After and try again, as do Slack's 5xx, three
 * times at most: a notice is worth a short wait, not a job held for Slack's 30-minute policy.
 */
export function slackWebClient(apiUrl: string, token: string | undefined, logger: Logger) {
  return new WebClient(token, {
    slackApiUrl: apiUrl,
    timeout: 15_000,
    retryConfig: { retries: 3, factor: 2, minTimeout: 200, maxTimeout: 2_000 },
    logger: slackLogger(logger),
    logLevel: LogLevel.WARN,
  });
}

/** The client's lines go to the server's log (whose redaction also covers tokens). */
function slackLogger(logger: Logger): SlackLogger {
  const child = logger.child({ module: 'slack-web-api' });
  let level = LogLevel.WARN;
  return {
    debug: (...msg: unknown[]) => child.debug(msg.map(String).join(' ')),
    info: (...msg: unknown[]) => child.info(msg.map(String).join(' ')),
    warn: (...msg: unknown[]) => child.warn(msg.map(String).join(' ')),
    error: (...msg: unknown[]) => child.error(msg.map(String).join(' ')),
    setLevel: (next: LogLevel) => (level = next),
    getLevel: () => level,
    setName: () => undefined,
  };
}
