// The only code touching the integration tables. Every function takes the team first.
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { scheduledWorkAllowedSql } from '../billing/billing-status';
import { adAccounts, appleAdsIntegrations, pendingAppleAdsKeys } from './integrations.tables';

export type IntegrationRow = typeof appleAdsIntegrations.$inferSelect;
export type AdAccountRow = typeof adAccounts.$inferSelect;

export async function findIntegration(db: Database, teamId: string) {
  const [row] = await db
    .select()
    .from(appleAdsIntegrations)
    .where(eq(appleAdsIntegrations.teamId, teamId));
  return row ?? null;
}

export async function findIntegrationById(db: Database, teamId: string, integrationId: string) {
  const [row] = await db
    .select()
    .from(appleAdsIntegrations)
    .where(
      and(eq(appleAdsIntegrations.teamId, teamId), eq(appleAdsIntegrations.id, integrationId)),
    );
  return row ?? null;
}

export async function insertIntegration(
  db: Database,
  teamId: string,
  integration: Omit<typeof appleAdsIntegrations.$inferInsert, 'teamId'>,
  accounts: Omit<typeof adAccounts.$inferInsert, 'teamId' | 'integrationId'>[],
): Promise<IntegrationRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appleAdsIntegrations)
      .values({ ...integration, teamId })
      .returning();
    if (accounts.length)
      await tx
        .insert(adAccounts)
        .values(accounts.map((account) => ({ ...account, teamId, integrationId: row!.id })));
    await tx.delete(pendingAppleAdsKeys).where(eq(pendingAppleAdsKeys.teamId, teamId));
    return row!;
  });
}

/** More ad accounts reached by an integration. */
export async function insertAdAccounts(
  db: Database,
  teamId: string,
  integrationId: string,
  accounts: Omit<typeof adAccounts.$inferInsert, 'teamId' | 'integrationId'>[],
): Promise<void> {
  await db
    .insert(adAccounts)
    .values(accounts.map((account) => ({ ...account, teamId, integrationId })));
}

export async function updateIntegration(
  db: Database,
  teamId: string,
  integrationId: string,
  patch: Partial<
    Pick<
      IntegrationRow,
      'state' | 'firstSyncDone' | 'historyLimited' | 'deletingAt' | 'baseUrl' | 'tokenUrl'
    >
  >,
) {
  await db
    .update(appleAdsIntegrations)
    .set(patch)
    .where(
      and(eq(appleAdsIntegrations.teamId, teamId), eq(appleAdsIntegrations.id, integrationId)),
    );
}

export async function deleteIntegrationRows(db: Database, teamId: string, integrationId: string) {
  await db.transaction(async (tx) => {
    await tx
      .delete(adAccounts)
      .where(and(eq(adAccounts.teamId, teamId), eq(adAccounts.integrationId, integrationId)));
    await tx
      .delete(appleAdsIntegrations)
      .where(
        and(eq(appleAdsIntegrations.teamId, teamId), eq(appleAdsIntegrations.id, integrationId)),
      );
  });
}

export async function listAdAccounts(db: Database, teamId: string) {
  return db.select().from(adAccounts).where(eq(adAccounts.teamId, teamId));
}

/**
 * Integrations the scheduled sync may visit: active, synced once, not being deleted, and (billing
 * on) of a company not cancelled.
 */
export async function listSyncableIntegrations(
  db: Database,
  config: Pick<Config, 'billing'>,
  now = new Date(),
) {
  return db
    .select()
    .from(appleAdsIntegrations)
    .where(
      and(
        eq(appleAdsIntegrations.state, 'ACTIVE'),
        eq(appleAdsIntegrations.firstSyncDone, true),
        isNull(appleAdsIntegrations.deletingAt),
        scheduledWorkAllowedSql(config, appleAdsIntegrations.teamId, now),
      ),
    );
}

export async function listDemoIntegrations(db: Database) {
  return db.select().from(appleAdsIntegrations).where(eq(appleAdsIntegrations.demoMode, true));
}

export async function savePendingKey(
  db: Database,
  teamId: string,
  key: { privateKeySealed: string; publicKeyPem: string },
) {
  await db
    .insert(pendingAppleAdsKeys)
    .values({ teamId, ...key })
    .onConflictDoUpdate({
      target: pendingAppleAdsKeys.teamId,
      set: { ...key, createdAt: new Date() },
    });
}

export async function findPendingKey(db: Database, teamId: string) {
  const [row] = await db
    .select()
    .from(pendingAppleAdsKeys)
    .where(eq(pendingAppleAdsKeys.teamId, teamId));
  return row ?? null;
}
