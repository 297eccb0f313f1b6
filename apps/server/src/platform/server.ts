// Starts Tapwise: database and migrations, job queue (and its workers in embedded mode),
// HTTP server and realtime. Returns a handle that shuts everything down in reverse order.
import type { FastifyInstance } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import { authenticate } from '../modules/accounts/sessions.service';
import type { AppContext } from '../modules/app-context';
import { refreshExchangeRatesJob } from '../modules/currencies/jobs/refresh-exchange-rates.job';
import { onLostWorkers, workAllJobs } from '../modules/jobs';
import { createMailer } from '../modules/mail/mailer';
import { resolveAuthSecret } from './auth/auth-secret';
import type { Authenticator } from './auth/auth-context';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { runMigrations } from './db/migrate';
import { createHeavyReads } from './db/heavy-reads';
import { buildApp } from './http/app';
import { createJobQueue, type JobQueue, type StartOptions } from './jobs/job-queue';
import type { Logger } from './logger';
import { createSecretBox, resolveEncryptionKey } from './crypto/secret-box';
import { createRealtime, createRealtimeEmitter, createSessionNotifier } from './realtime/realtime';
import { socketEvents } from '../modules/socket-events';

export interface RunningServer {
  app: FastifyInstance;
  io: SocketServer;
  database: DatabaseHandle;
  jobs: JobQueue;
  context: AppContext;
  url: string;
  close(): Promise<void>;
}

export interface StartServerOptions {
  config: Config;
  logger: Logger;
  /** Run job handlers and schedules in this process (embedded mode). */
  withWorker: boolean;
  /** Use this database instead of opening one from the configuration (tests). */
  database?: DatabaseHandle;
  /** This process was declared lost while alive: the entry point ends it. */
  onDeclaredLost?: () => void;
  /** Heartbeat and sweep intervals (tests shorten them). */
  presence?: StartOptions['presence'];
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config, logger, withWorker } = options;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
    }));
  let jobsReady = false;
  try {
    await runMigrations(database);
    const jobs = createJobQueue(database, logger);
    const realtime = createRealtimeEmitter();
    // Tests send the jobs they exercise: a cron job firing while a test server closes would run
    // against a database that is gone.
    await jobs.start(withWorker ? 'worker' : 'producer', {
      cron: config.env !== 'test',
      kind: 'serve',
      onLostWorkers: onLostWorkers({ db: database.db, realtime, jobs, logger }),
      ...(options.onDeclaredLost ? { onDeclaredLost: options.onDeclaredLost } : {}),
      ...(options.presence ? { presence: options.presence } : {}),
    });
    const secrets = createSecretBox(resolveEncryptionKey(config));
    if (withWorker) {
      await workAllJobs(jobs, { db: database.db, config, logger, secrets, realtime });
      // Rates due since the last run are fetched now, not at the next hourly tick.
      if (config.env !== 'test') await jobs.send(refreshExchangeRatesJob, {});
    }
    jobsReady = true;

    const sessions = createSessionNotifier();
    const context: AppContext = {
      db: database.db,
      config,
      logger,
      mailer: createMailer(config, database.db, logger),
      authSecret: resolveAuthSecret(config),
      sessions,
      secrets,
      realtime,
      jobs,
      heavyReads: createHeavyReads(database.engine),
    };
    const authenticator: Authenticator = (headers) => authenticate(context, headers);
    const app = await buildApp({
      config,
      logger,
      db: database.db,
      readiness: { jobsReady: () => jobsReady },
      context,
      authenticate: authenticator,
    });
    await app.listen({ host: config.host, port: config.port });
    const io = createRealtime(app.server, {
      allowedOrigins: config.allowedOrigins,
      logger,
      authenticate: authenticator,
      pool: database.pool,
      events: { definitions: socketEvents, context },
    });
    sessions.bind(io);
    realtime.bind(io);
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;

    return {
      app,
      io,
      database,
      jobs,
      context,
      url: `http://127.0.0.1:${port}`,
      async close() {
        jobsReady = false;
        await io.close();
        await app.close();
        await jobs.stop();
        if (!options.database) await database.close();
      },
    };
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
}
