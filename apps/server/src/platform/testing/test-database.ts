// A fresh, migrated database per test file: in-memory PGlite by default, or a new database on
// the PostgreSQL server of TEST_DATABASE_URL (dropped again afterwards), so one suite covers both.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { runMigrations } from '../db/migrate';

export interface TestDatabase extends DatabaseHandle {
  /** The connection string of the fresh PostgreSQL database, when on PostgreSQL. */
  url?: string;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await runMigrations(database);
    return database;
  }
  const name = `tapwise_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
