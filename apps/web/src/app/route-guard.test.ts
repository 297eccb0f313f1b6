import { beforeEach, describe, expect, it } from 'vitest';
import { currentSession } from '../features/auth/session/session-store';
import { signIn } from '../test/session-fixtures';
import { guardRedirect } from './route-guard';
import { findPageRoute } from './route-table';

beforeEach(() => window.localStorage.clear());

function redirectFor(path: string) {
  const route = findPageRoute(path);
  if (!route) throw new Error(`no route ${path}`);
  return guardRedirect(route.access, currentSession(), path);
}

describe('route guards (spec 1 §6)', () => {
  it('opens public pages to everyone', () => {
    expect(redirectFor('/login')).toBeNull();
    expect(redirectFor('/verify')).toBeNull();
  });

  it('sends signed-out visitors of app pages to /login', () => {
    for (const path of ['/overview', '/goals', '/onboard', '/users']) {
      expect(redirectFor(path), path).toBe('/login');
    }
  });

  it('sends a user without a company to /onboard, and lets them complete it', () => {
    signIn({ TeamID: null, Role: null, permissions: [], teams: [] });
    expect(redirectFor('/overview')).toBe('/onboard');
    expect(redirectFor('/goals')).toBe('/onboard');
    expect(redirectFor('/onboard')).toBeNull();
  });

  it('sends a member with no permissions at all to /logout', () => {
    signIn({ permissions: [] });
    expect(redirectFor('/overview')).toBe('/logout');
  });

  it('sends a member without the area permission to /overview', () => {
    signIn({ Role: 'STAFF' });
    expect(redirectFor('/team-management')).toBe('/overview');
    expect(redirectFor('/campaign-generator-details')).toBe('/overview');
    expect(redirectFor('/goals')).toBeNull();
  });

  it('lets a read-only member open the areas it may read', () => {
    signIn({ Role: 'ADMIN', IsReadOnly: true });
    expect(redirectFor('/team-management')).toBeNull();
    expect(redirectFor('/ads-manager')).toBeNull();
  });

  it('keeps /users and /searchads-manage for super admins, else /login', () => {
    signIn({ Role: 'ADMIN' });
    expect(redirectFor('/users')).toBe('/login');
    expect(redirectFor('/searchads-manage')).toBe('/login');
    signIn({ Role: 'SUPERADMIN', TeamID: null, permissions: [] });
    expect(redirectFor('/users')).toBeNull();
    expect(redirectFor('/searchads-manage')).toBeNull();
    expect(redirectFor('/goals')).toBeNull();
  });
});
