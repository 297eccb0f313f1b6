// REST routes of spec 2 §7.2 for accounts and sessions (named without the identity vendor's
// suffix). Thin: validate with the shared schemas, call the service, wrap the result.
import {
  acceptInviteInput,
  changePasswordInput,
  emailOnlyInput,
  emailSchema,
  profileInput,
  resetPasswordInput,
  signInInput,
  signUpInput,
  tokenInput,
  updateUserInput,
  userDetailsInput,
  type ApiResult,
} from '@tapwise/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { listUsersWithTeams } from '../staff/staff.repository';
import { removeUser } from '../staff/staff.service';
import { findUserById } from './accounts.repository';
import {
  acceptInvite,
  changePassword,
  completeProfile,
  isSelfSignUpEnabled,
  requestRecovery,
  resendVerification,
  resetPassword,
  signIn,
  signUp,
  verifyEmail,
} from './accounts.service';
import { BLOCKED_EMAIL_DOMAINS } from './blocked-domains';
import { isInvitationFor } from './invitations';
import { endAllSessions, endSession, renewSession } from './sessions.service';
import { editUser, publicProfile, readUser, readUserByEmail } from './users.service';

const idParams = z.object({ id: z.uuid() });
const emailParams = z.object({ email: emailSchema });
const inviteQuery = z.object({ invite: tokenInput.shape.token });
const pageParams = z.object({ page: z.coerce.number().int().min(1).max(100_000) });
const USERS_PAGE_SIZE = 50;

export function ok<Data>(data: Data, successMessage?: string): ApiResult<Data> {
  return { code: 0, ...(successMessage ? { successMessage } : {}), data };
}

export function requestOrigin(request: FastifyRequest) {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] };
}

export function requestLocale(request: FastifyRequest): string {
  const locale = request.headers['x-locale'];
  return typeof locale === 'string' && /^[a-z]{2}$/.test(locale) ? locale : 'en';
}

export async function registerAccountRoutes(api: FastifyInstance, ctx: AppContext) {
  const open = { config: { access: 'public' as const } };
  const signedIn = { config: { access: 'authenticated' as const } };
  const renewing = { config: { access: 'authenticated' as const, allowExpiredToken: true } };

  api.post('/auth/signin', open, async (request) =>
    ok(await signIn(ctx, signInInput.parse(request.body), requestOrigin(request))),
  );

  api.post('/auth/signup', open, async (request) =>
    ok(
      await signUp(ctx, signUpInput.parse(request.body), requestLocale(request)),
      'Check your inbox for the verification link.',
    ),
  );

  api.post('/auth/vlink', open, async (request) => {
    await resendVerification(ctx, emailOnlyInput.parse(request.body).email);
    return ok({}, 'If the address needs verifying, a new link is on its way.');
  });

  api.post('/auth/vupdate', open, async (request) =>
    ok(await verifyEmail(ctx, tokenInput.parse(request.body).token, requestOrigin(request))),
  );

  api.post('/auth/recovery', open, async (request) => {
    await requestRecovery(ctx, emailOnlyInput.parse(request.body).email);
    return ok({}, 'If an account exists for this address, a reset link is on its way.');
  });

  api.post('/auth/pwdver', open, async (request) => {
    await resetPassword(ctx, resetPasswordInput.parse(request.body));
    return ok({}, 'Your password has been changed. Please sign in.');
  });

  api.post('/auth/change-password', signedIn, async (request) =>
    ok(
      await changePassword(
        ctx,
        requireAuth(request.auth),
        changePasswordInput.parse(request.body),
        requestOrigin(request),
      ),
      'Password changed successfully',
    ),
  );

  api.post('/auth/onboard', signedIn, async (request) =>
    ok(await completeProfile(ctx, requireAuth(request.auth), profileInput.parse(request.body))),
  );

  api.post('/auth/is-onboarded', signedIn, async (request) =>
    ok({ onboarded: requireAuth(request.auth).teamId !== null }),
  );

  api.post('/auth/user-details', renewing, async (request) => {
    const auth = requireAuth(request.auth);
    const input = userDetailsInput.parse(request.body);
    if (input.UserID !== auth.userId || input.SessId !== auth.sessionId) {
      throw new AppError('FORBIDDEN', 'These details belong to another session.');
    }
    const user = await findUserById(ctx.db, auth.userId);
    if (!user) throw new AppError('INVALID_SESSION', 'Invalid Session. Try login again');
    return ok(await renewSession(ctx, auth, user, input.switchTo?.TeamId));
  });

  api.post('/auth/signout', renewing, async (request) => {
    await endSession(ctx, requireAuth(request.auth));
    return ok({});
  });

  api.delete('/auth/clear-sessions', signedIn, async (request) =>
    ok({ ended: await endAllSessions(ctx, requireAuth(request.auth).userId) }),
  );

  api.post('/auth/accept', open, async (request) =>
    ok(await acceptInvite(ctx, acceptInviteInput.parse(request.body), requestOrigin(request))),
  );

  // Both answer only what the caller already holds (the invitation link, the right to see the
  // account), so neither tells a stranger whether an address has an account.
  api.get('/auth/is-invited/:email', open, async (request) => {
    const { email } = emailParams.parse(request.params);
    const { invite } = inviteQuery.parse(request.query);
    return ok({ invited: await isInvitationFor(ctx, invite, email) });
  });

  api.get('/auth/is-user-disabled/:email', signedIn, async (request) => {
    const { email } = emailParams.parse(request.params);
    return ok({
      disabled: (await readUserByEmail(ctx, requireAuth(request.auth), email)).IsDisabled,
    });
  });

  api.get('/auth/get-user/:id', signedIn, async (request) =>
    ok(await readUser(ctx, requireAuth(request.auth), idParams.parse(request.params).id)),
  );

  api.put('/auth/update-user/:id', signedIn, async (request) =>
    ok(
      await editUser(
        ctx,
        requireAuth(request.auth),
        idParams.parse(request.params).id,
        updateUserInput.parse(request.body),
      ),
      'Profile updated',
    ),
  );

  api.delete(
    '/auth/del-user/:id',
    { config: { access: 'staff.companies.write' } },
    async (request) => {
      await removeUser(ctx, requireAuth(request.auth), idParams.parse(request.params).id);
      return ok({}, 'Deleted Successfully');
    },
  );

  api.get(
    '/auth/get-users/:page',
    { config: { access: 'staff.companies.read' } },
    async (request) => {
      const { page } = pageParams.parse(request.params);
      const rows = await listUsersWithTeams(ctx.db, {
        offset: (page - 1) * USERS_PAGE_SIZE,
        limit: USERS_PAGE_SIZE,
      });
      return ok({
        page,
        pageSize: USERS_PAGE_SIZE,
        users: rows.map(({ user, teams }) => ({
          ...publicProfile(user),
          teams: teams.map(({ team, membership }) => ({
            TeamId: team.id,
            Company: team.name,
            Role: membership.role,
            IsDisabled: membership.isDisabled,
            IsReadOnly: membership.isReadOnly,
          })),
        })),
      });
    },
  );

  api.get('/auth/get-ss', open, async () => ok({ selfSignUp: await isSelfSignUpEnabled(ctx) }));

  api.get('/auth/bl-domains', open, async () => ok({ domains: BLOCKED_EMAIL_DOMAINS }));
}
