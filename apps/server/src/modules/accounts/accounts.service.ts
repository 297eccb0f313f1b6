// Signing up, verifying, signing in, recovering and changing passwords, completing the profile
// and accepting invitations.
import { ERROR_MESSAGES, type SessionResponse } from '@tapwise/contracts';
import type { z } from 'zod';
import type {
  acceptInviteInput,
  changePasswordInput,
  profileInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
} from '@tapwise/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';
import { hashOneTimeToken, newOneTimeToken } from '../../platform/auth/one-time-token';
import { TIMING_DECOY_HASH, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { startTrial } from '../billing/billing-status';
import { countRecentMail } from '../mail/mail.repository';
import type { MailTemplate } from '../mail/mail-templates';
import {
  findMembership,
  insertMembership,
  insertTeam,
  listMembershipsOfUser,
  updateMembership,
} from '../teams/teams.repository';
import {
  consumeOneTimeToken,
  countRecentFailures,
  deleteUser,
  expireOneTimeTokens,
  findUsableOneTimeToken,
  findUserByEmail,
  findUserById,
  insertOneTimeToken,
  insertUser,
  readSetting,
  recordLoginAttempt,
  updateUser,
  writeSetting,
  type User,
} from './accounts.repository';
import { isBlockedDomain } from './blocked-domains';
import { openSession, renewSession, type RequestOrigin } from './sessions.service';
import { tickChecklist } from '../onboarding/onboarding.service';

const HOUR_MS = 3_600_000;
export const TOKEN_LIFETIME_MS = {
  VERIFY_EMAIL: 24 * HOUR_MS,
  RESET_PASSWORD: HOUR_MS,
  INVITE: 7 * 24 * HOUR_MS,
} as const;
/**
 * Failed sign-ins allowed in the window: of one account from one address, and from one address in
 * all. Never per account alone, which would let anyone lock its owner out.
 */
export const SIGN_IN_LIMITS = { windowMs: 15 * 60_000, perPair: 5, perAddress: 20 } as const;
/** Account mails (links, notices) one address receives an hour at most, whoever asks. */
export const ACCOUNT_MAIL_LIMIT = { windowMs: HOUR_MS, perAddress: 3 } as const;
const SELF_SIGN_UP_KEY = 'selfSignUp';

const signInFailed = () => new AppError('BAD_REQUEST', ERROR_MESSAGES.SIGN_IN_FAILED);

export async function isSelfSignUpEnabled(ctx: AppContext): Promise<boolean> {
  return (await readSetting<boolean>(ctx.db, SELF_SIGN_UP_KEY)) ?? ctx.config.selfSignUpDefault;
}

export async function setSelfSignUp(ctx: AppContext, enabled: boolean): Promise<boolean> {
  await writeSetting(ctx.db, SELF_SIGN_UP_KEY, enabled);
  return enabled;
}

export function appLink(ctx: AppContext, path: string, token: string): string {
  return `${ctx.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

/**
 * Whether one more account mail of this kind may go to the address. Requests over the limit are
 * answered like the others and mail nothing, so nobody can flood a mailbox through Tapwise.
 */
async function mayMail(ctx: AppContext, email: string, template: MailTemplate): Promise<boolean> {
  const since = new Date(Date.now() - ACCOUNT_MAIL_LIMIT.windowMs);
  const sent = await countRecentMail(ctx.db, { recipient: email, templates: [template], since });
  if (sent < ACCOUNT_MAIL_LIMIT.perAddress) return true;
  ctx.logger.info({ template }, 'account mail not sent: the address had its hourly share');
  return false;
}

async function mailVerificationLink(ctx: AppContext, user: User) {
  if (!(await mayMail(ctx, user.email, 'verifyEmail'))) return;
  const { token, tokenHash } = newOneTimeToken();
  await insertOneTimeToken(ctx.db, {
    tokenHash,
    purpose: 'VERIFY_EMAIL',
    userId: user.id,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS.VERIFY_EMAIL),
  });
  await ctx.mailer.send({
    to: user.email,
    template: 'verifyEmail',
    locale: user.locale,
    link: appLink(ctx, '/verify', token),
  });
}

export async function signUp(
  ctx: AppContext,
  input: z.infer<typeof signUpInput>,
  locale: string,
): Promise<{ email: string }> {
  if (!(await isSelfSignUpEnabled(ctx))) {
    throw new AppError(
      'FORBIDDEN',
      'Self sign-up is turned off. Ask your company admin for an invitation.',
    );
  }
  if (isBlockedDomain(input.email, ctx.config.inviteDomainAllowlist)) {
    throw new AppError('BAD_REQUEST', 'Please use your work email address.', {
      email: 'validation.emailDomainBlocked',
    });
  }
  // Hashed before looking the address up, so both answers below take the same time.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) {
    // Answered like a new address, so sign-up tells nobody who has an account; the owner hears.
    if (await mayMail(ctx, existing.email, 'accountExists')) {
      await ctx.mailer.send({
        to: existing.email,
        template: 'accountExists',
        locale: existing.locale,
        link: `${ctx.config.publicUrl}/forgot-password`,
      });
    }
    return { email: input.email.toLowerCase() };
  }
  const user = await insertUser(ctx.db, { email: input.email.toLowerCase(), passwordHash, locale });
  try {
    await mailVerificationLink(ctx, user);
  } catch (error) {
    // No half-created account: without its link nobody could ever verify it.
    await deleteUser(ctx.db, user.id);
    ctx.logger.error({ err: error }, 'sign-up failed: the verification mail was not sent');
    throw new AppError('INTERNAL', ERROR_MESSAGES.CREATE_USER_FAILED);
  }
  return { email: user.email };
}

export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.emailVerifiedAt && !user.isDisabled) await mailVerificationLink(ctx, user);
}

export async function verifyEmail(
  ctx: AppContext,
  token: string,
  origin: RequestOrigin,
): Promise<SessionResponse> {
  const used = await consumeOneTimeToken(ctx.db, hashOneTimeToken(token), 'VERIFY_EMAIL');
  if (!used) {
    throw new AppError('BAD_REQUEST', 'This verification link is invalid or has expired.');
  }
  const user = await updateUser(ctx.db, used.userId, { emailVerifiedAt: new Date() });
  return openSession(ctx, user, origin);
}

export async function signIn(
  ctx: AppContext,
  input: z.infer<typeof signInInput>,
  origin: RequestOrigin,
): Promise<SessionResponse> {
  const ipAddress = origin.ipAddress ?? 'unknown';
  const user = await findUserByEmail(ctx.db, input.email);
  // A new password (the reset link is the owner's way out of a lock) starts the count again.
  const windowStart = Date.now() - SIGN_IN_LIMITS.windowMs;
  const since = new Date(Math.max(windowStart, user?.passwordChangedAt?.getTime() ?? 0));
  const failures = await countRecentFailures(ctx.db, input.email, ipAddress, since);
  if (
    failures.byPair >= SIGN_IN_LIMITS.perPair ||
    failures.byAddress >= SIGN_IN_LIMITS.perAddress
  ) {
    throw new AppError(
      'RATE_LIMITED',
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
  }
  const valid = await verifyPassword(user?.passwordHash ?? TIMING_DECOY_HASH, input.password);
  const attempt = { email: input.email, ipAddress, userAgent: origin.userAgent ?? null };
  if (!user || !valid) {
    await recordLoginAttempt(ctx.db, { ...attempt, userId: user?.id ?? null, succeeded: false });
    throw signInFailed();
  }
  if (user.isDisabled) {
    await recordLoginAttempt(ctx.db, { ...attempt, userId: user.id, succeeded: false });
    throw new AppError(
      'ACCOUNT_DISABLED',
      'Your account is either disabled or unauthorized. Try login again or contact Admin.',
    );
  }
  if (!user.emailVerifiedAt) {
    await mailVerificationLink(ctx, user);
    throw new AppError(
      'FORBIDDEN',
      'Please verify your email address first. We have sent you a new verification link.',
    );
  }
  await recordLoginAttempt(ctx.db, { ...attempt, userId: user.id, succeeded: true });
  return openSession(ctx, user, origin);
}

export async function requestRecovery(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.isDisabled || !(await mayMail(ctx, user.email, 'resetPassword'))) return;
  await ctx.mailer.send({
    to: user.email,
    template: 'resetPassword',
    locale: user.locale,
    link: await createResetLink(ctx, user.id),
  });
}

export async function createResetLink(ctx: AppContext, userId: string): Promise<string> {
  const { token, tokenHash } = newOneTimeToken();
  await insertOneTimeToken(ctx.db, {
    tokenHash,
    purpose: 'RESET_PASSWORD',
    userId,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS.RESET_PASSWORD),
  });
  return appLink(ctx, '/change-password', token);
}

/**
 * Sets a new password: every session begun before it then answers code 23, and every reset link
 * still outstanding stops working. `usingLink` is the reset link that proves the right to do so;
 * it is used up in the same transaction, so of two links used at once only one succeeds.
 */
async function replacePassword(
  ctx: AppContext,
  userId: string,
  password: string,
  usingLink?: string,
): Promise<User> {
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    if (usingLink && !(await consumeOneTimeToken(tx, usingLink, 'RESET_PASSWORD'))) {
      throw new AppError('BAD_REQUEST', 'This link is invalid or has expired.');
    }
    await expireOneTimeTokens(tx, userId, 'RESET_PASSWORD');
    return updateUser(tx, userId, { passwordHash, passwordChangedAt: new Date() });
  });
}

export async function resetPassword(ctx: AppContext, input: z.infer<typeof resetPasswordInput>) {
  const tokenHash = hashOneTimeToken(input.token);
  const link = await findUsableOneTimeToken(ctx.db, tokenHash, 'RESET_PASSWORD');
  if (!link) throw new AppError('BAD_REQUEST', 'This link is invalid or has expired.');
  await replacePassword(ctx, link.userId, input.password, tokenHash);
  // A reset link proves the mailbox, so it verifies the address as well.
  await updateUser(ctx.db, link.userId, { emailVerifiedAt: new Date() });
  ctx.sessions.endUser(link.userId);
}

export async function changePassword(
  ctx: AppContext,
  auth: AuthContext,
  input: z.infer<typeof changePasswordInput>,
  origin: RequestOrigin,
): Promise<SessionResponse> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', 'The current password is not correct.', {
      currentPassword: 'The current password is not correct.',
    });
  }
  const updated = await replacePassword(ctx, user.id, input.newPassword);
  // Sessions begun before the change now answer code 23; this device carries on in a new one,
  // and its socket stays until the web app opens the new session's (cut now, it would race the
  // answer and read as the session ended elsewhere).
  ctx.sessions.endUser(user.id, auth.sessionId);
  return openSession(ctx, updated, { ...origin, teamId: auth.teamId });
}

/** Profile completion (/onboard): the details, and for a new user their own company. */
export async function completeProfile(
  ctx: AppContext,
  auth: AuthContext,
  input: z.infer<typeof profileInput>,
): Promise<SessionResponse> {
  const user = await ctx.db.transaction(async (tx) => {
    const updated = await updateUser(tx, auth.userId, {
      firstName: input.firstName,
      lastName: input.lastName ?? '',
      phone: input.phone,
      jobTitle: input.jobTitle,
    });
    const memberships = await listMembershipsOfUser(tx, auth.userId);
    if (memberships.length === 0) {
      const team = await insertTeam(tx, { name: input.companyName });
      await insertMembership(tx, { teamId: team.id, userId: auth.userId, role: 'ADMIN' });
      // Billing on: the new company trials TRIAL_PLAN from now (docs/billing.md).
      await startTrial({ db: tx, config: ctx.config }, team.id);
    }
    return updated;
  });
  const firstTeam = (await listMembershipsOfUser(ctx.db, auth.userId))[0]?.team.id;
  await tickChecklist(ctx.db, { ...auth, teamId: auth.teamId ?? firstTeam }, 'onboarding');
  return renewSession(ctx, auth, user, auth.teamId ?? firstTeam);
}

export async function acceptInvite(
  ctx: AppContext,
  input: z.infer<typeof acceptInviteInput>,
  origin: RequestOrigin,
): Promise<SessionResponse> {
  const tokenHash = hashOneTimeToken(input.token);
  const invalid = () => new AppError('BAD_REQUEST', 'This invitation is invalid or has expired.');
  // Checked before the link is used up, so a form sent without a password can be sent again.
  const pending = await findUsableOneTimeToken(ctx.db, tokenHash, 'INVITE');
  const existing = pending && (await findUserById(ctx.db, pending.userId));
  if (!pending?.teamId || !existing) throw invalid();
  const teamId = pending.teamId;
  const needsAccount = !existing.passwordHash;
  if (needsAccount && (!input.password || !input.firstName)) {
    throw new AppError('BAD_REQUEST', 'Choose a password and give your name to join.', {
      ...(input.password ? {} : { password: 'validation.required' }),
      ...(input.firstName ? {} : { firstName: 'validation.required' }),
    });
  }
  const passwordHash = needsAccount ? await hashPassword(input.password!) : undefined;
  const user = await ctx.db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, tokenHash, 'INVITE'))) throw invalid();
    if (!(await findMembership(tx, teamId, existing.id))) {
      throw new AppError('BAD_REQUEST', 'This invitation was withdrawn.');
    }
    const updated = await updateUser(tx, existing.id, {
      emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      ...(passwordHash
        ? {
            passwordHash,
            firstName: input.firstName!,
            lastName: input.lastName ?? '',
            phone: input.phone ?? '',
            jobTitle: input.jobTitle ?? '',
          }
        : {}),
    });
    await updateMembership(tx, teamId, existing.id, { inviteStatus: 'ACCEPTED' });
    return updated;
  });
  await tickChecklist(ctx.db, { teamId, userId: user.id }, 'onboarding');
  return openSession(ctx, user, { ...origin, teamId });
}
