// Small command line for operators: `migrate` applies migrations; `seed` fills demo data.
import { openDatabase } from '../platform/db/database';
import { runMigrations } from '../platform/db/migrate';
import { bootConfig, exitOnStartupFailure } from './boot';

const commands: Record<string, string> = {
  migrate: 'apply database migrations and exit',
  seed: 'create the demo users and company (arrives with accounts; currently migrates only)',
};

const command = process.argv[2];
if (!command || !(command in commands)) {
  console.log('Usage: tapwise <command>\n');
  for (const [name, help] of Object.entries(commands)) console.log(`  ${name.padEnd(10)}${help}`);
  process.exit(command ? 1 : 0);
}

const { config, logger } = bootConfig();
try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database);
  console.log(`Migrations applied (${database.engine}).`);
  await database.close();
} catch (error) {
  exitOnStartupFailure(logger, error);
}
