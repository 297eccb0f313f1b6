// The partner integrations' rows (attribution_integrations) and what the integration operations
// read of the events they brought. Every function takes the team first; DELETED rows are never
// found.
import type { AttrEventName } from '@tapwise/contracts';
import { and, asc, eq, inArray, max, ne, sql, sum } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { apps } from '../ads-data/ads-entities.tables';
import { attributionDaily, attributionEvents, attributionIntegrations } from './attribution.tables';

export type AttrIntegrationRow = typeof attributionIntegrations.$inferSelect;
type AttrIntegrationInsert = Omit<typeof attributionIntegrations.$inferInsert, 'teamId'>;

/** The name of the sample event sendAttrTestEvent posts; never listed nor counted. */
export const TEST_EVENT_NAME = 'tapwise_test';

const notDeleted = ne(attributionIntegrations.status, 'DELETED');

/** One of the company's synced apps, or null (another company's app is never found). */
export async function findCompanyApp(db: Database, teamId: string, adamId: number) {
  const [row] = await db
    .select({ adamId: apps.adamId, name: apps.name })
    .from(apps)
    .where(and(eq(apps.teamId, teamId), eq(apps.adamId, adamId)))
    .limit(1);
  return row ?? null;
}

export async function appNames(db: Database, teamId: string, adamIds: number[]) {
  if (adamIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectDistinctOn([apps.adamId], { adamId: apps.adamId, name: apps.name })
    .from(apps)
    .where(and(eq(apps.teamId, teamId), inArray(apps.adamId, adamIds)));
  return new Map(rows.map((row) => [row.adamId, row.name]));
}

export async function listAttrIntegrations(db: Database, teamId: string, adamId?: number) {
  return db
    .select()
    .from(attributionIntegrations)
    .where(
      and(
        eq(attributionIntegrations.teamId, teamId),
        notDeleted,
        adamId === undefined ? undefined : eq(attributionIntegrations.adamId, adamId),
      ),
    )
    .orderBy(asc(attributionIntegrations.adamId), asc(attributionIntegrations.partner));
}

export async function findAttrIntegration(db: Database, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(attributionIntegrations)
    .where(
      and(
        eq(attributionIntegrations.teamId, teamId),
        eq(attributionIntegrations.id, id),
        notDeleted,
      ),
    );
  return row ?? null;
}

export async function findAppPartnerIntegration(
  db: Database,
  teamId: string,
  adamId: number,
  partner: AttrIntegrationRow['partner'],
) {
  const [row] = await db
    .select()
    .from(attributionIntegrations)
    .where(
      and(
        eq(attributionIntegrations.teamId, teamId),
        eq(attributionIntegrations.adamId, adamId),
        eq(attributionIntegrations.partner, partner),
        notDeleted,
      ),
    );
  return row ?? null;
}

export async function insertAttrIntegration(
  db: Database,
  teamId: string,
  values: AttrIntegrationInsert,
): Promise<AttrIntegrationRow> {
  const [row] = await db
    .insert(attributionIntegrations)
    .values({ ...values, teamId })
    .returning();
  return row!;
}

export async function updateAttrIntegration(
  db: Database,
  teamId: string,
  id: string,
  patch: Partial<AttrIntegrationInsert>,
): Promise<AttrIntegrationRow | null> {
  const [row] = await db
    .update(attributionIntegrations)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(attributionIntegrations.teamId, teamId), eq(attributionIntegrations.id, id)))
    .returning();
  return row ?? null;
}

/** Marks the integration DELETED and removes every event and count it brought, at once. */
export async function deleteAttrIntegrationRows(db: Database, teamId: string, id: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(attributionIntegrations)
      .set({ status: 'DELETED', updatedAt: new Date() })
      .where(and(eq(attributionIntegrations.teamId, teamId), eq(attributionIntegrations.id, id)));
    await tx
      .delete(attributionEvents)
      .where(and(eq(attributionEvents.teamId, teamId), eq(attributionEvents.integrationId, id)));
    await tx
      .delete(attributionDaily)
      .where(and(eq(attributionDaily.teamId, teamId), eq(attributionDaily.integrationId, id)));
  });
}

export interface EventNameRow extends AttrEventName {
  integrationId: string;
}

/** The event names each integration received, test events excluded, most frequent first. */
export async function eventNamesOf(
  db: Database,
  teamId: string,
  integrationIds: string[],
): Promise<EventNameRow[]> {
  if (integrationIds.length === 0) return [];
  const rows = await db
    .select({
      integrationId: attributionDaily.integrationId,
      name: attributionDaily.eventName,
      eventType: attributionDaily.eventType,
      kind: attributionDaily.kind,
      count: sum(attributionDaily.count).mapWith(Number),
      lastDay: max(attributionDaily.day),
    })
    .from(attributionDaily)
    .where(
      and(
        eq(attributionDaily.teamId, teamId),
        inArray(attributionDaily.integrationId, integrationIds),
        ne(attributionDaily.eventName, TEST_EVENT_NAME),
      ),
    )
    .groupBy(
      attributionDaily.integrationId,
      attributionDaily.eventName,
      attributionDaily.eventType,
      attributionDaily.kind,
    )
    .orderBy(sql`sum(${attributionDaily.count}) desc`, asc(attributionDaily.eventName));
  return rows.map((row) => ({ ...row, lastDay: row.lastDay ?? '' }));
}

/** Every company's Kochava pulls that should run (the job works for the whole installation). */
export async function listKochavaPulls(db: Database) {
  return db
    .select()
    .from(attributionIntegrations)
    .where(
      and(
        eq(attributionIntegrations.partner, 'KOCHAVA'),
        inArray(attributionIntegrations.status, ['ACTIVE', 'FAILED']),
      ),
    );
}

/** A Kochava pull by id alone, for the job (its payload carries the team too). */
export async function findKochavaPull(db: Database, teamId: string, id: string) {
  const row = await findAttrIntegration(db, teamId, id);
  return row?.partner === 'KOCHAVA' ? row : null;
}
