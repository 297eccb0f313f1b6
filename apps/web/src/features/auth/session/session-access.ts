// What the session allows, read from the permissions the token carries (spec 1 §6). A super
// admin sees every page without permission checks.
import { canOpenArea, type Permission, type PermissionArea } from '@tapwise/contracts';
import type { Session } from './session-store';

export function isSuperAdmin(session: Session | null): boolean {
  return session?.claims.Role === 'SUPERADMIN';
}

export function canOpen(session: Session | null, area: PermissionArea): boolean {
  if (!session) return false;
  return isSuperAdmin(session) || canOpenArea(session.claims.permissions, area);
}

export function hasPermission(session: Session | null, permission: Permission): boolean {
  if (!session) return false;
  return isSuperAdmin(session) || session.claims.permissions.includes(permission);
}

/** Onboarded means the user has completed the profile and belongs to a company. */
export function isOnboarded(session: Session): boolean {
  return session.claims.TeamID !== null;
}
