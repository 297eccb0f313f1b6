// `serve`: the web server. With --with-worker (what `npm start` uses) it also runs the jobs,
// which is the embedded mode; without it, run `worker` processes beside it on PostgreSQL.
// On a new installation outside production it also starts the demo (see modules/demo).
import { closeSharedDemoSandbox, sharedDemoSandbox } from '../modules/demo/demo-sandbox';
import { shouldRunDemo, startDemo, type RunningDemo } from '../modules/demo/demo.service';
import { listDemoIntegrations } from '../modules/integrations/integrations.repository';
import { resumeInterruptedSyncs } from '../modules/sync/sync.service';
import { startServer } from '../platform/server';
import { bootConfig, exitOnStartupFailure, onShutdownSignal } from './boot';
import { freshStartRequested, resetEmbeddedData } from './fresh-start';
import { closeScriptSandbox } from '../modules/scripted-rules/sandbox';

const { config, logger } = bootConfig();
const withWorker = process.argv.includes('--with-worker');

if (!withWorker && !config.databaseUrl) {
  logger.warn('serve without --with-worker on the embedded database: no jobs will run');
}

try {
  if (freshStartRequested(config, process.argv)) {
    resetEmbeddedData(config);
    logger.info({ dataDir: config.dataDir }, 'fresh start: the embedded database was removed');
  }
  const server = await startServer({
    config,
    logger,
    withWorker,
    // Frozen past the heartbeat limit: its jobs already run elsewhere, so it must not go on.
    onDeclaredLost: () => process.exit(1),
  });
  let demo: RunningDemo | undefined;
  if (withWorker && !config.databaseUrl) {
    const resumed = await resumeInterruptedSyncs(server.context);
    if (resumed) logger.info({ resumed }, 'resuming interrupted syncs');
  }
  if (withWorker && (await shouldRunDemo(server.context))) {
    demo = await startDemo(server.context, process.env.SEED_PASSWORD || undefined);
    logger.info(
      { scenario: config.demoScenario, sandbox: demo.sandbox.url },
      `Demo: sign in at ${config.publicUrl} as ${demo.email} with password ${demo.password} ` +
        '(Apple Ads sandbox connected; the first sync runs in the background)',
    );
  } else if (withWorker && (await listDemoIntegrations(server.context.db)).length > 0) {
    // Companies staff gave mock data: their sandbox lives in memory and starts again here.
    const sandbox = await sharedDemoSandbox(server.context);
    logger.info({ sandbox: sandbox.url }, 'mock data: the Apple Ads sandbox is running again');
  }
  // Listening for signals before announcing readiness: a supervisor may stop it at once.
  onShutdownSignal(logger, async () => {
    await server.close();
    await closeScriptSandbox();
    await (demo?.close() ?? closeSharedDemoSandbox());
    logger.info('server stopped');
  });
  logger.info(
    { url: config.publicUrl, engine: server.database.engine, worker: withWorker },
    `Tapwise is running at ${config.publicUrl}`,
  );
} catch (error) {
  exitOnStartupFailure(logger, error);
}
