// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both speak the same dialect, so one schema, one set of migrations and one set of queries serve both.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './pglite-lock';

export type Schema = typeof schema;
/** Drizzle over either engine; the node-postgres type is the common surface both offer. */
export type Database = NodePgDatabase<Schema>;
export type Engine = 'pglite' | 'postgres';

/** Raw SQL access for libraries that bring their own queries (pg-boss). */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface DatabaseHandle {
  engine: Engine;
  db: Database;
  sql: SqlExecutor;
  /** Set on PostgreSQL: a pool for libraries that want one (socket.io adapter, pg-boss). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; ignored when databaseUrl is set. Omit for in-memory. */
  dataDir?: string | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  return {
    engine: 'postgres',
    db: drizzlePg({ client: pool, schema }),
    sql: { query: async (text, values) => pool.query(text, values) as never },
    pool,
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => undefined;
  try {
    const client = dataDir ? new PGlite(path.join(dataDir, 'pglite')) : new PGlite();
    await client.waitReady;
    return {
      engine: 'pglite',
      db: drizzlePglite({ client, schema }) as unknown as Database,
      sql: { query: (text, values) => runPgliteSql(client, text, values) },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** PGlite's `query` takes one statement; multi-statement scripts without parameters go through `exec`. */
async function runPgliteSql<Row>(
  client: PGlite,
  text: string,
  values?: unknown[],
): Promise<{ rows: Row[] }> {
  if (values?.length) return client.query<Row>(text, values);
  const results = await client.exec(text);
  return { rows: (results.at(-1)?.rows ?? []) as Row[] };
}
