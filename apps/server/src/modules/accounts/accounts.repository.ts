// The only code touching users, sessions, one-time tokens, login activity and platform settings.
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { memberships, teams } from '../teams/teams.tables';
import {
  loginActivity,
  oneTimeTokens,
  platformSettings,
  sessions,
  users,
  type OneTimeTokenPurpose,
} from './accounts.tables';

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

export async function findUserById(db: Database, userId: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

export async function insertUser(db: Database, values: typeof users.$inferInsert): Promise<User> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

export async function updateUser(
  db: Database,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<User> {
  const [user] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return user!;
}

export async function deleteUser(db: Database, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

export async function insertSession(
  db: Database,
  values: typeof sessions.$inferInsert,
): Promise<Session> {
  const [session] = await db.insert(sessions).values(values).returning();
  return session!;
}

/** A session with what deciding its validity needs: the user, and the membership it acts in. */
export async function findSessionForAuth(db: Database, sessionId: string) {
  const [row] = await db
    .select({
      session: sessions,
      user: users,
      membership: memberships,
      teamDisabled: teams.isDisabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, sessions.userId), eq(memberships.teamId, sessions.teamId)),
    )
    .leftJoin(teams, eq(teams.id, sessions.teamId))
    .where(eq(sessions.id, sessionId));
  return row;
}

export async function touchSession(db: Database, sessionId: string, expiresAt: Date) {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(), expiresAt })
    .where(eq(sessions.id, sessionId));
}

export async function setSessionTeam(db: Database, sessionId: string, teamId: string | null) {
  await db.update(sessions).set({ teamId }).where(eq(sessions.id, sessionId));
}

/** Ends sessions of a user (all, or all but one); returns the ids ended. */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  exceptSessionId?: string,
): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

/** The live sessions acting in a company, or those of one member there. */
function inCompany(scope: { teamId: string; userId?: string | undefined }) {
  return and(
    eq(sessions.teamId, scope.teamId),
    scope.userId ? eq(sessions.userId, scope.userId) : undefined,
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, new Date()),
  );
}

export async function listCompanySessionIds(
  db: Database,
  scope: { teamId: string; userId?: string | undefined },
): Promise<string[]> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(inCompany(scope));
  return rows.map((row) => row.id);
}

/** Ends the live sessions acting in a company (or one member's there); returns the ids ended. */
export async function revokeCompanySessions(
  db: Database,
  scope: { teamId: string; userId?: string | undefined },
): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(inCompany(scope))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

export async function revokeSession(db: Database, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} < ${now} or ${sessions.revokedAt} < ${now}`)
    .returning({ id: sessions.id });
  return deleted.length;
}

export async function insertOneTimeToken(db: Database, values: typeof oneTimeTokens.$inferInsert) {
  await db.insert(oneTimeTokens).values(values);
}

/** An unused, unexpired token, without using it up (to check a request before acting on it). */
export async function findUsableOneTimeToken(
  db: Database,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
) {
  const [token] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    );
  return token;
}

/** Uses up every outstanding token of a purpose for a user (a newer one, or a new password, wins). */
export async function expireOneTimeTokens(
  db: Database,
  userId: string,
  purpose: OneTimeTokenPurpose,
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

/** Marks an unused, unexpired token used and returns it; undefined when not usable. */
export async function consumeOneTimeToken(
  db: Database,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
) {
  const [token] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return token;
}

export async function recordLoginAttempt(db: Database, values: typeof loginActivity.$inferInsert) {
  await db.insert(loginActivity).values(values);
}

/** Failed sign-ins since a moment: of one e-mail from one address, and of that address in all. */
export async function countRecentFailures(
  db: Database,
  email: string,
  ipAddress: string,
  since: Date,
): Promise<{ byPair: number; byAddress: number }> {
  const [row] = await db
    .select({
      byPair: sql<number>`count(*) filter (where lower(${loginActivity.email}) = ${email.toLowerCase()})`,
      byAddress: count(),
    })
    .from(loginActivity)
    .where(
      and(
        eq(loginActivity.succeeded, false),
        gt(loginActivity.createdAt, since),
        eq(loginActivity.ipAddress, ipAddress),
      ),
    );
  return { byPair: Number(row?.byPair ?? 0), byAddress: Number(row?.byAddress ?? 0) };
}

export async function readSetting<Value>(db: Database, key: string): Promise<Value | undefined> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key));
  return row?.value as Value | undefined;
}

export async function writeSetting(db: Database, key: string, value: unknown) {
  await db
    .insert(platformSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: new Date() } });
}
