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
      await dropWhenClosed(cleanup, name);
      await cleanup.end();
    },
  };
}

/**
 * Drops the database once the pool's connections have finished closing (pool.end() can return
 * while a client is still saying goodbye); forcing them out would raise an unhandled error in the
 * test run. Forced only as a last resort.
 */
async function dropWhenClosed(admin: pg.Client, name: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      // 55006: the database is still being accessed by other users.
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
