// Reading and editing one user's account (auth/get-user, update-user): yourself, a member of a
// company you manage, or anyone for staff.
import type { z } from 'zod';
import type { updateUserInput } from '@tapwise/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { findMembership } from '../teams/teams.repository';
import { findUserByEmail, findUserById, updateUser, type User } from './accounts.repository';

export function publicProfile(user: User) {
  return {
    UserId: user.id,
    Email: user.email,
    FirstName: user.firstName,
    LastName: user.lastName,
    Phone: user.phone,
    JobTitle: user.jobTitle,
    locale: user.locale,
    IsDisabled: user.isDisabled,
    emailVerified: user.emailVerifiedAt !== null,
    CreatedOn: user.createdAt.toISOString(),
  };
}

async function mayRead(ctx: AppContext, auth: AuthContext, userId: string): Promise<boolean> {
  if (auth.userId === userId || auth.role === 'SUPERADMIN') return true;
  if (!auth.teamId || !auth.permissions.includes('teamManagement.read')) return false;
  // An invitation does not open the invited account's profile: only a member who joined does.
  const membership = await findMembership(ctx.db, auth.teamId, userId);
  return membership?.inviteStatus === 'ACCEPTED';
}

async function readable(ctx: AppContext, auth: AuthContext, user: User | undefined) {
  // Someone you may not see answers like someone who does not exist.
  if (!user || !(await mayRead(ctx, auth, user.id))) {
    throw new AppError('NOT_FOUND', 'No such user.');
  }
  return publicProfile(user);
}

export async function readUser(ctx: AppContext, auth: AuthContext, userId: string) {
  return readable(ctx, auth, await findUserById(ctx.db, userId));
}

export async function readUserByEmail(ctx: AppContext, auth: AuthContext, email: string) {
  return readable(ctx, auth, await findUserByEmail(ctx.db, email));
}

export async function editUser(
  ctx: AppContext,
  auth: AuthContext,
  userId: string,
  input: z.infer<typeof updateUserInput>,
) {
  if (auth.userId !== userId && auth.role !== 'SUPERADMIN') {
    throw new AppError('NOT_FOUND', 'No such user.');
  }
  if (auth.isReadOnly && auth.role !== 'SUPERADMIN') {
    throw new AppError('FORBIDDEN', 'Read-only members cannot change anything.');
  }
  if (!(await findUserById(ctx.db, userId))) throw new AppError('NOT_FOUND', 'No such user.');
  const user = await updateUser(ctx.db, userId, {
    ...(input.firstName ? { firstName: input.firstName } : {}),
    ...(input.lastName !== undefined ? { lastName: input.lastName ?? '' } : {}),
    ...(input.phone ? { phone: input.phone } : {}),
    ...(input.jobTitle ? { jobTitle: input.jobTitle } : {}),
    ...(input.locale ? { locale: input.locale } : {}),
  });
  return publicProfile(user);
}
