// `worker`: runs background jobs only, beside one or more `serve` processes on PostgreSQL.
import { allJobs } from '../modules/jobs';
import { openDatabase } from '../platform/db/database';
import { runMigrations } from '../platform/db/migrate';
import { createJobQueue } from '../platform/jobs/job-queue';
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
  await jobs.work(allJobs, { db: database.db, config, logger });
  logger.info({ jobs: allJobs.map((job) => job.name) }, 'worker running');
  onShutdownSignal(logger, async () => {
    await jobs.stop();
    await database.close();
  });
} catch (error) {
  exitOnStartupFailure(logger, error);
}
