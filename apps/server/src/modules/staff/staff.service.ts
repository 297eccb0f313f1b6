// Staff administration (/users, /searchads-manage): companies, users, sign-up and impersonation.
import type { SessionResponse } from '@tapwise/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import { emailExistsError } from '../accounts/account-errors';
import { recordActivity } from '../activity-log/activity-log.service';
import { createResetLink } from '../accounts/accounts.service';
import { startTrial } from '../billing/billing-status';
import { findUserByEmail, findUserById } from '../accounts/accounts.repository';
import {
  disconnectCompanySessions,
  endCompanySessions,
  openSession,
  type RequestOrigin,
} from '../accounts/sessions.service';
import type { AppContext } from '../app-context';
import {
  deleteTeam,
  findTeam,
  insertTeam,
  listMembershipsOfUser,
  updateTeam,
} from '../teams/teams.repository';
import { deleteScheduledReportsOfTeam } from '../scheduled-reports/scheduled-reports.repository';
import { inviteMember } from '../teams/teams.service';
import { deleteActivityLogsOfTeam, deleteUsers, usersOnlyIn } from './staff.repository';

export async function createCompanyAdmin(
  ctx: AppContext,
  staff: AuthContext,
  input: { email: string; companyName: string },
  locale: string,
) {
  if (await findUserByEmail(ctx.db, input.email)) {
    throw emailExistsError();
  }
  const team = await insertTeam(ctx.db, { name: input.companyName });
  try {
    // Billing on: the company trials TRIAL_PLAN from its creation, as one signing up does.
    await startTrial(ctx, team.id);
    await inviteMember(
      ctx,
      { ...staff, teamId: team.id },
      { email: input.email, role: 'ADMIN', isReadOnly: false },
      locale,
    );
  } catch (error) {
    await deleteTeam(ctx.db, team.id);
    throw error;
  }
  return team;
}

export async function setCompanyDisabled(ctx: AppContext, teamId: string, disabled: boolean) {
  const team = await updateTeam(ctx.db, teamId, { isDisabled: disabled });
  if (!team) throw new AppError('NOT_FOUND', 'No such company.');
  if (disabled) await disconnectCompanySessions(ctx, teamId);
  return team;
}

/** Deletes a company with everything it owns, including accounts that belonged to it alone. */
export async function deleteCompany(ctx: AppContext, teamId: string) {
  if (!(await findTeam(ctx.db, teamId))) throw new AppError('NOT_FOUND', 'No such company.');
  const orphans = await usersOnlyIn(ctx.db, teamId);
  await endCompanySessions(ctx, teamId);
  await ctx.db.transaction(async (tx) => {
    await deleteActivityLogsOfTeam(tx, teamId);
    await deleteScheduledReportsOfTeam(tx, teamId);
    await deleteTeam(tx, teamId);
    await deleteUsers(tx, orphans);
  });
  for (const userId of orphans) ctx.sessions.endUser(userId);
  return true;
}

/** Deletes one account everywhere (staff's removeSingleUser); staff accounts are kept. */
export async function removeUser(ctx: AppContext, staff: AuthContext, userId: string) {
  if (userId === staff.userId) throw new AppError('BAD_REQUEST', 'You cannot remove yourself.');
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user.');
  const entries = await listMembershipsOfUser(ctx.db, userId);
  if (entries.some(({ membership }) => membership.role === 'SUPERADMIN')) {
    throw new AppError('FORBIDDEN', 'Staff accounts cannot be removed here.');
  }
  await deleteUsers(ctx.db, [userId]);
  ctx.sessions.endUser(userId);
  return true;
}

export async function generateResetLink(ctx: AppContext, userId: string) {
  if (!(await findUserById(ctx.db, userId))) throw new AppError('NOT_FOUND', 'No such user.');
  return createResetLink(ctx, userId);
}

/**
 * Signs staff in as another user. The staff's own token stays with their browser (adminToken);
 * the new session remembers who is acting so every change is recorded with both identities.
 */
export async function impersonate(
  ctx: AppContext,
  staff: AuthContext,
  userId: string,
  teamId: string | undefined,
  origin: RequestOrigin,
): Promise<SessionResponse> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user.');
  if (user.id === staff.userId) throw new AppError('BAD_REQUEST', 'You are already this user.');
  const target = teamId ?? (await listMembershipsOfUser(ctx.db, userId))[0]?.team.id;
  const session = await openSession(ctx, user, {
    ...origin,
    teamId: target ?? null,
    impersonatorId: staff.userId,
  });
  if (target) {
    await recordActivity(ctx.db, { ...staff, impersonatorId: staff.userId, userId }, target, {
      logType: 'impersonation_started',
      message: `Staff ${staff.email} signed in as ${user.email}`,
      featureName: 'Companies',
      featurePath: '/users',
    });
  }
  return session;
}
