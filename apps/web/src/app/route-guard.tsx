// Client guards of spec 1 §6, read from each route's `access`, and the subscription guards of
// spec 1 §2 (docs/billing.md). The server enforces the same rules; these only keep people away
// from pages that would refuse them.
import { BILLING_OFF_STATUS } from '@tapwise/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { canOpen, isOnboarded, isSuperAdmin } from '../features/auth/session/session-access';
import type { Session } from '../features/auth/session/session-store';
import { useSession } from '../features/auth/session/use-session';
import {
  isLockedOut,
  useBillingStatus,
  type BillingStatus,
} from '../features/billing/billing-status';
import type { Access } from './route-table';

const ONBOARD_PATH = '/onboard';
export const EXPIRED_PATH = '/expired-free-trial';

/** The billing pages: they do not exist while billing is off. */
export const BILLING_PATHS: ReadonlySet<string> = new Set([
  '/subscription-plan',
  '/pricing-plan',
  '/manage-subscription',
  EXPIRED_PATH,
  '/cb-poc',
]);

/** What a cancelled company's members may still open: paying again and their own password. */
const OPEN_WHEN_CANCELLED: ReadonlySet<string> = new Set([
  ...BILLING_PATHS,
  '/signin/change-password',
]);

/** Where a guard sends the user instead of the page, or null when the page may open. */
export function guardRedirect(
  access: Access,
  session: Session | null,
  path: string,
  billing: BillingStatus = BILLING_OFF_STATUS,
) {
  if (access.kind === 'public') return null;
  if (!session) return '/login';
  if (access.kind === 'role') return session.claims.Role === access.role ? null : '/login';
  if (!billing.enabled && BILLING_PATHS.has(path)) return '/overview';
  // A super admin may have no company of their own and is never limited by permissions.
  if (isSuperAdmin(session)) return null;
  if (!isOnboarded(session)) return path === ONBOARD_PATH ? null : ONBOARD_PATH;
  if (session.claims.permissions.length === 0) return '/logout';
  if (isLockedOut(session, billing) && !OPEN_WHEN_CANCELLED.has(path)) return EXPIRED_PATH;
  if (access.kind === 'permission' && !canOpen(session, access.area)) return '/overview';
  return null;
}

export function RouteGuard(props: { access: Access; path: string; children: ReactNode }) {
  const session = useSession();
  const { status } = useBillingStatus();
  const redirectTo = guardRedirect(props.access, session, props.path, status);
  return redirectTo ? <Navigate to={redirectTo} replace /> : props.children;
}
