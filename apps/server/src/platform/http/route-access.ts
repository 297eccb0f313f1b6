// Closed by default: every HTTP route must say who may call it. A route registered without
// `config.access` stops the server at start-up, so a forgotten guard can never ship.
import type { FastifyInstance } from 'fastify';

/** Who may call a route. Permission names join this union as capabilities declare them. */
export type RouteAccess = 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export class UndeclaredRouteAccessError extends Error {
  constructor(method: string | string[], url: string) {
    super(`Route ${String(method)} ${url} declares no access (config.access)`);
  }
}

export function enforceDeclaredAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // HEAD routes are derived by Fastify from their GET route and share its config.
    if (route.method === 'HEAD') return;
    if (!route.config?.access) throw new UndeclaredRouteAccessError(route.method, route.url);
  });
}

/** Every route with its declared access, for tests that check the whole surface. */
export function collectRoutes(app: FastifyInstance) {
  const routes: { method: string; url: string; access: RouteAccess | undefined }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, access: route.config?.access });
    }
  });
  return routes;
}
