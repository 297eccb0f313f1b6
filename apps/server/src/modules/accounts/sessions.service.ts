// Sessions: issuing them with their signed access token, checking them on every request, and
// renewing, switching and ending them (spec 2 §3.5, spec 1 §4 "Session").
import {
  permissionsFor,
  type Role,
  type SessionClaims,
  type SessionResponse,
  type SubscriptionStatus,
  type TeamEntry,
} from '@tapwise/contracts';
import { signAccessToken, verifyAccessToken } from '../../platform/auth/access-token';
import type { AuthContext, Authenticator } from '../../platform/auth/auth-context';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { sessionSubscriptionStatus } from '../billing/billing-status';
import { listMembershipsOfUser } from '../teams/teams.repository';
import {
  findSessionForAuth,
  insertSession,
  listCompanySessionIds,
  revokeCompanySessions,
  revokeSession,
  revokeUserSessions,
  setSessionTeam,
  touchSession,
  type User,
} from './accounts.repository';

const DAY_MS = 86_400_000;
/** Sliding expiry is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

const invalidSession = () => new AppError('INVALID_SESSION', 'Invalid Session. Try login again');
const accountDisabled = () =>
  new AppError(
    'ACCOUNT_DISABLED',
    'Your account is either disabled or unauthorized. Try login again or contact Admin.',
  );

export interface RequestOrigin {
  ipAddress?: string | undefined;
  userAgent?: string | undefined;
}

type MembershipEntries = Awaited<ReturnType<typeof listMembershipsOfUser>>;

/** The team a session opens in: the requested one, else the first usable membership. */
function usableTeamId(entries: MembershipEntries, requested?: string | null) {
  const usable = entries.filter(
    ({ membership, team }) =>
      !membership.isDisabled && !team.isDisabled && membership.inviteStatus === 'ACCEPTED',
  );
  if (requested) return usable.find(({ team }) => team.id === requested)?.team.id;
  return usable[0]?.team.id ?? null;
}

function buildClaims(
  user: User,
  entries: MembershipEntries,
  teamId: string | null,
  sessionId: string,
  impersonatorId: string | null,
  subscriptionStatus: SubscriptionStatus | null,
): SessionClaims {
  const current = entries.find(({ team }) => team.id === teamId);
  const role: Role | null = current?.membership.role ?? null;
  const isReadOnly = current?.membership.isReadOnly ?? false;
  const teams: TeamEntry[] = entries
    .filter(({ membership }) => membership.inviteStatus === 'ACCEPTED')
    .map(({ membership, team }) => ({
      TeamId: team.id,
      Company: team.name,
      Role: membership.role,
      IsDisabled: membership.isDisabled || team.isDisabled,
      CreatedOn: membership.createdAt.toISOString(),
      IsReadOnly: membership.isReadOnly,
    }));
  return {
    UserId: user.id,
    TeamID: current ? current.team.id : null,
    Role: role,
    FirstName: user.firstName,
    LastName: user.lastName,
    Email: user.email,
    Phone: user.phone,
    CompanyName: current?.team.name ?? '',
    JobTitle: user.jobTitle,
    IsReadOnly: isReadOnly,
    permissions: role ? permissionsFor(role, isReadOnly) : [],
    teams,
    subscriptionStatus: current ? subscriptionStatus : null,
    sessId: sessionId,
    ...(impersonatorId ? { impersonatedBy: impersonatorId } : {}),
  };
}

async function sessionResponse(
  ctx: AppContext,
  user: User,
  entries: MembershipEntries,
  teamId: string | null,
  sessionId: string,
  impersonatorId: string | null,
): Promise<SessionResponse> {
  // The billing status of the company (null while billing is off), docs/billing.md.
  const status = await sessionSubscriptionStatus(ctx, teamId);
  const claims = buildClaims(user, entries, teamId, sessionId, impersonatorId, status);
  const { token, expiresAt } = await signAccessToken(
    claims,
    ctx.authSecret,
    ctx.config.accessTokenTtlSeconds,
  );
  return {
    token,
    sessId: sessionId,
    expiresAt: expiresAt.toISOString(),
    user: claims,
    onboarded: claims.TeamID !== null,
  };
}

/** Opens a new session for a user who has just proven who they are. */
export async function openSession(
  ctx: AppContext,
  user: User,
  options: RequestOrigin & { teamId?: string | null; impersonatorId?: string | null } = {},
): Promise<SessionResponse> {
  const entries = await listMembershipsOfUser(ctx.db, user.id);
  const teamId = usableTeamId(entries, options.teamId);
  if (options.teamId && !teamId) throw accountDisabled();
  const session = await insertSession(ctx.db, {
    userId: user.id,
    teamId,
    impersonatorId: options.impersonatorId ?? null,
    expiresAt: new Date(Date.now() + ctx.config.sessionTtlDays * DAY_MS),
    ipAddress: options.ipAddress ?? null,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    // The application clock, like passwordChangedAt, so the code-23 comparison is exact.
    createdAt: new Date(),
  });
  return sessionResponse(ctx, user, entries, teamId ?? null, session.id, session.impersonatorId);
}

/**
 * Establishes the caller from the access token and the server-side session. The token alone is
 * never enough: the session must be live, the account and the membership enabled, and the
 * password unchanged since the session began.
 */
export async function authenticate(
  ctx: AppContext,
  headers: Parameters<Authenticator>[0],
): Promise<AuthContext | null> {
  const bearer = headers.authorization?.match(/^Bearer (.+)$/i)?.[1];
  if (!bearer) return null;
  let claims: SessionClaims;
  try {
    claims = await verifyAccessToken(bearer, ctx.authSecret, {
      allowExpired: headers.allowExpiredToken ?? false,
    });
  } catch {
    throw invalidSession();
  }
  if (headers.sessionId && headers.sessionId !== claims.sessId) throw invalidSession();
  const found = await findSessionForAuth(ctx.db, claims.sessId);
  if (!found || found.user.id !== claims.UserId) throw invalidSession();
  const { session, user, membership, teamDisabled } = found;
  const now = new Date();
  if (session.revokedAt || session.expiresAt < now) throw invalidSession();
  if (user.isDisabled) throw accountDisabled();
  if (user.passwordChangedAt && user.passwordChangedAt > session.createdAt) {
    throw new AppError(
      'PASSWORD_CHANGED',
      'Your password has been changed in some other device, please login again.',
    );
  }
  if ((claims.TeamID ?? null) !== (session.teamId ?? null)) throw invalidSession();
  if (session.teamId && (!membership || membership.isDisabled || teamDisabled)) {
    throw accountDisabled();
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(
      ctx.db,
      session.id,
      new Date(now.getTime() + ctx.config.sessionTtlDays * DAY_MS),
    );
  }
  const role = membership?.role ?? null;
  const isReadOnly = membership?.isReadOnly ?? false;
  return {
    userId: user.id,
    email: user.email,
    sessionId: session.id,
    teamId: session.teamId,
    role,
    isReadOnly,
    permissions: role ? permissionsFor(role, isReadOnly) : [],
    impersonatorId: session.impersonatorId,
  };
}

/** A fresh token for the same session, or for another of the user's companies (switchTeam). */
export async function renewSession(
  ctx: AppContext,
  auth: AuthContext,
  user: User,
  switchToTeamId?: string,
): Promise<SessionResponse> {
  const entries = await listMembershipsOfUser(ctx.db, auth.userId);
  let teamId = auth.teamId;
  if (switchToTeamId && switchToTeamId !== auth.teamId) {
    const target = usableTeamId(entries, switchToTeamId);
    if (!target) throw new AppError('NOT_FOUND', 'You cannot switch to this company.');
    await setSessionTeam(ctx.db, auth.sessionId, target);
    teamId = target;
  }
  return sessionResponse(ctx, user, entries, teamId, auth.sessionId, auth.impersonatorId);
}

export async function endSession(ctx: AppContext, auth: AuthContext): Promise<void> {
  await revokeSession(ctx.db, auth.sessionId);
  ctx.sessions.endSessions([auth.sessionId]);
}

export async function endAllSessions(ctx: AppContext, userId: string): Promise<number> {
  const ended = await revokeUserSessions(ctx.db, userId);
  ctx.sessions.endSessions(ended);
  return ended.length;
}

/** A member leaves a company: their sessions there end, those in their other companies go on. */
export async function endMembershipSessions(
  ctx: AppContext,
  teamId: string,
  userId: string,
): Promise<void> {
  ctx.sessions.endSessions(await revokeCompanySessions(ctx.db, { teamId, userId }));
}

/** A company goes: every session acting in it ends. */
export async function endCompanySessions(ctx: AppContext, teamId: string): Promise<void> {
  ctx.sessions.endSessions(await revokeCompanySessions(ctx.db, { teamId }));
}

/**
 * A company or a membership is disabled: the live connections of its sessions are cut at once,
 * and each session's next request answers code 22. The sessions stay, so enabling it again lets
 * them carry on.
 */
export async function disconnectCompanySessions(
  ctx: AppContext,
  teamId: string,
  userId?: string,
): Promise<void> {
  ctx.sessions.endSessions(await listCompanySessionIds(ctx.db, { teamId, userId }));
}
