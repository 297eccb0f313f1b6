// GraphQL twins of the invitation and password-reset links (spec 2 §7.3 Users and teams).
import { acceptInviteInput, resetPasswordInput } from '@tapwise/contracts';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { SessionPayloadRef } from '../teams/teams.graphql';
import { acceptInvite, resetPassword } from './accounts.service';

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
