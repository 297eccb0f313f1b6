// Small command line for operators: `migrate` applies migrations; `seed` adds the demo people.
import { DEFAULT_SEED_PASSWORD, SEED_ACCOUNTS, seed } from '../modules/seed/seed';
import { openDatabase } from '../platform/db/database';
import { runMigrations } from '../platform/db/migrate';
import { bootConfig, exitOnStartupFailure } from './boot';

const commands: Record<string, string> = {
  migrate: 'apply database migrations and exit',
  seed: 'add a staff admin and a demo company with an admin and a read-only member',
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
  if (command === 'seed') {
    const password = process.env.SEED_PASSWORD || DEFAULT_SEED_PASSWORD;
    const created = await seed(database.db, password);
    for (const account of SEED_ACCOUNTS) {
      const state = created.includes(account) ? 'created' : 'exists ';
      const readOnly = account.isReadOnly ? ', read-only' : '';
      console.log(
        `${state}  ${account.email.padEnd(28)} ${account.role}${readOnly} in ${account.company}`,
      );
    }
    if (created.length) console.log(`Password for the created accounts: ${password}`);
  }
  await database.close();
} catch (error) {
  exitOnStartupFailure(logger, error);
}
