// The only code touching the preset tables. Every function takes the team and the member: a
// preset is its owner's alone.
import type { ChartPresetInput, OverviewPresetInput } from '@tapwise/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { chartPresets, overviewPresets } from './presets.tables';

export type ChartPreset = typeof chartPresets.$inferSelect;
export type OverviewPreset = typeof overviewPresets.$inferSelect;

const ownedBy = (
  table: typeof chartPresets | typeof overviewPresets,
  teamId: string,
  userId: string,
) => and(eq(table.teamId, teamId), eq(table.userId, userId));

export async function listChartPresets(db: Database, teamId: string, userId: string) {
  return db
    .select()
    .from(chartPresets)
    .where(ownedBy(chartPresets, teamId, userId))
    .orderBy(asc(chartPresets.name));
}

/** Saves a chart preset, replacing the member's preset of the same name. */
export async function upsertChartPreset(
  db: Database,
  teamId: string,
  userId: string,
  input: ChartPresetInput,
): Promise<ChartPreset> {
  const values = { metrics: input.metrics, granularity: input.granularity };
  const [row] = await db
    .insert(chartPresets)
    .values({ teamId, userId, name: input.name, ...values })
    .onConflictDoUpdate({
      target: [chartPresets.teamId, chartPresets.userId, chartPresets.name],
      set: values,
    })
    .returning();
  return row!;
}

export async function deleteChartPreset(
  db: Database,
  teamId: string,
  userId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(chartPresets)
    .where(and(ownedBy(chartPresets, teamId, userId), eq(chartPresets.id, id)))
    .returning({ id: chartPresets.id });
  return deleted.length > 0;
}

export async function listOverviewPresets(db: Database, teamId: string, userId: string) {
  return db
    .select()
    .from(overviewPresets)
    .where(ownedBy(overviewPresets, teamId, userId))
    .orderBy(asc(overviewPresets.name));
}

/** Saves an overview preset, replacing the member's preset of the same name. */
export async function upsertOverviewPreset(
  db: Database,
  teamId: string,
  userId: string,
  input: OverviewPresetInput,
): Promise<OverviewPreset> {
  const values = {
    period: input.period,
    adAccountId: input.adAccountId ?? null,
    adamId: input.adamId ?? null,
  };
  const [row] = await db
    .insert(overviewPresets)
    .values({ teamId, userId, name: input.name, ...values })
    .onConflictDoUpdate({
      target: [overviewPresets.teamId, overviewPresets.userId, overviewPresets.name],
      set: values,
    })
    .returning();
  return row!;
}

export async function deleteOverviewPreset(
  db: Database,
  teamId: string,
  userId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(overviewPresets)
    .where(and(ownedBy(overviewPresets, teamId, userId), eq(overviewPresets.id, id)))
    .returning({ id: overviewPresets.id });
  return deleted.length > 0;
}
