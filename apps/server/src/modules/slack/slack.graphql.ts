// GraphQL of the chat integration (docs/api/scheduled-reports.md, Chat integration (Slack)).
import type { SlackChannel, SlackIntegration } from '@tapwise/contracts';
import {
  oauthStartInput,
  slackChannelRefSchema,
  slackInstallInput,
  slackTestMessageInput,
} from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import {
  completeSlackInstall,
  getSlackIntegration,
  isSlackAvailable,
  listSlackChannels,
  oauthStateInfo,
  sendSlackTestMessage,
  setSlackNotifyChannel,
  startSlackInstall,
  uninstallSlack,
} from './slack.service';

/** A channel as a member chose it: its id, and its name at the time. */
export const SlackChannelChoiceRef = builder
  .objectRef<{ id: string; name: string }>('SlackChannelChoice')
  .implement({ fields: (t) => ({ id: t.exposeString('id'), name: t.exposeString('name') }) });

const SlackIntegrationRef = builder.objectRef<SlackIntegration>('SlackIntegration').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    slackTeamId: t.exposeString('slackTeamId'),
    slackTeamName: t.exposeString('slackTeamName'),
    status: t.exposeString('status'),
    lastError: t.exposeString('lastError', { nullable: true }),
    notifyChannel: t.field({
      type: SlackChannelChoiceRef,
      nullable: true,
      resolve: (row) => row.notifyChannel,
    }),
    installedAt: t.exposeString('installedAt'),
  }),
});

const SlackChannelRef = builder.objectRef<SlackChannel>('SlackChannel').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    isPrivate: t.exposeBoolean('isPrivate'),
    isMember: t.exposeBoolean('isMember'),
  }),
});

const OAuthStartRef = builder
  .objectRef<{ state: string; authorizeUrl: string }>('OAuthStart')
  .implement({
    fields: (t) => ({
      state: t.exposeString('state'),
      authorizeUrl: t.exposeString('authorizeUrl'),
    }),
  });

const OAuthStateInfoRef = builder
  .objectRef<{ provider: string; valid: boolean; expiresAt: string | null }>('OAuthStateInfo')
  .implement({
    fields: (t) => ({
      provider: t.exposeString('provider'),
      valid: t.exposeBoolean('valid'),
      expiresAt: t.exposeString('expiresAt', { nullable: true }),
    }),
  });

builder.queryField('slackAvailable', (t) =>
  t.boolean({
    ...access('integrations.read'),
    resolve: (_root, _args, { app, auth }) => isSlackAvailable(app, requireTeam(auth).teamId),
  }),
);

builder.queryField('slackIntegration', (t) =>
  t.field({
    ...access('integrations.read'),
    type: SlackIntegrationRef,
    nullable: true,
    resolve: (_root, _args, { app, auth }) => getSlackIntegration(app, requireTeam(auth).teamId),
  }),
);

builder.queryField('slackChannels', (t) =>
  t.field({
    ...access('integrations.read'),
    type: [SlackChannelRef],
    resolve: (_root, _args, { app, auth }) => listSlackChannels(app, requireTeam(auth).teamId),
  }),
);

builder.queryField('getOAuthStateInfo', (t) =>
  t.field({
    ...access('integrations.write'),
    type: OAuthStateInfoRef,
    args: { state: t.arg.string({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      oauthStateInfo(app, requireTeam(auth), slackInstallInput.shape.state.parse(args.state)),
  }),
);

builder.mutationField('getOAuthState', (t) =>
  t.field({
    ...access('integrations.write'),
    type: OAuthStartRef,
    args: { provider: t.arg.string({ required: true }) },
    resolve: (_root, args, { app, auth }) => {
      oauthStartInput.parse(args);
      return startSlackInstall(app, requireTeam(auth));
    },
  }),
);

builder.mutationField('completeSlackInstall', (t) =>
  t.field({
    ...access('integrations.write'),
    type: SlackIntegrationRef,
    args: { code: t.arg.string({ required: true }), state: t.arg.string({ required: true }) },
    resolve: (_root, args, { app, auth }) =>
      completeSlackInstall(app, requireTeam(auth), slackInstallInput.parse(args)),
  }),
);

builder.mutationField('setSlackNotifyChannel', (t) =>
  t.field({
    ...access('integrations.write'),
    type: SlackIntegrationRef,
    args: {
      channelId: t.arg.string({ required: true }),
      channelName: t.arg.string({ required: true }),
    },
    resolve: (_root, args, { app, auth }) =>
      setSlackNotifyChannel(
        app,
        requireTeam(auth).teamId,
        slackChannelRefSchema.parse({ id: args.channelId, name: args.channelName }),
      ),
  }),
);

builder.mutationField('sendSlackMsg', (t) =>
  t.boolean({
    ...access('integrations.write'),
    args: {
      change: t.arg.string({ required: true }),
      intId: t.arg.id({ required: true }),
      channelId: t.arg.string({ required: true }),
    },
    resolve: (_root, args, { app, auth }) =>
      sendSlackTestMessage(
        app,
        requireTeam(auth).teamId,
        slackTestMessageInput.parse({ ...args, intId: String(args.intId) }),
      ),
  }),
);

builder.mutationField('uninstallSlack', (t) =>
  t.boolean({
    ...access('integrations.write'),
    resolve: (_root, _args, { app, auth }) => uninstallSlack(app, requireTeam(auth).teamId),
  }),
);
