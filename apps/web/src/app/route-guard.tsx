// Client guards of spec 1 §6, read from each route's `access`. The server enforces the same
// rules; these only keep people away from pages that would refuse them.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { canOpen, isOnboarded, isSuperAdmin } from '../features/auth/session/session-access';
import type { Session } from '../features/auth/session/session-store';
import { useSession } from '../features/auth/session/use-session';
import type { Access } from './route-table';

const ONBOARD_PATH = '/onboard';

/** Where a guard sends the user instead of the page, or null when the page may open. */
export function guardRedirect(access: Access, session: Session | null, path: string) {
  if (access.kind === 'public') return null;
  if (!session) return '/login';
  if (access.kind === 'role') return session.claims.Role === access.role ? null : '/login';
  // A super admin may have no company of their own and is never limited by permissions.
  if (isSuperAdmin(session)) return null;
  if (!isOnboarded(session)) return path === ONBOARD_PATH ? null : ONBOARD_PATH;
  if (session.claims.permissions.length === 0) return '/logout';
  if (access.kind === 'permission' && !canOpen(session, access.area)) return '/overview';
  return null;
}

export function RouteGuard(props: { access: Access; path: string; children: ReactNode }) {
  const session = useSession();
  const redirectTo = guardRedirect(props.access, session, props.path);
  return redirectTo ? <Navigate to={redirectTo} replace /> : props.children;
}
