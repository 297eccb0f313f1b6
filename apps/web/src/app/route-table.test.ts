import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNUP_PATH, findPageRoute, pageRoutes, redirectRoutes } from './route-table';

// The spec as kept in docs/spec; when the shared spec sits beside the repository (as in CI),
// it is read too, so a drift between the two copies fails here.
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const specFiles = [
  path.join(repoRoot, 'docs/spec/product-screens-states-roles-errors.md'),
  path.join(repoRoot, '../shared/spec/product-screens-states-roles-errors.md'),
].filter((file) => fs.existsSync(file));

/** The paths listed under "Routes:" in spec 1 §2, children expanded under their parent. */
function specRoutes(markdown: string): string[] {
  const section = markdown.split('Routes:')[1]!.split('Navigation:')[0]!;
  const paths = new Set<string>();
  for (const line of section.split('\n')) {
    for (const match of line.matchAll(/(?<![\w/])\/[a-z][\w/-]*/g)) paths.add(match[0]);
    const childrenText = line.match(/(\/[\w-]+) with children:? ([^;.]*)/);
    if (childrenText) {
      const [, base, list] = childrenText;
      for (const child of list!.split(/,| and /)) {
        const name = child.replace(/\(default\)|default sign-in/g, '').trim();
        if (name) paths.add(`${base}/${name}`);
      }
    }
  }
  return [...paths];
}

const registered = new Set([
  ...pageRoutes.map((route) => route.path),
  ...redirectRoutes.map((route) => route.path),
  SIGNUP_PATH,
]);

describe('route table', () => {
  it('reads the spec', () => {
    expect(specFiles.length).toBeGreaterThan(0);
  });

  for (const file of specFiles) {
    const paths = specRoutes(fs.readFileSync(file, 'utf8'));

    it(`registers every route of ${path.relative(repoRoot, file)} (${paths.length} paths)`, () => {
      expect(paths.length).toBeGreaterThanOrEqual(50);
      expect(paths.filter((route) => !registered.has(route))).toEqual([]);
    });
  }

  it('sends / and unknown paths to /login', () => {
    expect(redirectRoutes).toContainEqual({ path: '/', redirectTo: '/login' });
    expect(redirectRoutes).toContainEqual({ path: '*', redirectTo: '/login' });
  });

  it('registers each path once', () => {
    const paths = pageRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('hides the top bar on the pages spec 1 lists', () => {
    const hidden = [
      '/welcome-onboard',
      '/login',
      '/onboard',
      '/signin',
      '/logout',
      '/verify',
      '/forgot-password',
      '/change-password',
      '/signin/recovery',
      '/sa-integration/auth/cb',
      '/sa-integration/auth/cb/onboard',
      '/slack-integration/auth/cb',
    ];
    for (const path of hidden) expect(findPageRoute(path)?.chrome.topBar, path).toBe(false);
    expect(findPageRoute('/overview')?.chrome).toEqual({ topBar: true, sidebar: true });
  });

  it('hides the sidebar on the welcome and setup screens', () => {
    expect(findPageRoute('/welcome-onboard')?.chrome.sidebar).toBe(false);
    expect(findPageRoute('/welcome-onboard/setup')?.chrome).toEqual({
      topBar: true,
      sidebar: false,
    });
  });

  it("opens a mailed export's link in the app for any signed-in member", () => {
    expect(findPageRoute('/exports/5b0c9a38-3f7e-4a5e-9d43-2a1e1d6f0b11')).toMatchObject({
      page: 'exportJob',
      chrome: { topBar: true, sidebar: true },
      access: { kind: 'signedIn' },
    });
  });

  it('keeps /users and /searchads-manage for super admins', () => {
    for (const path of ['/users', '/searchads-manage']) {
      expect(findPageRoute(path)?.access).toEqual({ kind: 'role', role: 'SUPERADMIN' });
    }
  });
});
