// Installation-wide reads for staff (super admins). These are the only queries that are not
// scoped to one company; every caller is guarded by a staff.* permission.
import { and, count, desc, eq, ilike, inArray, max, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { containsPattern } from '../../platform/db/like-pattern';
import { loginActivity, users } from '../accounts/accounts.tables';
import { activityLogs } from '../activity-log/activity-log.tables';
import { memberships, teams } from '../teams/teams.tables';

export async function listUsersWithTeams(
  db: Database,
  options: { search?: string | undefined; offset: number; limit: number },
) {
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const page = await db
    .select()
    .from(users)
    .where(
      pattern
        ? or(
            ilike(users.email, pattern),
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
          )
        : undefined,
    )
    .orderBy(desc(users.createdAt))
    .offset(options.offset)
    .limit(options.limit);
  const entries = page.length
    ? await db
        .select({ membership: memberships, team: teams })
        .from(memberships)
        .innerJoin(teams, eq(teams.id, memberships.teamId))
        .where(
          inArray(
            memberships.userId,
            page.map((user) => user.id),
          ),
        )
    : [];
  return page.map((user) => ({
    user,
    teams: entries.filter((entry) => entry.membership.userId === user.id),
  }));
}

/**
 * Every company with its member count and its members' last sign-in. Each is aggregated on its
 * own before the join: joined together, every sign-in would count its member once more.
 */
export async function listTeamsWithCounts(db: Database) {
  const memberCounts = db
    .select({ teamId: memberships.teamId, memberCount: count().as('member_count') })
    .from(memberships)
    .groupBy(memberships.teamId)
    .as('member_counts');
  const lastSignIns = db
    .select({
      teamId: memberships.teamId,
      lastSignInAt: max(loginActivity.createdAt).as('last_sign_in_at'),
    })
    .from(memberships)
    .innerJoin(
      loginActivity,
      and(eq(loginActivity.userId, memberships.userId), eq(loginActivity.succeeded, true)),
    )
    .groupBy(memberships.teamId)
    .as('last_sign_ins');
  return db
    .select({
      team: teams,
      memberCount: sql<number>`coalesce(${memberCounts.memberCount}, 0)`.mapWith(Number),
      lastSignInAt: lastSignIns.lastSignInAt,
    })
    .from(teams)
    .leftJoin(memberCounts, eq(memberCounts.teamId, teams.id))
    .leftJoin(lastSignIns, eq(lastSignIns.teamId, teams.id))
    .orderBy(desc(teams.createdAt));
}

export async function listLoginActivity(db: Database, limit: number) {
  return db.select().from(loginActivity).orderBy(desc(loginActivity.createdAt)).limit(limit);
}

/** Users whose only companies are among these: deleting the companies leaves them nowhere. */
export async function usersOnlyIn(db: Database, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .groupBy(memberships.userId)
    .having(
      and(
        sql`bool_and(${memberships.teamId} = ${teamId})`,
        sql`bool_and(${memberships.role} <> 'SUPERADMIN')`,
      ),
    );
  return rows.map((row) => row.userId);
}

export async function deleteActivityLogsOfTeam(db: Database, teamId: string) {
  await db.delete(activityLogs).where(eq(activityLogs.teamId, teamId));
}

export async function deleteUsers(db: Database, userIds: string[]) {
  if (userIds.length) await db.delete(users).where(inArray(users.id, userIds));
}
