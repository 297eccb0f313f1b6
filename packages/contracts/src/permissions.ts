// The permission registry: every guarded capability as `area.action`, which roles hold it, and
// whether a read-only member keeps it. Server guards and the web app both read this table.
import type { Role } from './roles';

/** The guarded areas of spec 1 §6, plus the areas every signed-in member uses. */
export const PERMISSION_AREAS = [
  'overview',
  'adsManager',
  'campaignCreation',
  'keywordAnalysis',
  'keywordOptimization',
  'automationRules',
  'goals',
  'strategies',
  'scheduleReports',
  'campaignGenerator',
  'integrations',
  'teamManagement',
  'billing',
  'activityLog',
  'staff',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

interface PermissionDefinition {
  area: PermissionArea;
  /** Reading never changes anything, so read-only members keep read permissions only. */
  kind: 'read' | 'write';
  roles: readonly Role[];
}

const members: readonly Role[] = ['SUPERADMIN', 'ADMIN', 'STAFF'];
const admins: readonly Role[] = ['SUPERADMIN', 'ADMIN'];
const staffOnly: readonly Role[] = ['SUPERADMIN'];

export const PERMISSIONS = {
  'overview.read': { area: 'overview', kind: 'read', roles: members },
  'adsManager.read': { area: 'adsManager', kind: 'read', roles: members },
  'adsManager.write': { area: 'adsManager', kind: 'write', roles: members },
  'campaignCreation.read': { area: 'campaignCreation', kind: 'read', roles: members },
  'campaignCreation.write': { area: 'campaignCreation', kind: 'write', roles: members },
  'keywordAnalysis.read': { area: 'keywordAnalysis', kind: 'read', roles: members },
  'keywordAnalysis.write': { area: 'keywordAnalysis', kind: 'write', roles: members },
  'keywordOptimization.read': { area: 'keywordOptimization', kind: 'read', roles: members },
  'keywordOptimization.write': { area: 'keywordOptimization', kind: 'write', roles: members },
  'automationRules.read': { area: 'automationRules', kind: 'read', roles: members },
  'automationRules.write': { area: 'automationRules', kind: 'write', roles: members },
  /** The company's automation kill switch. */
  'automationRules.killSwitch': { area: 'automationRules', kind: 'write', roles: admins },
  /** Turning scripted rules on or off for the company (toggleAutomationV2). */
  'automationRules.scripts': { area: 'automationRules', kind: 'write', roles: admins },
  'goals.read': { area: 'goals', kind: 'read', roles: members },
  'goals.write': { area: 'goals', kind: 'write', roles: members },
  'strategies.read': { area: 'strategies', kind: 'read', roles: members },
  'strategies.write': { area: 'strategies', kind: 'write', roles: members },
  'scheduleReports.read': { area: 'scheduleReports', kind: 'read', roles: members },
  'scheduleReports.write': { area: 'scheduleReports', kind: 'write', roles: members },
  'campaignGenerator.read': { area: 'campaignGenerator', kind: 'read', roles: admins },
  'campaignGenerator.write': { area: 'campaignGenerator', kind: 'write', roles: admins },
  'integrations.read': { area: 'integrations', kind: 'read', roles: members },
  'integrations.write': { area: 'integrations', kind: 'write', roles: admins },
  'teamManagement.read': { area: 'teamManagement', kind: 'read', roles: admins },
  'teamManagement.write': { area: 'teamManagement', kind: 'write', roles: admins },
  'billing.read': { area: 'billing', kind: 'read', roles: admins },
  'billing.write': { area: 'billing', kind: 'write', roles: admins },
  'activityLog.read': { area: 'activityLog', kind: 'read', roles: members },
  /** Marking entries watched and deleting them (changeActivityWatched, deleteActivityLog). */
  'activityLog.write': { area: 'activityLog', kind: 'write', roles: admins },
  'staff.companies.read': { area: 'staff', kind: 'read', roles: staffOnly },
  'staff.companies.write': { area: 'staff', kind: 'write', roles: staffOnly },
  'staff.impersonate': { area: 'staff', kind: 'write', roles: staffOnly },
  'staff.settings.write': { area: 'staff', kind: 'write', roles: staffOnly },
  'staff.mail.read': { area: 'staff', kind: 'read', roles: staffOnly },
} as const satisfies Record<string, PermissionDefinition>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/**
 * What an operation requires: `public` (anyone), `authenticated` (any valid session, for the
 * user's own profile and session) or one permission.
 */
export type Access = 'public' | 'authenticated' | Permission;

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}

/** The permissions a membership carries; they travel in the session token. */
export function permissionsFor(role: Role, isReadOnly: boolean): Permission[] {
  return PERMISSION_NAMES.filter((name) => {
    const definition: PermissionDefinition = PERMISSIONS[name];
    if (!definition.roles.includes(role)) return false;
    // A super admin acting as staff is never limited by a read-only flag of a company.
    return !isReadOnly || role === 'SUPERADMIN' || definition.kind === 'read';
  });
}

/** Whether a list of permissions opens an area at all (for greyed sidebar items and guards). */
export function canOpenArea(permissions: readonly string[], area: PermissionArea): boolean {
  return permissions.some((name) => isPermission(name) && PERMISSIONS[name].area === area);
}
