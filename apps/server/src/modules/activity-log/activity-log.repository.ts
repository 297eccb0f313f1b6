// The only module code that touches activity_logs.
import { and, desc, eq, ilike, lt } from 'drizzle-orm';
import { teams } from '../teams/teams.tables';
import type { Database } from '../../platform/db/database';
import { containsPattern } from '../../platform/db/like-pattern';
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

/**
 * Activity with its company name, newest first. Without a teamId it spans every company: only
 * staff may ask for that.
 */
export async function searchActivityLogs(
  db: Database,
  filters: {
    teamId?: string | undefined;
    logType?: string | undefined;
    search?: string | undefined;
    limit: number;
  },
) {
  return db
    .select({ log: activityLogs, teamName: teams.name })
    .from(activityLogs)
    .leftJoin(teams, eq(teams.id, activityLogs.teamId))
    .where(
      and(
        filters.teamId ? eq(activityLogs.teamId, filters.teamId) : undefined,
        filters.logType ? eq(activityLogs.logType, filters.logType) : undefined,
        filters.search ? ilike(activityLogs.message, containsPattern(filters.search)) : undefined,
      ),
    )
    .orderBy(desc(activityLogs.createdAt))
    .limit(filters.limit);
}
