// Closed by default: every HTTP route must say who may call it. A route registered without
// `config.access` stops the server at start-up, so a forgotten guard can never ship. The check
// itself runs before the handler, after the caller is established from the session.
import type { Access, EnterpriseFeature } from '@tapwise/contracts';
import type { FastifyInstance } from 'fastify';
import { assertAccess, type AuthContext, type Authenticator } from '../auth/auth-context';
import type { AccessDeclaration } from '../graphql/access-guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Accept an authentic but expired token of a live session (token renewal, sign-out). */
    allowExpiredToken?: boolean;
    /** The enterprise feature the route belongs to (as `access(…, { feature })` in GraphQL). */
    feature?: EnterpriseFeature;
    /** Whether a cancelled subscription refuses the route (as `access(…, { tenant })`). */
    tenant?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every route with its declared access, for tests that check the whole surface. */
    routeAccess: { method: string; url: string; access: Access | undefined }[];
  }
}

export class UndeclaredRouteAccessError extends Error {
  constructor(method: string | string[], url: string) {
    super(`Route ${String(method)} ${url} declares no access (config.access)`);
  }
}

export function enforceDeclaredAccess(app: FastifyInstance): void {
  app.decorate('routeAccess', []);
  app.addHook('onRoute', (route) => {
    // HEAD routes are derived by Fastify from their GET route and share its config.
    if (route.method === 'HEAD') return;
    if (!route.config?.access) throw new UndeclaredRouteAccessError(route.method, route.url);
    for (const method of [route.method].flat()) {
      app.routeAccess.push({ method, url: route.url, access: route.config.access });
    }
  });
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Checks the company's plan and subscription state for a declared route (once authorised). */
export type RouteEntitlementGuard = (
  auth: AuthContext | null,
  declaration: AccessDeclaration,
  request: object,
) => Promise<void>;

/** Establishes request.auth and refuses callers the route's access does not admit. */
export function guardRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  entitlements?: RouteEntitlementGuard,
): void {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (request) => {
    const { access, allowExpiredToken, feature, tenant } = request.routeOptions.config;
    if (!access || access === 'public') return;
    request.auth = await authenticate({
      authorization: header(request.headers.authorization),
      sessionId: header(request.headers['x-session-id']),
      allowExpiredToken: allowExpiredToken ?? false,
    });
    assertAccess(request.auth, access);
    if (entitlements) {
      await entitlements(
        request.auth,
        {
          access,
          ...(feature ? { feature } : {}),
          ...(tenant !== undefined ? { tenant } : {}),
        },
        request,
      );
    }
  });
}
