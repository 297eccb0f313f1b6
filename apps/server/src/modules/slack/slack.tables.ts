// The chat integration (docs/slack.md): one Slack workspace per company, its bot token sealed,
// and the OAuth states of install flows in progress (spec 2 §7.3 getOAuthState).
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OAUTH_PROVIDERS, SLACK_INTEGRATION_STATUSES } from '@tapwise/contracts';

export const slackIntegrations = pgTable(
  'slack_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    /** Slack's workspace id (T…) and name. */
    slackTeamId: text('slack_team_id').notNull(),
    slackTeamName: text('slack_team_name').notNull(),
    botUserId: text('bot_user_id'),
    /** The bot token (xoxb-…), AES-256-GCM sealed; never logged nor answered. */
    botTokenSealed: text('bot_token_sealed').notNull(),
    scope: text('scope').notNull(),
    /** Where the Web API is called: Slack's, or a simulator's for a sandbox-connected company. */
    apiUrl: text('api_url').notNull(),
    /** Where sync failures and an integration's problems are announced; null: nowhere. */
    notifyChannelId: text('notify_channel_id'),
    notifyChannelName: text('notify_channel_name'),
    status: text('status', { enum: SLACK_INTEGRATION_STATUSES }).notNull().default('ACTIVE'),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    installedBy: uuid('installed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('slack_integrations_team_idx')
      .on(t.teamId)
      .where(sql`${t.status} <> 'DELETED'`),
    index('slack_integrations_slack_team_idx').on(t.slackTeamId),
  ],
);

/** A state handed to an OAuth provider: single use, short-lived, bound to its member and company. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    /** SHA-256 of the state string; the string itself is only in the member's browser. */
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider', { enum: OAUTH_PROVIDERS }).notNull(),
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);
