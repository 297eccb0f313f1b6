// The only code touching teams and memberships. Every member query is scoped by team.
import type { Role } from '@tapwise/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { users } from '../accounts/accounts.tables';
import { memberships, teams } from './teams.tables';

export type Team = typeof teams.$inferSelect;
export type Membership = typeof memberships.$inferSelect;

export async function insertTeam(db: Database, values: typeof teams.$inferInsert): Promise<Team> {
  const [team] = await db.insert(teams).values(values).returning();
  return team!;
}

export async function findTeam(db: Database, teamId: string): Promise<Team | undefined> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  return team;
}

export async function updateTeam(db: Database, teamId: string, values: Partial<Team>) {
  const [team] = await db.update(teams).set(values).where(eq(teams.id, teamId)).returning();
  return team;
}

export async function deleteTeam(db: Database, teamId: string): Promise<boolean> {
  const deleted = await db.delete(teams).where(eq(teams.id, teamId)).returning({ id: teams.id });
  return deleted.length > 0;
}

export async function listTeams(db: Database) {
  return db.select().from(teams).orderBy(asc(teams.name));
}

/** A user's team entries with their company names, oldest first. */
export async function listMembershipsOfUser(db: Database, userId: string) {
  return db
    .select({ membership: memberships, team: teams })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
}

export async function findMembership(db: Database, teamId: string, userId: string) {
  const [membership] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
  return membership;
}

export async function insertMembership(db: Database, values: typeof memberships.$inferInsert) {
  const [membership] = await db.insert(memberships).values(values).returning();
  return membership!;
}

export async function updateMembership(
  db: Database,
  teamId: string,
  userId: string,
  values: Partial<
    Pick<Membership, 'role' | 'isReadOnly' | 'isDisabled' | 'inviteStatus' | 'invitedAt'>
  >,
) {
  const [membership] = await db
    .update(memberships)
    .set(values)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)))
    .returning();
  return membership;
}

export async function deleteMembership(db: Database, teamId: string, userId: string) {
  const deleted = await db
    .delete(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)))
    .returning({ userId: memberships.userId });
  return deleted.length > 0;
}

/** The members of one company with their user details (findByTeamId). */
export async function listMembers(db: Database, teamId: string) {
  return db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.teamId, teamId))
    .orderBy(asc(users.email));
}

export async function countAdmins(db: Database, teamId: string, role: Role = 'ADMIN') {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.teamId, teamId),
        eq(memberships.role, role),
        eq(memberships.isDisabled, false),
      ),
    );
  return rows.length;
}
