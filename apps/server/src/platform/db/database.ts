// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both speak the same dialect, so one schema, one set of migrations and one set of queries serve both.
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './pglite-lock';
import { PgliteThread } from './pglite-thread';

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
  /**
   * Told when a pooled connection dies outside a query (the server restarted, the backend was
   * terminated). The pool replaces it at the next query; without a listener Node would end the
   * process on the unhandled `error` event.
   */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onConnectionError)
    : openPglite(options.dataDir);
}

const POOL_END_TIMEOUT_MS = 5_000;

function openPostgres(
  connectionString: string,
  onConnectionError: (error: Error) => void = () => undefined,
): DatabaseHandle {
  const pool = new RetryingPool({ connectionString, max: 10 });
  // Idle clients report through the pool; checked-out ones (the realtime adapter's LISTEN
  // connection, a transaction) through themselves.
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  return {
    engine: 'postgres',
    db: drizzlePg({ client: pool, schema }),
    sql: { query: async (text, values) => pool.query(text, values) as never },
    pool,
    // pool.end() waits for every checked-out client; one lost with its connection and never
    // released would hold the close for ever, so the wait is bounded.
    close: () =>
      Promise.race([
        pool.end(),
        new Promise<void>((resolve) => setTimeout(resolve, POOL_END_TIMEOUT_MS).unref()),
      ]),
  };
}

/**
 * Errors meaning the server ended the connection before or while running the statement (a
 * restart, pg_terminate_backend, a failover): the statement did not take effect, so it is run
 * again, once, on a fresh connection. An ambiguous loss (the socket closing after the statement
 * was sent, with no word from the server) is not retried: a write might have committed.
 */
export function isConnectionEnded(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '57P01' || // admin_shutdown: terminating connection due to administrator command
    code === '57P02' || // crash_shutdown
    code === '57P03' || // cannot_connect_now: the server is starting or stopping
    message === 'Client has encountered a connection error and is not queryable'
  );
}

/** A pool whose one-statement queries survive the server ending its connections once. */
class RetryingPool extends pg.Pool {
  // pg's overloads (callbacks, configs) all pass through; only the promise form is retried.
  override query(...args: unknown[]): never {
    const run = () => (super.query as (...rest: unknown[]) => unknown).apply(this, args);
    if (typeof args.at(-1) === 'function') return run() as never;
    return (run() as Promise<unknown>).catch((error: unknown) => {
      if (!isConnectionEnded(error)) throw error;
      return run();
    }) as never;
  }
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => undefined;
  try {
    const client = await PgliteThread.open(dataDir && path.join(dataDir, 'pglite'));
    return {
      engine: 'pglite',
      // Drizzle's PGlite driver uses only query and transaction, which the thread offers.
      db: drizzlePglite({ client: client as never, schema }) as unknown as Database,
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
  client: PgliteThread,
  text: string,
  values?: unknown[],
): Promise<{ rows: Row[] }> {
  if (values?.length) return client.query<Row>(text, values);
  const results = await client.exec(text);
  return { rows: (results.at(-1)?.rows ?? []) as Row[] };
}
