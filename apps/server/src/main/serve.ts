// `serve`: the web server. With --with-worker (what `npm start` uses) it also runs the jobs,
// which is the embedded mode; without it, run `worker` processes beside it on PostgreSQL.
import { startServer } from '../platform/server';
import { bootConfig, exitOnStartupFailure, onShutdownSignal } from './boot';

const { config, logger } = bootConfig();
const withWorker = process.argv.includes('--with-worker');

if (!withWorker && !config.databaseUrl) {
  logger.warn('serve without --with-worker on the embedded database: no jobs will run');
}

try {
  const server = await startServer({ config, logger, withWorker });
  logger.info(
    { url: config.publicUrl, engine: server.database.engine, worker: withWorker },
    `Tapwise is running at ${config.publicUrl}`,
  );
  onShutdownSignal(logger, () => server.close());
} catch (error) {
  exitOnStartupFailure(logger, error);
}
