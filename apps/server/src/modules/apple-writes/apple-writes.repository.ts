// The only apple-writes code touching tables: the stored copies a write compares and replaces,
// and the bulk actions. Every function takes the team first.
import type { WritableLevel, WriteRowResult } from '@tapwise/contracts';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { ENTITY_TABLES, saveEntities, type EntityRows } from '../ads-data/ads-data.repository';
import {
  adGroups,
  ads,
  campaigns,
  keywords,
  negativeKeywords,
} from '../ads-data/ads-entities.tables';
import { bulkActions } from './bulk-actions.tables';

/** The stored table of each level a write changes. */
export const STORED_KIND = {
  campaign: 'campaigns',
  adGroup: 'adGroups',
  keyword: 'keywords',
  negativeKeyword: 'negativeKeywords',
  ad: 'ads',
} as const satisfies Record<WritableLevel, keyof EntityRows>;

export type StoredKind = (typeof STORED_KIND)[WritableLevel];
export type StoredRow<L extends WritableLevel = WritableLevel> =
  (typeof ENTITY_TABLES)[(typeof STORED_KIND)[L]]['$inferSelect'];

export async function findStoredEntity<L extends WritableLevel>(
  db: Database,
  teamId: string,
  level: L,
  adAccountId: number,
  id: number,
): Promise<StoredRow<L> | null> {
  // Every writable level's table has the same key columns; one of them types the query.
  const table = ENTITY_TABLES[STORED_KIND[level]] as unknown as typeof keywords;
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.teamId, teamId), eq(table.adAccountId, adAccountId), eq(table.id, id)));
  return (row as unknown as StoredRow<L> | undefined) ?? null;
}

/** Another live campaign of the ad account with this name (case-insensitive). */
export async function campaignNameTaken(
  db: Database,
  teamId: string,
  adAccountId: number,
  name: string,
  exceptId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.teamId, teamId),
        eq(campaigns.adAccountId, adAccountId),
        eq(campaigns.deleted, false),
        ne(campaigns.id, exceptId),
        sql`lower(${campaigns.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A live ad group of the campaign, or ad of the ad group, with this name (case-insensitive): an
 * addition refuses it before anything is sent, so that a resumed addition finding its entity by
 * name never takes an older one as its own.
 */
export async function childNameTaken(
  db: Database,
  teamId: string,
  adAccountId: number,
  parent: { campaignId: number } | { adGroupId: number },
  name: string,
): Promise<boolean> {
  const liveNamed = (table: typeof adGroups | typeof ads, parentMatches: SQL) =>
    and(
      eq(table.teamId, teamId),
      eq(table.adAccountId, adAccountId),
      parentMatches,
      eq(table.deleted, false),
      sql`lower(${table.name}) = lower(${name})`,
    );
  const [row] =
    'campaignId' in parent
      ? await db
          .select({ id: adGroups.id })
          .from(adGroups)
          .where(liveNamed(adGroups, eq(adGroups.campaignId, parent.campaignId)))
          .limit(1)
      : await db
          .select({ id: ads.id })
          .from(ads)
          .where(liveNamed(ads, eq(ads.adGroupId, parent.adGroupId)))
          .limit(1);
  return row !== undefined;
}

/** Live keywords of an ad group, for refusing duplicates before anything is sent. */
export async function listLiveKeywords(
  db: Database,
  teamId: string,
  adAccountId: number,
  adGroupId: number,
) {
  return db
    .select({ id: keywords.id, text: keywords.text, matchType: keywords.matchType })
    .from(keywords)
    .where(
      and(
        eq(keywords.teamId, teamId),
        eq(keywords.adAccountId, adAccountId),
        eq(keywords.adGroupId, adGroupId),
        eq(keywords.deleted, false),
      ),
    );
}

/** Live negative keywords of campaigns (their own and their ad groups'). */
export async function listLiveNegativeKeywords(
  db: Database,
  teamId: string,
  adAccountId: number,
  campaignIds: readonly number[],
) {
  if (campaignIds.length === 0) return [];
  return db
    .select({
      campaignId: negativeKeywords.campaignId,
      adGroupId: negativeKeywords.adGroupId,
      text: negativeKeywords.text,
      matchType: negativeKeywords.matchType,
    })
    .from(negativeKeywords)
    .where(
      and(
        eq(negativeKeywords.teamId, teamId),
        eq(negativeKeywords.adAccountId, adAccountId),
        inArray(negativeKeywords.campaignId, [...campaignIds]),
        eq(negativeKeywords.deleted, false),
      ),
    );
}

/** Ad groups (id and campaign) of the ad account, by id or by campaign; deleted ones left out. */
export async function listLiveAdGroups(
  db: Database,
  teamId: string,
  adAccountId: number,
  by: { adGroupIds: readonly number[] } | { campaignIds: readonly number[] },
) {
  const ids = 'adGroupIds' in by ? by.adGroupIds : by.campaignIds;
  if (ids.length === 0) return [];
  return db
    .select({ id: adGroups.id, campaignId: adGroups.campaignId })
    .from(adGroups)
    .where(
      and(
        eq(adGroups.teamId, teamId),
        eq(adGroups.adAccountId, adAccountId),
        eq(adGroups.deleted, false),
        inArray('adGroupIds' in by ? adGroups.id : adGroups.campaignId, [...ids]),
      ),
    );
}

/** Live campaigns of the ad account among these ids. */
export async function listLiveCampaignIds(
  db: Database,
  teamId: string,
  adAccountId: number,
  campaignIds: readonly number[],
): Promise<number[]> {
  if (campaignIds.length === 0) return [];
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.teamId, teamId),
        eq(campaigns.adAccountId, adAccountId),
        eq(campaigns.deleted, false),
        inArray(campaigns.id, [...campaignIds]),
      ),
    );
  return rows.map((row) => row.id);
}

/** Replaces stored copies of one level with Apple's answers. */
export async function saveStoredCopies(
  db: Database,
  teamId: string,
  level: WritableLevel,
  rows: readonly object[],
): Promise<void> {
  await saveEntities(db, teamId, STORED_KIND[level], rows as never);
}

// Bulk actions.

export type BulkActionRow = typeof bulkActions.$inferSelect;

export async function insertBulkAction(
  db: Database,
  teamId: string,
  values: { userId: string | null; request: unknown; total: number },
): Promise<BulkActionRow> {
  const [row] = await db
    .insert(bulkActions)
    .values({ ...values, teamId })
    .returning();
  return row!;
}

export async function findBulkAction(
  db: Database,
  teamId: string,
  id: string,
): Promise<BulkActionRow | null> {
  const [row] = await db
    .select()
    .from(bulkActions)
    .where(and(eq(bulkActions.teamId, teamId), eq(bulkActions.id, id)));
  return row ?? null;
}

/** Saves how far the action got; the results so far make a retried job resume after them. */
export async function saveBulkActionProgress(
  db: Database,
  teamId: string,
  id: string,
  results: WriteRowResult[],
  status: 'RUNNING' | 'DONE' | 'FAILED',
): Promise<void> {
  await db
    .update(bulkActions)
    .set({
      done: results.length,
      results,
      status,
      ...(status === 'RUNNING' ? {} : { finishedAt: new Date() }),
    })
    .where(and(eq(bulkActions.teamId, teamId), eq(bulkActions.id, id)));
}
