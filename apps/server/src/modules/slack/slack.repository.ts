// The Slack integrations' rows and the OAuth states of installs in progress. Every function takes
// the team first, but markWorkspaceInvalid: Slack's event callbacks name a workspace, not a company.
import type { SlackIntegrationStatus } from '@tapwise/contracts';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { oauthStates, slackIntegrations } from './slack.tables';

export type SlackIntegrationRow = typeof slackIntegrations.$inferSelect;
type SlackIntegrationInsert = Omit<typeof slackIntegrations.$inferInsert, 'teamId'>;

const notDeleted = ne(slackIntegrations.status, 'DELETED');

export async function insertOAuthState(
  db: Database,
  teamId: string,
  state: { stateHash: string; userId: string; expiresAt: Date },
) {
  await db.insert(oauthStates).values({ ...state, teamId, provider: 'SLACK' });
}

/** The caller's own state, whatever its use and age (null for anyone else's or a made-up one). */
export async function findOAuthState(
  db: Database,
  teamId: string,
  userId: string,
  stateHash: string,
) {
  const [row] = await db
    .select()
    .from(oauthStates)
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        eq(oauthStates.teamId, teamId),
        eq(oauthStates.userId, userId),
      ),
    );
  return row ?? null;
}

/**
 * Marks the caller's unused, unexpired state used, in one statement so two callbacks racing with
 * the same state cannot both succeed; false when there is no such state.
 */
export async function claimOAuthState(
  db: Database,
  teamId: string,
  userId: string,
  stateHash: string,
  now: Date,
) {
  const claimed = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        eq(oauthStates.teamId, teamId),
        eq(oauthStates.userId, userId),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning({ stateHash: oauthStates.stateHash });
  return claimed.length === 1;
}

export async function findSlackIntegration(db: Database, teamId: string) {
  const [row] = await db
    .select()
    .from(slackIntegrations)
    .where(and(eq(slackIntegrations.teamId, teamId), notDeleted));
  return row ?? null;
}

/** One integration per company: a re-install retires the previous row in the same transaction. */
export async function replaceSlackIntegration(
  db: Database,
  teamId: string,
  values: SlackIntegrationInsert,
) {
  return db.transaction(async (tx) => {
    await tx
      .update(slackIntegrations)
      .set({ status: 'DELETED', updatedAt: new Date() })
      .where(and(eq(slackIntegrations.teamId, teamId), notDeleted));
    const [row] = await tx
      .insert(slackIntegrations)
      .values({ ...values, teamId })
      .returning();
    return row!;
  });
}

export async function updateSlackIntegration(
  db: Database,
  teamId: string,
  id: string,
  patch: Partial<
    Pick<
      SlackIntegrationRow,
      'status' | 'lastError' | 'lastErrorAt' | 'notifyChannelId' | 'notifyChannelName'
    >
  >,
) {
  const [row] = await db
    .update(slackIntegrations)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(slackIntegrations.teamId, teamId), eq(slackIntegrations.id, id), notDeleted))
    .returning();
  return row ?? null;
}

/** Slack told us a workspace uninstalled the app or revoked its tokens: every company's row. */
export async function markWorkspaceInvalid(
  db: Database,
  slackTeamId: string,
  status: SlackIntegrationStatus,
  error: string,
) {
  const rows = await db
    .update(slackIntegrations)
    .set({ status, lastError: error, lastErrorAt: new Date(), updatedAt: new Date() })
    .where(
      and(eq(slackIntegrations.slackTeamId, slackTeamId), eq(slackIntegrations.status, 'ACTIVE')),
    )
    .returning({ id: slackIntegrations.id });
  return rows.length;
}
