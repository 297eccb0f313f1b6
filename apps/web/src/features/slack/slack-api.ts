// The chat integration's GraphQL calls (docs/api/scheduled-reports.md, "Chat integration (Slack)"):
// reading needs integrations.read, installing and every change integrations.write.
import type { SlackChannel, SlackIntegration } from '@tapwise/contracts';
import { graphqlRequest } from '../../shared/api/graphql';

const INTEGRATION_FIELDS =
  'id slackTeamId slackTeamName status lastError notifyChannel { id name } installedAt';

export const slackKeys = {
  all: ['slack'] as const,
  integration: ['slack', 'integration'] as const,
  channels: ['slack', 'channels'] as const,
};

export const slackApi = {
  /** The integration (null: none) and whether this installation offers Slack at all. */
  integration: async () =>
    graphqlRequest<{ slackAvailable: boolean; slackIntegration: SlackIntegration | null }>(
      `query { slackAvailable slackIntegration { ${INTEGRATION_FIELDS} } }`,
    ),
  channels: async () =>
    (
      await graphqlRequest<{ slackChannels: SlackChannel[] }>(
        'query { slackChannels { id name isPrivate isMember } }',
      )
    ).slackChannels,
  startInstall: async () =>
    (
      await graphqlRequest<{ getOAuthState: { state: string; authorizeUrl: string } }>(
        'mutation { getOAuthState(provider: "SLACK") { state authorizeUrl } }',
      )
    ).getOAuthState,
  completeInstall: async (code: string, state: string) =>
    (
      await graphqlRequest<{ completeSlackInstall: SlackIntegration }>(
        `mutation($code: String!, $state: String!) {
          completeSlackInstall(code: $code, state: $state) { ${INTEGRATION_FIELDS} } }`,
        { code, state },
      )
    ).completeSlackInstall,
  setNotifyChannel: async (channel: { id: string; name: string }) =>
    (
      await graphqlRequest<{ setSlackNotifyChannel: SlackIntegration }>(
        `mutation($channelId: String!, $channelName: String!) {
          setSlackNotifyChannel(channelId: $channelId, channelName: $channelName) { ${INTEGRATION_FIELDS} } }`,
        { channelId: channel.id, channelName: channel.name },
      )
    ).setSlackNotifyChannel,
  sendTest: async (input: { change: string; intId: string; channelId: string }) =>
    (
      await graphqlRequest<{ sendSlackMsg: boolean }>(
        `mutation($change: String!, $intId: ID!, $channelId: String!) {
          sendSlackMsg(change: $change, intId: $intId, channelId: $channelId) }`,
        input,
      )
    ).sendSlackMsg,
  uninstall: async () =>
    (await graphqlRequest<{ uninstallSlack: boolean }>('mutation { uninstallSlack }'))
      .uninstallSlack,
};
