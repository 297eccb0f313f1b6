// Test factory: a company's Slack installed in the sandbox's simulated workspace, as the install
// flow would leave it (consent, code exchange, the token sealed), without going through GraphQL.
import type { Sandbox } from '@tapwise/apple-ads-sandbox';
import { SLACK_SANDBOX_CLIENT_ID, SLACK_SANDBOX_CLIENT_SECRET } from '@tapwise/apple-ads-sandbox';
import type { AppContext } from '../app-context';
import { replaceSlackIntegration } from './slack.repository';

export async function installSandboxSlack(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  teamId: string,
  sandbox: Sandbox,
  notifyChannel: { id: string; name: string } | null = null,
) {
  const redirectUri = 'http://127.0.0.1/slack-integration/auth/cb';
  const consent = new URL(sandbox.slack.oauthUrl);
  consent.searchParams.set('client_id', SLACK_SANDBOX_CLIENT_ID);
  consent.searchParams.set('redirect_uri', redirectUri);
  const page = await (await fetch(consent)).text();
  const allow = new URL(/id="allow" href="([^"]+)"/.exec(page)![1]!.replaceAll('&amp;', '&'));
  const response = await fetch(`${sandbox.slack.apiUrl}oauth.v2.access`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: SLACK_SANDBOX_CLIENT_ID,
      client_secret: SLACK_SANDBOX_CLIENT_SECRET,
      code: allow.searchParams.get('code')!,
    }).toString(),
  });
  const access = (await response.json()) as {
    access_token: string;
    team: { id: string; name: string };
  };
  return replaceSlackIntegration(ctx.db, teamId, {
    slackTeamId: access.team.id,
    slackTeamName: access.team.name,
    botTokenSealed: ctx.secrets.seal(access.access_token),
    scope: 'chat:write',
    apiUrl: sandbox.slack.apiUrl,
    notifyChannelId: notifyChannel?.id ?? null,
    notifyChannelName: notifyChannel?.name ?? null,
  });
}
