import { INVITABLE_ROLES, inviteMemberInput, type SessionResponse } from '@tapwise/contracts';
import { requireAuth, requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { AppError } from '../../platform/errors';
import { findUserById, type User } from '../accounts/accounts.repository';
import { renewSession } from '../accounts/sessions.service';
import { findMembership, findTeam, type Membership, type Team } from './teams.repository';
import {
  inviteMember,
  listTeamMembers,
  reinviteMember,
  removeMember,
  updateMember,
} from './teams.service';

export const RoleEnum = builder.enumType('Role', {
  values: ['SUPERADMIN', 'ADMIN', 'STAFF'] as const,
});
const InvitableRoleEnum = builder.enumType('InvitableRole', { values: INVITABLE_ROLES });

const UNSHARED_PROFILE = { firstName: '', lastName: '', phone: '', jobTitle: '' };

/**
 * What a company sees of a member's profile. The invited address may already have an account
 * (in another company): nothing of it is shown until the invitation is accepted.
 */
function sharedProfile({ membership, user }: { membership: Membership; user: User }) {
  return membership.inviteStatus === 'ACCEPTED' ? user : UNSHARED_PROFILE;
}

export const TeamMemberRef = builder
  .objectRef<{ membership: Membership; user: User }>('TeamMember')
  .implement({
    fields: (t) => ({
      userId: t.id({ resolve: ({ user }) => user.id }),
      email: t.string({ resolve: ({ user }) => user.email }),
      firstName: t.string({ resolve: (member) => sharedProfile(member).firstName }),
      lastName: t.string({ resolve: (member) => sharedProfile(member).lastName }),
      phone: t.string({ resolve: (member) => sharedProfile(member).phone }),
      jobTitle: t.string({ resolve: (member) => sharedProfile(member).jobTitle }),
      role: t.field({ type: RoleEnum, resolve: ({ membership }) => membership.role }),
      isReadOnly: t.boolean({ resolve: ({ membership }) => membership.isReadOnly }),
      isDisabled: t.boolean({ resolve: ({ membership }) => membership.isDisabled }),
      inviteStatus: t.string({ resolve: ({ membership }) => membership.inviteStatus }),
      invitedAt: t.field({
        type: 'DateTime',
        nullable: true,
        resolve: ({ membership }) => membership.invitedAt,
      }),
      createdOn: t.field({ type: 'DateTime', resolve: ({ membership }) => membership.createdAt }),
    }),
  });

export const CompanyRef = builder.objectRef<Team>('Company').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    isDisabled: t.exposeBoolean('isDisabled'),
    dataRetentionDays: t.exposeInt('dataRetentionDays'),
    trialEndsAt: t.expose('trialEndsAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const SessionPayloadRef = builder.objectRef<SessionResponse>('SessionPayload').implement({
  fields: (t) => ({
    token: t.exposeString('token'),
    sessId: t.exposeString('sessId'),
    expiresAt: t.exposeString('expiresAt'),
    onboarded: t.exposeBoolean('onboarded'),
  }),
});

async function memberView(
  app: Parameters<typeof findMembership>[0],
  teamId: string,
  userId: string,
) {
  const [membership, user] = await Promise.all([
    findMembership(app, teamId, userId),
    findUserById(app, userId),
  ]);
  if (!membership || !user) throw new AppError('NOT_FOUND', 'No such member in your company.');
  return { membership, user };
}

builder.queryFields((t) => ({
  findByTeamId: t.field({
    ...access('teamManagement.read'),
    type: [TeamMemberRef],
    description: 'The members of the current company, invitations included.',
    resolve: (_root, _args, { app, auth }) => listTeamMembers(app, requireTeam(auth)),
  }),
  companyDetails: t.field({
    ...access('authenticated'),
    type: CompanyRef,
    nullable: true,
    resolve: async (_root, _args, { app, auth }) => {
      const caller = requireAuth(auth);
      return caller.teamId ? ((await findTeam(app.db, caller.teamId)) ?? null) : null;
    },
  }),
}));

builder.mutationFields((t) => ({
  inviteTeamMember: t.field({
    ...access('teamManagement.write'),
    type: TeamMemberRef,
    args: {
      email: t.arg.string({ required: true }),
      role: t.arg({ type: InvitableRoleEnum, required: true }),
      isReadOnly: t.arg.boolean({ required: false }),
    },
    resolve: async (_root, args, { app, auth, locale }) => {
      const input = inviteMemberInput.parse({ ...args, isReadOnly: args.isReadOnly ?? false });
      const caller = requireTeam(auth);
      const { user } = await inviteMember(app, caller, input, locale);
      return memberView(app.db, caller.teamId, user.id);
    },
  }),
  reInviteCA: t.field({
    ...access('teamManagement.write'),
    type: TeamMemberRef,
    args: { userId: t.arg.id({ required: true }) },
    resolve: async (_root, { userId }, { app, auth }) => {
      const caller = requireTeam(auth);
      await reinviteMember(app, caller, String(userId));
      return memberView(app.db, caller.teamId, String(userId));
    },
  }),
  updateTeamMember: t.field({
    ...access('teamManagement.write'),
    type: TeamMemberRef,
    args: {
      userId: t.arg.id({ required: true }),
      role: t.arg({ type: InvitableRoleEnum, required: false }),
      isReadOnly: t.arg.boolean({ required: false }),
      isDisabled: t.arg.boolean({ required: false }),
    },
    resolve: async (_root, { userId, ...changes }, { app, auth }) => {
      const caller = requireTeam(auth);
      await updateMember(app, caller, String(userId), changes);
      return memberView(app.db, caller.teamId, String(userId));
    },
  }),
  deleteTeamMember: t.boolean({
    ...access('teamManagement.write'),
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_root, { userId }, { app, auth }) =>
      removeMember(app, requireTeam(auth), String(userId)),
  }),
  switchTeam: t.field({
    ...access('authenticated'),
    type: SessionPayloadRef,
    args: { teamId: t.arg.id({ required: true }) },
    resolve: async (_root, { teamId }, { app, auth }) => {
      const caller = requireAuth(auth);
      const user = await findUserById(app.db, caller.userId);
      if (!user) throw new AppError('INVALID_SESSION', 'Invalid Session. Try login again');
      return renewSession(app, caller, user, String(teamId));
    },
  }),
}));
