// Replaces a slice of a table through COPY, on both engines: the rows are written once as
// PostgreSQL's text COPY format and streamed to the server (node-postgres) or handed over as a
// blob (PGlite). COPY skips per-row parameter encoding and parsing, the bulk of an INSERT's cost.
import { getTableColumns, type SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Database } from './database';
import { PgliteThread } from './pglite-thread';

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

/** Columns every row shares are written once, not read from each row. */
function sharedTextOf(keys: readonly string[], shared: Record<string, unknown>) {
  return keys.map((key) => (key in shared ? copyField(shared[key]) : null));
}

/** Appends one row to COPY text. */
function addLine(
  text: string,
  keys: readonly string[],
  sharedText: readonly (string | null)[],
  row: Record<string, unknown>,
): string {
  for (let column = 0; column < keys.length; column++) {
    if (column > 0) text += '\t';
    text += sharedText[column] ?? copyField(row[keys[column]!]);
  }
  return `${text}\n`;
}

function* copyChunks(
  keys: readonly string[],
  rows: readonly Record<string, unknown>[],
  shared: Record<string, unknown>,
) {
  const sharedText = sharedTextOf(keys, shared);
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    let text = '';
    const end = Math.min(start + ROWS_PER_CHUNK, rows.length);
    for (let index = start; index < end; index++)
      text = addLine(text, keys, sharedText, rows[index]!);
    yield text;
  }
}

/** The table's columns: property keys (in the rows) and quoted names (in COPY). */
function columnsOf(table: PgTable) {
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  for (const [, column] of columns)
    if (column.getSQLType().endsWith(']')) throw new Error(`${column.name} is an array column`);
  return {
    keys: columns.map(([key]) => key),
    names: columns.map(([, column]) => `"${column.name}"`).join(', '),
  };
}

/** Characters of COPY text a batch gathers before it moves them into a buffer. */
const BATCH_CHUNK_CHARS = 1 << 18;

/**
 * Rows of a table written as COPY text batch by batch, each with the `shared` column values
 * added, for a caller that builds a slice in parts (a report row by row): the text is kept, in
 * buffers outside the JavaScript heap, rather than the rows, so millions of row objects die young
 * (kept, they would be copied by each young-generation collection until promoted).
 */
export class CopyBatch<T extends PgTable> {
  private readonly keys: string[];
  private readonly sharedText: (string | null)[];
  private readonly written: Buffer<ArrayBuffer>[] = [];
  private text = '';
  constructor(
    readonly table: T,
    shared: Partial<T['$inferInsert']> = {},
  ) {
    this.keys = columnsOf(table).keys;
    this.sharedText = sharedTextOf(this.keys, shared as Record<string, unknown>);
  }

  add(rows: readonly Partial<T['$inferInsert']>[]): void {
    for (const row of rows as readonly Record<string, unknown>[]) {
      this.text = addLine(this.text, this.keys, this.sharedText, row);
      if (this.text.length >= BATCH_CHUNK_CHARS) this.flush();
    }
  }

  /** The COPY text of every row added so far. */
  get chunks(): readonly Buffer<ArrayBuffer>[] {
    this.flush();
    return this.written;
  }

  private flush() {
    if (this.text.length === 0) return;
    // A buffer made from a string has an ArrayBuffer of its own (never a shared one).
    this.written.push(Buffer.from(this.text) as Buffer<ArrayBuffer>);
    this.text = '';
  }
}

/**
 * In one transaction: deletes what `where` selects from `table`, then loads `rows` by COPY, each
 * with the `shared` column values added (a CopyBatch has them already), then runs `after` (tables
 * derived from the rows). Columns must be scalars (array columns would need COPY's array syntax).
 */
export async function replaceRowsByCopy<T extends PgTable>(
  db: Database,
  table: T,
  where: SQL,
  rows: readonly Partial<T['$inferInsert']>[] | CopyBatch<T>,
  shared: Partial<T['$inferInsert']> = {},
  after?: (run: QueryRunner) => Promise<void>,
): Promise<void> {
  const { keys, names } = columnsOf(table);
  const deletion = db.delete(table).where(where).toSQL();
  const tableName = `"${getTableConfig(table).name}"`;
  // Plain rows are written as COPY sends them, so writing overlaps the server's loading.
  const chunks = (): Iterable<string | Buffer<ArrayBuffer>> =>
    rows instanceof CopyBatch
      ? rows.chunks
      : copyChunks(
          keys,
          rows as readonly Record<string, unknown>[],
          shared as Record<string, unknown>,
        );
  const empty = rows instanceof CopyBatch ? rows.chunks.length === 0 : rows.length === 0;
  // PGlite reads a blob per COPY statement: a batch's many small chunks go in as one.
  function* blobs() {
    if (!(rows instanceof CopyBatch)) for (const text of chunks()) yield new Blob([text]);
    else if (!empty) yield new Blob([...rows.chunks]);
  }

  const client = (db as unknown as { $client: PgliteThread | pg.Pool }).$client;
  if (client instanceof PgliteThread) {
    await client.transaction(async (tx) => {
      await tx.query(deletion.sql, deletion.params);
      for (const blob of blobs())
        await tx.query(`COPY ${tableName} (${names}) FROM '/dev/blob'`, [], { blob });
      await after?.(runnerOf((text, params) => tx.query(text, params)));
    });
    return;
  }
  const connection = await client.connect();
  try {
    await connection.query('BEGIN');
    await connection.query(deletion.sql, deletion.params);
    if (!empty)
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
