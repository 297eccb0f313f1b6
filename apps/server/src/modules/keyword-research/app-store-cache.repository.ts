// The App Store answer cache in the database (app_store_cache): public data shared by every
// company, so a question any company asked within the answer's lifetime costs no App Store request.
import type { AppStoreCache } from '@tapwise/app-store';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { appStoreCache } from './keyword-research.tables';

/** The cache over the database; an expired answer reads as absent until it is written again. */
export function databaseAppStoreCache(db: Database, now = () => new Date()): AppStoreCache {
  return {
    async get(key) {
      const [row] = await db
        .select({ value: appStoreCache.value })
        .from(appStoreCache)
        .where(and(eq(appStoreCache.key, key), gt(appStoreCache.expiresAt, now())));
      return row?.value;
    },
    async set(key, value, ttlSeconds) {
      const fetchedAt = now();
      const expiresAt = new Date(fetchedAt.getTime() + ttlSeconds * 1000);
      await db
        .insert(appStoreCache)
        .values({ key, value, fetchedAt, expiresAt })
        .onConflictDoUpdate({ target: appStoreCache.key, set: { value, fetchedAt, expiresAt } });
    },
  };
}

/** Deletes the answers expired at `now`; answers the number deleted. */
export async function deleteExpiredAppStoreAnswers(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(appStoreCache)
    .where(lte(appStoreCache.expiresAt, now))
    .returning({ key: appStoreCache.key });
  return deleted.length;
}
