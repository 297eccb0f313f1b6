// GraphQL twins of the invitation and password-reset links (spec 2 §7.3 Users and teams), and
// `me`: the signed-in user with what the session claims do not carry (spec 2 §3.5 onAutomationV2).
import { acceptInviteInput, resetPasswordInput } from '@tapwise/contracts';
import { requireAuth } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { readScriptsEnabled } from '../automation/rules.repository';
import { SessionPayloadRef } from '../teams/teams.graphql';
import { findUserById, type User } from './accounts.repository';
import { acceptInvite, resetPassword } from './accounts.service';

const UserRef = builder.objectRef<{ user: User; teamId: string | null }>('User').implement({
  fields: (t) => ({
    id: t.id({ resolve: ({ user }) => user.id }),
    email: t.string({ resolve: ({ user }) => user.email }),
    firstName: t.string({ resolve: ({ user }) => user.firstName }),
    lastName: t.string({ resolve: ({ user }) => user.lastName }),
    onAutomationV2: t.boolean({
      description: 'The current company has scripted rules on (false outside a company)',
      resolve: ({ teamId }, _args, { app }) =>
        teamId ? readScriptsEnabled(app.db, teamId) : false,
    }),
  }),
});

builder.queryFields((t) => ({
  me: t.field({
    ...access('authenticated'),
    type: UserRef,
    resolve: async (_root, _args, { app, auth }) => {
      const caller = requireAuth(auth);
      const user = await findUserById(app.db, caller.userId);
      if (!user) throw new AppError('NOT_FOUND', 'No such user.');
      return { user, teamId: caller.teamId };
    },
  }),
}));

builder.mutationFields((t) => ({
  updateInviteAccepted: t.field({
    ...access('public'),
    type: SessionPayloadRef,
    description: 'Accepts an invitation from its mailed token and signs the member in.',
    args: {
      token: t.arg.string({ required: true }),
      password: t.arg.string({ required: false }),
      firstName: t.arg.string({ required: false }),
      lastName: t.arg.string({ required: false }),
      phone: t.arg.string({ required: false }),
      jobTitle: t.arg.string({ required: false }),
    },
    resolve: (_root, args, { app, origin }) =>
      acceptInvite(
        app,
        acceptInviteInput.parse(
          Object.fromEntries(Object.entries(args).filter(([, value]) => value != null)),
        ),
        origin,
      ),
  }),
  updatePwdVer: t.boolean({
    ...access('public'),
    description: 'Sets a new password from a mailed reset token; every older session ends.',
    args: { token: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_root, args, { app }) => {
      await resetPassword(app, resetPasswordInput.parse(args));
      return true;
    },
  }),
}));
