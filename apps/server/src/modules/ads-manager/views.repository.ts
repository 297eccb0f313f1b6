// The only code touching the saved views and table presets. Every function takes the team and
// the member: a view is its owner's alone. Saving under a name the member already uses on the
// tab replaces that one.
import type { CustomView, TablePreset } from '@tapwise/contracts';
import type { customViewInput, tablePresetInput } from '@tapwise/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { customViews, tablePresets, type CustomViewDefinition } from './views.tables';

type Owner = { teamId: string; userId: string };
type ViewRow = typeof customViews.$inferSelect;

const ownedBy = (table: typeof customViews | typeof tablePresets, owner: Owner) =>
  and(eq(table.teamId, owner.teamId), eq(table.userId, owner.userId));

/** `updatedAt` is the last save: a replacing save moves created_at on. */
function viewOf(row: ViewRow): CustomView {
  return {
    ...row.definition,
    id: row.id,
    name: row.name,
    tab: row.tab as CustomView['tab'],
    pinned: row.pinned,
    updatedAt: row.createdAt.toISOString(),
  } as CustomView;
}

export async function listCustomViews(db: Database, owner: Owner, tab: string) {
  const rows = await db
    .select()
    .from(customViews)
    .where(and(ownedBy(customViews, owner), eq(customViews.tab, tab)))
    .orderBy(asc(customViews.name));
  return rows.map(viewOf);
}

/**
 * Saves a view: the one with `id`, else the one of the same name on the tab, else a new one.
 * Pinning it unpins the member's other views of the tab, in the same transaction. Undefined
 * when `id` is not one of the member's views.
 */
export async function saveCustomView(
  db: Database,
  owner: Owner,
  input: z.output<typeof customViewInput>,
): Promise<CustomView | undefined> {
  const { id, name, tab, pinned, ...definition } = input;
  const values = { name, tab, pinned, definition: definition as CustomViewDefinition };
  return db.transaction(async (tx) => {
    let row: ViewRow | undefined;
    if (id) {
      [row] = await tx
        .update(customViews)
        .set({ ...values, createdAt: sql`now()` })
        .where(and(ownedBy(customViews, owner), eq(customViews.id, id)))
        .returning();
      if (!row) return undefined;
    } else {
      [row] = await tx
        .insert(customViews)
        .values({ ...owner, ...values })
        .onConflictDoUpdate({
          target: [customViews.teamId, customViews.userId, customViews.tab, customViews.name],
          set: { ...values, createdAt: sql`now()` },
        })
        .returning();
    }
    if (pinned)
      await tx
        .update(customViews)
        .set({ pinned: false })
        .where(
          and(ownedBy(customViews, owner), eq(customViews.tab, tab), ne(customViews.id, row!.id)),
        );
    return viewOf(row!);
  });
}

export async function deleteCustomView(db: Database, owner: Owner, id: string): Promise<boolean> {
  const deleted = await db
    .delete(customViews)
    .where(and(ownedBy(customViews, owner), eq(customViews.id, id)))
    .returning({ id: customViews.id });
  return deleted.length > 0;
}

/** Unpins the member's views of the tab: it opens with the built-in default again. */
export async function unpinCustomViews(db: Database, owner: Owner, tab: string): Promise<void> {
  await db
    .update(customViews)
    .set({ pinned: false })
    .where(and(ownedBy(customViews, owner), eq(customViews.tab, tab)));
}

const presetOf = (row: typeof tablePresets.$inferSelect): TablePreset => ({
  id: row.id,
  name: row.name,
  tab: row.tab as TablePreset['tab'],
  columns: row.columns,
});

export async function listTablePresets(db: Database, owner: Owner, tab: string) {
  const rows = await db
    .select()
    .from(tablePresets)
    .where(and(ownedBy(tablePresets, owner), eq(tablePresets.tab, tab)))
    .orderBy(asc(tablePresets.name));
  return rows.map(presetOf);
}

/** Saves a table preset like a view: by id, else by name on the tab, else new. */
export async function saveTablePreset(
  db: Database,
  owner: Owner,
  input: z.output<typeof tablePresetInput>,
): Promise<TablePreset | undefined> {
  const values = { name: input.name, tab: input.tab, columns: input.columns };
  if (input.id) {
    const [row] = await db
      .update(tablePresets)
      .set(values)
      .where(and(ownedBy(tablePresets, owner), eq(tablePresets.id, input.id)))
      .returning();
    return row && presetOf(row);
  }
  const [row] = await db
    .insert(tablePresets)
    .values({ ...owner, ...values })
    .onConflictDoUpdate({
      target: [tablePresets.teamId, tablePresets.userId, tablePresets.tab, tablePresets.name],
      set: values,
    })
    .returning();
  return presetOf(row!);
}

export async function deleteTablePreset(db: Database, owner: Owner, id: string): Promise<boolean> {
  const deleted = await db
    .delete(tablePresets)
    .where(and(ownedBy(tablePresets, owner), eq(tablePresets.id, id)))
    .returning({ id: tablePresets.id });
  return deleted.length > 0;
}
