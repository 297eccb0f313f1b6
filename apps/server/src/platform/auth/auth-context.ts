// Who is calling, as established from the access token and the server-side session.
import type { Access, Permission, Role } from '@tapwise/contracts';
import { AppError } from '../errors';

export interface AuthContext {
  userId: string;
  email: string;
  sessionId: string;
  teamId: string | null;
  role: Role | null;
  isReadOnly: boolean;
  /** Computed from the membership as stored now, not from the token, so changes apply at once. */
  permissions: readonly Permission[];
  /** The super admin acting as this user, while impersonating. */
  impersonatorId: string | null;
}

/** Establishes the caller from request headers: null when anonymous, AppError when invalid. */
export type Authenticator = (headers: {
  authorization?: string | undefined;
  sessionId?: string | undefined;
  /** Only the token-renewal and sign-out routes accept an expired token of a live session. */
  allowExpiredToken?: boolean;
}) => Promise<AuthContext | null>;

/**
 * Throws unless the caller may use an operation declared with `access`. Super admins pass every
 * permission check (spec 1 §6).
 */
export function assertAccess(auth: AuthContext | null, access: Access): void {
  if (access === 'public') return;
  if (!auth) throw new AppError('INVALID_SESSION', 'Invalid Session. Try login again');
  if (access === 'authenticated') return;
  if (auth.role === 'SUPERADMIN') return;
  if (!auth.permissions.includes(access)) {
    throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  }
}

export function requireAuth(auth: AuthContext | null): AuthContext {
  assertAccess(auth, 'authenticated');
  return auth!;
}

/** The company an operation works on; members without one have nothing to act on yet. */
export function requireTeam(auth: AuthContext | null): AuthContext & { teamId: string } {
  const caller = requireAuth(auth);
  if (!caller.teamId) throw new AppError('FORBIDDEN', 'Complete your profile first.');
  return caller as AuthContext & { teamId: string };
}
