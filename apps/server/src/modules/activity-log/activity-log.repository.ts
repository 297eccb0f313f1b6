// The only module code that touches activity_logs.
import { desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { activityLogs } from './activity-log.tables';

export type NewActivityLog = Omit<typeof activityLogs.$inferInsert, 'teamId' | 'logId'>;

export async function insertActivityLog(db: Database, teamId: string, entry: NewActivityLog) {
  const [row] = await db
    .insert(activityLogs)
    .values({ ...entry, teamId })
    .returning();
  return row!;
}

export async function listActivityLogs(db: Database, teamId: string, limit = 100) {
  return db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.teamId, teamId))
    .orderBy(desc(activityLogs.createdAt))
    .limit(limit);
}

/** Retention runs across every company, so it is the one query here not scoped to a team. */
export async function deleteActivityLogsOlderThan(db: Database, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(activityLogs)
    .where(lt(activityLogs.createdAt, cutoff))
    .returning({ logId: activityLogs.logId });
  return deleted.length;
}
