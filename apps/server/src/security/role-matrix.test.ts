// The whole API surface against every kind of caller: each operation declares its access, and each
// role is allowed or refused exactly as the permission registry says (another company's ids: see
// cross-tenant.test.ts).
import {
  PERMISSIONS,
  isPermission,
  permissionsFor,
  type Access,
  type Role,
} from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGraphQLSchema } from '../modules/graphql-schema';
import { rootFieldAccess } from '../platform/graphql/access-guard';
import { apiClient, type ApiClient, type Session } from '../platform/testing/api-client';
import { createCompany, createMember } from '../platform/testing/factories';
import { startTestServer, type TestServer } from '../platform/testing/test-server';
import { sampleOperationText } from './schema-operations';

const schema = buildGraphQLSchema();
const fields = rootFieldAccess(schema);

interface Caller {
  name: string;
  role: Role | null;
  isReadOnly: boolean;
  session?: Session;
}

let server: TestServer;
let api: ApiClient;
const callers: Caller[] = [
  { name: 'anonymous', role: null, isReadOnly: false },
  { name: 'STAFF', role: 'STAFF', isReadOnly: false },
  { name: 'STAFF read-only', role: 'STAFF', isReadOnly: true },
  { name: 'ADMIN', role: 'ADMIN', isReadOnly: false },
  { name: 'ADMIN read-only', role: 'ADMIN', isReadOnly: true },
  { name: 'SUPERADMIN', role: 'SUPERADMIN', isReadOnly: false },
];

beforeAll(async () => {
  // The matrix sends every operation as every caller: far more than a person's rate limit.
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '100000' });
  api = apiClient(server.url);
  const company = await createCompany(server.database.db, 'Matrix Co');
  for (const caller of callers) {
    if (!caller.role) continue;
    const member = await createMember(server.database.db, company.id, {
      role: caller.role,
      isReadOnly: caller.isReadOnly,
    });
    caller.session = await api.signIn(member.email, member.password);
  }
});
afterAll(async () => {
  await server?.close();
});

function expectedAllowed(access: Access, caller: Caller): boolean {
  if (access === 'public') return true;
  if (!caller.role) return false;
  if (access === 'authenticated' || caller.role === 'SUPERADMIN') return true;
  return permissionsFor(caller.role, caller.isReadOnly).includes(access);
}

describe('closed by default', () => {
  it('every GraphQL operation declares an access from the registry', () => {
    for (const field of fields) {
      expect(field.access, field.operation).toBeDefined();
      const access = field.access!;
      expect(
        ['public', 'authenticated'].includes(access) || isPermission(access),
        field.operation,
      ).toBe(true);
    }
    console.info(`access matrix: ${fields.length} GraphQL operations declare their access`);
  });

  it('every REST route declares an access from the registry', () => {
    const routes = server.app.routeAccess;
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const access = route.access;
      expect(access, `${route.method} ${route.url}`).toBeDefined();
      const known = ['public', 'authenticated'].includes(access!) || isPermission(access!);
      expect(known, route.url).toBe(true);
    }
    console.info(`access matrix: ${routes.length} REST routes declare their access`);
  });

  it('refuses anonymous callers on every signed-in REST route', async () => {
    const signedIn = server.app.routeAccess.filter(
      (route) => route.access !== 'public' && route.url.startsWith('/v1/api/'),
    );
    expect(signedIn.length).toBeGreaterThan(5);
    for (const route of signedIn) {
      const path = route.url.replace('/v1/api/', '').replace(/:(\w+)/g, 'x');
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const answer = await api.rest(route.method, path, body);
      expect(answer.status, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('REST role matrix', () => {
  it('answers each role on permission-guarded REST routes as the registry says', async () => {
    const guardedRoutes = server.app.routeAccess.filter(
      (route) => route.access && isPermission(route.access) && route.url.startsWith('/v1/api/'),
    );
    expect(guardedRoutes.length).toBeGreaterThan(0);
    for (const route of guardedRoutes) {
      const path = route.url
        .replace('/v1/api/', '')
        .replace(':page', '1')
        .replace(/:(\w+)/g, '00000000-0000-4000-8000-00000000abcd');
      for (const caller of callers.filter((entry) => entry.session)) {
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
        const answer = await api.rest(route.method, path, body, caller.session);
        const label = `${caller.name} ${route.method} ${route.url}`;
        if (expectedAllowed(route.access!, caller)) expect(answer.status, label).not.toBe(403);
        else expect(answer.status, label).toBe(403);
      }
    }
  });
});

describe('role matrix', () => {
  const queryType = schema.getQueryType()!;
  const mutationType = schema.getMutationType()!;
  const guarded = fields.filter((field) => field.access !== 'public');

  for (const field of guarded) {
    const definition = (field.kind === 'query' ? queryType : mutationType).getFields()[
      field.operation
    ]!;
    it(`${field.kind} ${field.operation} (${field.access}) answers each role as the registry says`, async () => {
      for (const caller of callers) {
        const answer = await api.graphql(
          sampleOperationText(schema, field.kind, definition),
          {},
          caller.session,
        );
        const code = answer.errors?.[0]?.extensions?.code;
        const refusedCode = caller.role ? 21 : 20;
        if (expectedAllowed(field.access!, caller)) {
          expect([20, 21], `${caller.name} should pass ${field.operation}`).not.toContain(code);
        } else {
          expect(code, `${caller.name} should be refused ${field.operation}`).toBe(refusedCode);
        }
      }
    });
  }

  it('covers every permission used by an operation', () => {
    const used = new Set(
      guarded.map((field) => field.access).filter((access) => access && isPermission(access)),
    );
    for (const permission of used) expect(Object.hasOwn(PERMISSIONS, permission!)).toBe(true);
    console.info(`access matrix: ${guarded.length} guarded operations × ${callers.length} callers`);
  });
});
