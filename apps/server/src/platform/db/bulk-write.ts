// Upserts as multi-row VALUES in chunks that stay under the protocol's parameter limit. Large
// loads that replace a slice of a table go through COPY instead (copy-rows.ts).
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database';

const MAX_PARAMETERS = 60_000;

function columnsOf(table: PgTable) {
  return Object.entries(getTableColumns(table)) as [string, PgColumn][];
}

/**
 * Inserts rows, replacing the non-key columns the rows name of rows whose primary key exists
 * already: a column no row names keeps its stored value (another writer owns it, such as the
 * keyword's suggested bid the report sync stores).
 */
export async function upsertRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const config = getTableConfig(table);
  const keyColumns = config.primaryKeys[0]?.columns ?? config.columns.filter((c) => c.primary);
  const keyNames = new Set(keyColumns.map((column) => column.name));
  const named = new Set(rows.flatMap((row) => Object.keys(row)));
  const set: Record<string, SQL> = {};
  for (const [key, column] of columnsOf(table))
    if (!keyNames.has(column.name) && named.has(key))
      set[key] = sql.raw(`excluded."${column.name}"`);
  const chunkSize = Math.max(1, Math.floor(MAX_PARAMETERS / config.columns.length));
  for (let start = 0; start < rows.length; start += chunkSize) {
    await db
      .insert(table)
      .values(rows.slice(start, start + chunkSize) as T['$inferInsert'][])
      .onConflictDoUpdate({ target: keyColumns, set });
  }
}
