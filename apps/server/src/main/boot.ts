// Shared start-up for the entry points: configuration and logger, with the clear messages
// a person running Tapwise needs when either is wrong.
import { ConfigError, loadConfig, type Config } from '../platform/config';
import { DataDirLockedError } from '../platform/db/pglite-lock';
import { createLogger, type Logger } from '../platform/logger';

export function bootConfig(): { config: Config; logger: Logger } {
  try {
    const config = loadConfig();
    return { config, logger: createLogger(config) };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Tapwise cannot start. ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Known start-up failures end the process with their message; anything else is logged. */
export function exitOnStartupFailure(logger: Logger, error: unknown): never {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`Tapwise cannot start. ${error.message}\n`);
  } else {
    logger.fatal({ err: error }, 'Tapwise failed to start');
  }
  process.exit(1);
}

export function onShutdownSignal(logger: Logger, shutdown: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
