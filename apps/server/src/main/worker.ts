// `worker`: runs background jobs only, beside one or more `serve` processes on PostgreSQL.
import { refreshExchangeRatesJob } from '../modules/currencies/jobs/refresh-exchange-rates.job';
import { allJobs } from '../modules/jobs';
import { openDatabase } from '../platform/db/database';
import { runMigrations } from '../platform/db/migrate';
import { createAdapter } from '@socket.io/postgres-adapter';
import { Server } from 'socket.io';
import { createSecretBox, resolveEncryptionKey } from '../platform/crypto/secret-box';
import { createJobQueue } from '../platform/jobs/job-queue';
import { createRealtimeEmitter } from '../platform/realtime/realtime';
import { bootConfig, exitOnStartupFailure, onShutdownSignal } from './boot';

const { config, logger } = bootConfig();

if (!config.databaseUrl) {
  process.stderr.write(
    'The worker runs on PostgreSQL only: set DATABASE_URL. ' +
      'On the embedded database, `npm start` runs the worker inside the server.\n',
  );
  process.exit(1);
}

try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await runMigrations(database);
  const jobs = createJobQueue(database, logger);
  await jobs.start('worker');
  // No sockets here: a socket server without HTTP relays job events to the `serve` instances.
  const io = new Server();
  io.adapter(createAdapter(database.pool!));
  const realtime = createRealtimeEmitter();
  realtime.bind(io);
  const secrets = createSecretBox(resolveEncryptionKey(config));
  await jobs.work(allJobs, { db: database.db, config, logger, secrets, realtime, jobs });
  await jobs.send(refreshExchangeRatesJob, {});
  logger.info({ jobs: allJobs.map((job) => job.name) }, 'worker running');
  onShutdownSignal(logger, async () => {
    await jobs.stop();
    await io.close();
    await database.close();
  });
} catch (error) {
  exitOnStartupFailure(logger, error);
}
