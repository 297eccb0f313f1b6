import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, PERMISSION_NAMES, canOpenArea, permissionsFor } from './permissions';
import { ROLES } from './roles';

describe('permission registry', () => {
  it('names every permission area.action after its area', () => {
    for (const name of PERMISSION_NAMES) {
      expect(name.startsWith(`${PERMISSIONS[name].area}.`), name).toBe(true);
    }
  });

  it('gives super admins every permission, read-only or not', () => {
    expect(permissionsFor('SUPERADMIN', false)).toEqual(PERMISSION_NAMES);
    expect(permissionsFor('SUPERADMIN', true)).toEqual(PERMISSION_NAMES);
  });

  it('keeps team management and the campaign generator for admins', () => {
    expect(canOpenArea(permissionsFor('ADMIN', false), 'teamManagement')).toBe(true);
    expect(canOpenArea(permissionsFor('STAFF', false), 'teamManagement')).toBe(false);
    expect(canOpenArea(permissionsFor('STAFF', false), 'campaignGenerator')).toBe(false);
  });

  it('lets admins mark and delete activity-log entries, members only read them', () => {
    expect(permissionsFor('ADMIN', false)).toContain('activityLog.write');
    expect(permissionsFor('ADMIN', true)).not.toContain('activityLog.write');
    expect(permissionsFor('STAFF', false)).not.toContain('activityLog.write');
    expect(permissionsFor('STAFF', false)).toContain('activityLog.read');
  });

  it('never gives a staff-only permission to a company role', () => {
    for (const role of ['ADMIN', 'STAFF'] as const) {
      expect(permissionsFor(role, false).filter((name) => name.startsWith('staff.'))).toEqual([]);
    }
  });

  it('leaves a read-only member exactly the read permissions of the role', () => {
    fc.assert(
      fc.property(fc.constantFrom('ADMIN', 'STAFF' as const), (role) => {
        const readOnly = permissionsFor(role, true);
        expect(readOnly.every((name) => PERMISSIONS[name].kind === 'read')).toBe(true);
        expect(readOnly).toEqual(
          permissionsFor(role, false).filter((name) => PERMISSIONS[name].kind === 'read'),
        );
      }),
    );
  });

  it('knows every role', () => {
    for (const role of ROLES) expect(permissionsFor(role, false).length).toBeGreaterThan(0);
  });
});
