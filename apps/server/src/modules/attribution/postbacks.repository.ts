// The reads and writes of the postback route and the retention job.
import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { attributionEvents, attributionIntegrations } from './attribution.tables';

export async function findIntegrationByKeyHash(db: Database, keyHash: string) {
  const [row] = await db
    .select({
      id: attributionIntegrations.id,
      teamId: attributionIntegrations.teamId,
      adamId: attributionIntegrations.adamId,
      partner: attributionIntegrations.partner,
      status: attributionIntegrations.status,
      signingSecretSealed: attributionIntegrations.signingSecretSealed,
    })
    .from(attributionIntegrations)
    .where(eq(attributionIntegrations.endpointKeyHash, keyHash));
  return row ?? null;
}

export async function findIntegrationById(db: Database, id: string) {
  const [row] = await db
    .select({
      id: attributionIntegrations.id,
      teamId: attributionIntegrations.teamId,
      adamId: attributionIntegrations.adamId,
      partner: attributionIntegrations.partner,
    })
    .from(attributionIntegrations)
    .where(eq(attributionIntegrations.id, id));
  return row ?? null;
}

/** Empties the raw payloads of events received before `before`; the number emptied. */
export async function clearRawPayloads(db: Database, before: Date): Promise<number> {
  const rows = await db
    .update(attributionEvents)
    .set({ raw: null })
    .where(and(lt(attributionEvents.receivedAt, before), isNotNull(attributionEvents.raw)))
    .returning({ id: attributionEvents.id });
  return rows.length;
}

/** The kept payloads of an integration's events received since `since`, oldest first, by pages. */
export async function rawPayloadsSince(
  db: Database,
  integrationId: string,
  since: Date,
  afterId: number,
  limit: number,
) {
  return db
    .select({ id: attributionEvents.id, raw: attributionEvents.raw })
    .from(attributionEvents)
    .where(
      and(
        eq(attributionEvents.integrationId, integrationId),
        gte(attributionEvents.receivedAt, since),
        isNotNull(attributionEvents.raw),
        sql`${attributionEvents.id} > ${afterId}`,
      ),
    )
    .orderBy(attributionEvents.id)
    .limit(limit);
}
