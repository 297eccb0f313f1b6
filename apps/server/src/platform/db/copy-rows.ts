// Replaces a slice of a table through COPY, on both engines: the rows are written once as
// PostgreSQL's text COPY format and streamed to the server (node-postgres) or handed over as a
// blob (PGlite). COPY skips per-row parameter encoding and parsing, the bulk of an INSERT's cost.
import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, type SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Database } from './database';

/** Runs one statement inside the replacing transaction and answers its rows. */
export type QueryRunner = (query: SQL) => Promise<Record<string, unknown>[]>;

const dialect = new PgDialect();
const runnerOf =
  (
    query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  ): QueryRunner =>
  async (statement) => {
    const { sql, params } = dialect.sqlToQuery(statement);
    return (await query(sql, params)).rows;
  };

/** Rows per COPY chunk: bounds the text held in memory at once. */
const ROWS_PER_CHUNK = 50_000;

/** Text COPY escapes: backslash, and the characters that end a field or a row. */
function copyField(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  return String(value).replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

function* copyChunks(
  keys: readonly string[],
  rows: readonly Record<string, unknown>[],
  shared: Record<string, unknown>,
) {
  // Columns every row shares are written once, not read from each row.
  const sharedText = keys.map((key) => (key in shared ? copyField(shared[key]) : null));
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    let text = '';
    const end = Math.min(start + ROWS_PER_CHUNK, rows.length);
    for (let index = start; index < end; index++) {
      const row = rows[index]!;
      for (let column = 0; column < keys.length; column++) {
        if (column > 0) text += '\t';
        text += sharedText[column] ?? copyField(row[keys[column]!]);
      }
      text += '\n';
    }
    yield text;
  }
}

/**
 * In one transaction: deletes what `where` selects from `table`, then loads `rows` by COPY, each
 * with the `shared` column values added, then runs `after` (tables derived from the rows). Columns
 * must be scalars (array columns would need COPY's array syntax).
 */
export async function replaceRowsByCopy<T extends PgTable>(
  db: Database,
  table: T,
  where: SQL,
  rows: readonly Partial<T['$inferInsert']>[],
  shared: Partial<T['$inferInsert']> = {},
  after?: (run: QueryRunner) => Promise<void>,
): Promise<void> {
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  for (const [, column] of columns)
    if (column.getSQLType().endsWith(']')) throw new Error(`${column.name} is an array column`);
  const keys = columns.map(([key]) => key);
  const names = columns.map(([, column]) => `"${column.name}"`).join(', ');
  const deletion = db.delete(table).where(where).toSQL();
  const tableName = `"${getTableConfig(table).name}"`;
  const chunks = () =>
    copyChunks(keys, rows as readonly Record<string, unknown>[], shared as Record<string, unknown>);

  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (client instanceof PGlite) {
    await client.transaction(async (tx) => {
      await tx.query(deletion.sql, deletion.params);
      for (const text of chunks())
        await tx.query(`COPY ${tableName} (${names}) FROM '/dev/blob'`, [], {
          blob: new Blob([text]),
        });
      await after?.(runnerOf((text, params) => tx.query(text, params)));
    });
    return;
  }
  const connection = await client.connect();
  try {
    await connection.query('BEGIN');
    await connection.query(deletion.sql, deletion.params);
    if (rows.length > 0)
      await pipeline(
        Readable.from(chunks()),
        connection.query(copyFrom(`COPY ${tableName} (${names}) FROM STDIN`)),
      );
    await after?.(runnerOf((text, params) => connection.query(text, params)));
    await connection.query('COMMIT');
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}
