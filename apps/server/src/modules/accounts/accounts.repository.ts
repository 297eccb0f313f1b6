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

/** Failed sign-ins since a moment, for one e-mail and for one address. */
export async function countRecentFailures(
  db: Database,
  email: string,
  ipAddress: string,
  since: Date,
): Promise<{ byEmail: number; byAddress: number }> {
  const failedSince = and(eq(loginActivity.succeeded, false), gt(loginActivity.createdAt, since));
  const [byEmail] = await db
    .select({ value: count() })
    .from(loginActivity)
    .where(and(failedSince, eq(sql`lower(${loginActivity.email})`, email.toLowerCase())));
  const [byAddress] = await db
    .select({ value: count() })
    .from(loginActivity)
    .where(and(failedSince, eq(loginActivity.ipAddress, ipAddress)));
  return { byEmail: Number(byEmail?.value ?? 0), byAddress: Number(byAddress?.value ?? 0) };
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
