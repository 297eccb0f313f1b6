// Fast bulk writes on both engines. Scalar rows go in as one column array per parameter through
// `unnest` (one statement for any number of rows, close to COPY without engine-specific code);
// upserts go as multi-row VALUES in chunks that stay under the protocol's parameter limit.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database';

const MAX_PARAMETERS = 60_000;

function columnsOf(table: PgTable) {
  return Object.entries(getTableColumns(table)) as [string, PgColumn][];
}

/** Inserts rows of a table whose columns are all scalars (no arrays), in one statement. */
export async function insertScalarRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = columnsOf(table);
  const arrays = columns.map(([key, column]) => {
    if (column.getSQLType().endsWith(']'))
      throw new Error(`${column.name} is an array column: use upsertRows`);
    const values = rows.map((row) => (row as Record<string, unknown>)[key] ?? null);
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  const names = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '));
  await db.execute(
    sql`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`,
  );
}

/** Inserts rows, replacing the non-key columns of rows whose primary key exists already. */
export async function upsertRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const config = getTableConfig(table);
  const keyColumns = config.primaryKeys[0]?.columns ?? config.columns.filter((c) => c.primary);
  const keyNames = new Set(keyColumns.map((column) => column.name));
  const set: Record<string, SQL> = {};
  for (const [key, column] of columnsOf(table))
    if (!keyNames.has(column.name)) set[key] = sql.raw(`excluded."${column.name}"`);
  const chunkSize = Math.max(1, Math.floor(MAX_PARAMETERS / config.columns.length));
  for (let start = 0; start < rows.length; start += chunkSize) {
    await db
      .insert(table)
      .values(rows.slice(start, start + chunkSize) as T['$inferInsert'][])
      .onConflictDoUpdate({ target: keyColumns, set });
  }
}
