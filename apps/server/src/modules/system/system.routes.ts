// Liveness, readiness and the client configuration file.
import { APP_VERSION, type ClientConfig } from '@tapwise/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';

export interface Readiness {
  /** True once the job queue has started; the server is not ready before. */
  jobsReady(): boolean;
}

export function clientConfig(config: Config): ClientConfig {
  return {
    apiBase: config.apiBase,
    siteName: config.siteName,
    inviteDomainAllowlist: config.inviteDomainAllowlist,
    appVersion: APP_VERSION,
    betaSignupUrl: config.betaSignupUrl,
    appleAdsCustomUrls: config.appleAdsSandboxOrigins.length > 0,
    billing:
      config.billing.mode === 'off'
        ? null
        : {
            provider: 'chargebee',
            site: config.billing.site!,
            publishableKey: config.billing.publishableKey ?? '',
            jsUrl: config.billing.jsUrl,
          },
  };
}

export function registerSystemRoutes(
  app: FastifyInstance,
  options: { config: Config; db: Database; readiness: Readiness },
) {
  const { config, db, readiness } = options;

  app.get('/healthz', { config: { access: 'public' } }, () => ({ status: 'ok' }));

  app.get('/readyz', { config: { access: 'public' } }, async (request, reply) => {
    const checks = { database: false, jobs: readiness.jobsReady() };
    try {
      await db.execute(sql`select 1`);
      checks.database = true;
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: database unreachable');
    }
    const ready = checks.database && checks.jobs;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });

  app.get('/config.json', { config: { access: 'public' } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(clientConfig(config)),
  );
}
