// Team management (/team-management): invitations, roles, read-only and disabled members.
import { ERROR_MESSAGES, SOCKET_EVENTS, type Role } from '@tapwise/contracts';
import type { z } from 'zod';
import type { inviteMemberInput } from '@tapwise/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';
import { newOneTimeToken } from '../../platform/auth/one-time-token';
import { AppError } from '../../platform/errors';
import { emailExistsError } from '../accounts/account-errors';
import { recordActivity } from '../activity-log/activity-log.service';
import { appLink, TOKEN_LIFETIME_MS } from '../accounts/accounts.service';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  insertOneTimeToken,
  insertUser,
} from '../accounts/accounts.repository';
import { emailDomain } from '../accounts/blocked-domains';
import { disconnectCompanySessions, endMembershipSessions } from '../accounts/sessions.service';
import type { AppContext } from '../app-context';
import {
  deleteMembership,
  findMembership,
  findTeam,
  insertMembership,
  listMembers,
  updateMembership,
} from './teams.repository';
import { tickChecklist } from '../onboarding/onboarding.service';

type Caller = AuthContext & { teamId: string };

const notAMember = () => new AppError('NOT_FOUND', 'No such member in your company.');

export async function listTeamMembers(ctx: AppContext, caller: Caller) {
  return listMembers(ctx.db, caller.teamId);
}

/** Mails a fresh invitation link for a pending membership. */
async function mailInvite(ctx: AppContext, teamId: string, userId: string) {
  const [team, user] = await Promise.all([findTeam(ctx.db, teamId), findUserById(ctx.db, userId)]);
  if (!team || !user) throw notAMember();
  const { token, tokenHash } = newOneTimeToken();
  await insertOneTimeToken(ctx.db, {
    tokenHash,
    purpose: 'INVITE',
    userId,
    teamId,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS.INVITE),
  });
  await ctx.mailer.send({
    to: user.email,
    template: 'invite',
    locale: user.locale,
    link: appLink(ctx, '/signin', token).replace('?token=', '?invite='),
    company: team.name,
  });
}

export async function inviteMember(
  ctx: AppContext,
  caller: Caller,
  input: z.infer<typeof inviteMemberInput>,
  locale: string,
) {
  const allowlist = ctx.config.inviteDomainAllowlist;
  if (allowlist.length && !allowlist.includes(emailDomain(input.email))) {
    throw new AppError('BAD_REQUEST', 'Invitations are limited to the allowed email domains.', {
      email: 'validation.emailDomainNotInvited',
    });
  }
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing && (await findMembership(ctx.db, caller.teamId, existing.id))) {
    throw emailExistsError();
  }
  const user = existing ?? (await insertUser(ctx.db, { email: input.email.toLowerCase(), locale }));
  const membership = await insertMembership(ctx.db, {
    teamId: caller.teamId,
    userId: user.id,
    role: input.role,
    isReadOnly: input.isReadOnly,
    inviteStatus: 'INVITED',
    invitedBy: caller.userId,
    invitedAt: new Date(),
  });
  try {
    await mailInvite(ctx, caller.teamId, user.id);
  } catch (error) {
    // Nothing half-created: the invitation goes, and so does an account made only for it.
    await deleteMembership(ctx.db, caller.teamId, user.id);
    if (!existing) await deleteUser(ctx.db, user.id);
    ctx.logger.error({ err: error }, 'invitation mail failed');
    throw new AppError('INTERNAL', ERROR_MESSAGES.INVITE_MAIL_FAILED);
  }
  await recordActivity(ctx.db, caller, caller.teamId, {
    logType: 'member_invited',
    message: `Invited ${user.email} as ${input.role}${input.isReadOnly ? ' (read-only)' : ''}`,
    featureName: 'Team Management',
    featurePath: '/team-management',
  });
  await tickChecklist(ctx.db, caller, 'addMember');
  return { membership, user };
}

export async function reinviteMember(ctx: AppContext, caller: Caller, userId: string) {
  const membership = await findMembership(ctx.db, caller.teamId, userId);
  if (!membership) throw notAMember();
  if (membership.inviteStatus !== 'INVITED') {
    throw new AppError('BAD_REQUEST', 'This member has already accepted the invitation.');
  }
  try {
    await mailInvite(ctx, caller.teamId, userId);
  } catch (error) {
    ctx.logger.error({ err: error }, 'invitation mail failed');
    throw new AppError('INTERNAL', ERROR_MESSAGES.INVITE_MAIL_FAILED);
  }
  await updateMembership(ctx.db, caller.teamId, userId, { invitedAt: new Date() });
  return membership;
}

export interface MemberChanges {
  role?: Role | null | undefined;
  isReadOnly?: boolean | null | undefined;
  isDisabled?: boolean | null | undefined;
}

export async function updateMember(
  ctx: AppContext,
  caller: Caller,
  userId: string,
  changes: MemberChanges,
) {
  const membership = await findMembership(ctx.db, caller.teamId, userId);
  if (!membership) throw notAMember();
  if (userId === caller.userId) {
    throw new AppError('BAD_REQUEST', 'You cannot change your own role or access.');
  }
  if (changes.role === 'SUPERADMIN' || membership.role === 'SUPERADMIN') {
    throw new AppError('FORBIDDEN', 'Super admin access is managed by staff.');
  }
  const patch = {
    ...(changes.role ? { role: changes.role } : {}),
    ...(changes.isReadOnly != null ? { isReadOnly: changes.isReadOnly } : {}),
    ...(changes.isDisabled != null ? { isDisabled: changes.isDisabled } : {}),
  };
  // Nothing asked to change (the spec's "no changes detected"): nothing to write or announce.
  if (Object.keys(patch).length === 0) return membership;
  const updated = await updateMembership(ctx.db, caller.teamId, userId, patch);
  // Live connections pick the change up at once: a disabled member is cut off from this company
  // (not from their others), anyone else renews their token so the screens match their new role.
  if (changes.isDisabled) await disconnectCompanySessions(ctx, caller.teamId, userId);
  else ctx.realtime.toUser(userId, SOCKET_EVENTS.sessionChanged, { teamId: caller.teamId });
  const user = await findUserById(ctx.db, userId);
  await recordActivity(ctx.db, caller, caller.teamId, {
    logType: 'member_updated',
    message: `Changed ${user?.email ?? userId}: ${JSON.stringify(changes)}`,
    featureName: 'Team Management',
    featurePath: '/team-management',
  });
  return updated!;
}

export async function removeMember(ctx: AppContext, caller: Caller, userId: string) {
  if (userId === caller.userId) throw new AppError('BAD_REQUEST', 'You cannot remove yourself.');
  const membership = await findMembership(ctx.db, caller.teamId, userId);
  if (!membership) throw notAMember();
  if (membership.role === 'SUPERADMIN') {
    throw new AppError('FORBIDDEN', 'Super admin access is managed by staff.');
  }
  await deleteMembership(ctx.db, caller.teamId, userId);
  await endMembershipSessions(ctx, caller.teamId, userId);
  const user = await findUserById(ctx.db, userId);
  await recordActivity(ctx.db, caller, caller.teamId, {
    logType: 'member_removed',
    message: `Removed ${user?.email ?? userId}`,
    featureName: 'Team Management',
    featurePath: '/team-management',
  });
  return true;
}
