// `worker`: runs background jobs only, beside one or more `serve` processes on PostgreSQL.
// SIGTERM or SIGINT stops it cleanly: no new jobs are taken, a running sync hands its job back at
// its next checkpoint (another worker resumes it), other jobs finish, then the queue, the realtime
// relay and the database are closed and the process exits 0.
import { refreshExchangeRatesJob } from '../modules/currencies/jobs/refresh-exchange-rates.job';
import { allJobs, onLostWorkers, workAllJobs } from '../modules/jobs';
import { openDatabase } from '../platform/db/database';
import { runMigrations } from '../platform/db/migrate';
import { createSecretBox, resolveEncryptionKey } from '../platform/crypto/secret-box';
import { createJobQueue } from '../platform/jobs/job-queue';
import { createRealtimeEmitter, createRelay } from '../platform/realtime/realtime';
import { bootConfig, exitOnStartupFailure, onShutdownSignal } from './boot';
import { closeScriptSandbox } from '../modules/scripted-rules/sandbox';

const { config, logger } = bootConfig();

if (!config.databaseUrl) {
  process.stderr.write(
    'The worker runs on PostgreSQL only: set DATABASE_URL. ' +
      'On the embedded database, `npm start` runs the worker inside the server.\n',
  );
  process.exit(1);
}

try {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
  });
  await runMigrations(database);
  const jobs = createJobQueue(database, logger);
  const realtime = createRealtimeEmitter();
  await jobs.start('worker', {
    onLostWorkers: onLostWorkers({ db: database.db, realtime, jobs, logger }),
    // Frozen past the heartbeat limit: its jobs already run elsewhere, so it must not go on.
    onDeclaredLost: () => process.exit(1),
  });
  // No sockets here: a socket server without HTTP relays job events to the `serve` instances.
  const relay = createRelay(database.pool!);
  realtime.bind(relay.io);
  const secrets = createSecretBox(resolveEncryptionKey(config));
  await workAllJobs(jobs, { db: database.db, config, logger, secrets, realtime });
  await jobs.send(refreshExchangeRatesJob, {});
  // Listening for signals before announcing readiness: a supervisor may stop it at once.
  onShutdownSignal(logger, async () => {
    await jobs.stop();
    await relay.close();
    await closeScriptSandbox();
    await database.close();
    logger.info({ workerId: jobs.workerId }, 'worker stopped');
  });
  logger.info({ workerId: jobs.workerId, jobs: allJobs.map((job) => job.name) }, 'worker running');
} catch (error) {
  exitOnStartupFailure(logger, error);
}
