// The only module code that touches activity_logs.
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
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

/**
 * Retention runs across every company, so it is the one delete here not scoped to a team: one
 * statement, each entry measured against its company's period (teams.log_retention_days) or, for
 * companies without one, the installation's default.
 */
export async function deleteExpiredActivityLogs(
  db: Database,
  now: Date,
  defaultDays: number,
): Promise<number> {
  const period = sql`coalesce((SELECT ${teams.logRetentionDays} FROM ${teams}
    WHERE ${teams.id} = ${activityLogs.teamId}), ${defaultDays}::int)`;
  const deleted = await db
    .delete(activityLogs)
    .where(
      sql`${activityLogs.createdAt} < ${now.toISOString()}::timestamptz - make_interval(days => ${period})`,
    )
    .returning({ logId: activityLogs.logId });
  return deleted.length;
}

/** One entry; within the company unless teamId is undefined (staff). */
export async function findActivityLog(db: Database, logId: string, teamId: string | undefined) {
  const [row] = await db
    .select()
    .from(activityLogs)
    .where(
      and(eq(activityLogs.logId, logId), teamId ? eq(activityLogs.teamId, teamId) : undefined),
    );
  return row ?? null;
}

export async function setActivityLogWatched(
  db: Database,
  logId: string,
  teamId: string | undefined,
  watched: boolean,
) {
  const [row] = await db
    .update(activityLogs)
    .set({ watched })
    .where(and(eq(activityLogs.logId, logId), teamId ? eq(activityLogs.teamId, teamId) : undefined))
    .returning();
  return row ?? null;
}

export async function deleteActivityLogEntry(
  db: Database,
  logId: string,
  teamId: string | undefined,
): Promise<boolean> {
  const deleted = await db
    .delete(activityLogs)
    .where(and(eq(activityLogs.logId, logId), teamId ? eq(activityLogs.teamId, teamId) : undefined))
    .returning({ logId: activityLogs.logId });
  return deleted.length > 0;
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
