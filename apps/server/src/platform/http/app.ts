// Builds the Fastify application: hardening, error handling, the API surfaces and the web app.
import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { CORRELATION_HEADER } from '@tapwise/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { buildGraphQLSchema } from '../../modules/graphql-schema';
import type { AppContext } from '../../modules/app-context';
import { assertEntitlements } from '../../modules/billing/entitlements';
import { restApi } from '../../modules/rest-api';
import { registerSystemRoutes, type Readiness } from '../../modules/system/system.routes';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import { registerErrorHandler } from './error-handler';
import { registerGraphQL } from './graphql-route';
import type { Authenticator } from '../auth/auth-context';
import { enforceDeclaredAccess, guardRoutes } from './route-access';
import { registerWebApp } from './web-app';

export interface AppDependencies {
  config: Config;
  logger: Logger;
  db: Database;
  readiness: Readiness;
  context: AppContext;
  authenticate: Authenticator;
}

const CORRELATION_ID = /^[\w.:-]{1,128}$/;

/** The provider's origins the browser talks to while billing is on: Chargebee.js's and the API's. */
export function billingSources(billing: Config['billing']): string[] {
  if (billing.mode === 'off') return [];
  const api = billing.apiUrl ?? (billing.site ? `https://${billing.site}.chargebee.com` : null);
  return [...new Set([new URL(billing.jsUrl).origin, ...(api ? [new URL(api).origin] : [])])];
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, logger, db, readiness, context, authenticate } = deps;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.isProduction,
    // The client's correlation id, when it sends a sane one, names the request in every log line.
    genReqId: (request) => {
      const sent = request.headers[CORRELATION_HEADER];
      return typeof sent === 'string' && CORRELATION_ID.test(sent) ? sent : randomUUID();
    },
  });

  enforceDeclaredAccess(app);
  guardRoutes(app, authenticate, (auth, declaration, request) =>
    assertEntitlements(context, auth, declaration, request),
  );
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header(CORRELATION_HEADER, request.id);
  });

  await app.register(helmet, {
    // HSTS and upgrade-insecure-requests would break a deployment served over plain HTTP.
    hsts: config.isProduction,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Billing on: Chargebee.js (or the simulator's stand-in) loads from the provider, frames
        // its card fields there and posts cards there, never to Tapwise (docs/billing.md).
        scriptSrc: ["'self'", ...billingSources(config.billing)],
        frameSrc: ["'self'", ...billingSources(config.billing)],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...billingSources(config.billing)],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Health checks, and the web app's built files: a page loads a dozen of them, so counting them
    // would refuse a browser its own code before its first API call.
    allowList: (request) =>
      request.url === '/healthz' || request.url === '/readyz' || request.url.startsWith('/assets/'),
  });

  registerSystemRoutes(app, { config, db, readiness });
  registerGraphQL(app, { schema: buildGraphQLSchema(), context, authenticate });
  await app.register(restApi(context), { prefix: '/v1/api' });
  await registerWebApp(app, config.webDistDir);
  return app;
}
