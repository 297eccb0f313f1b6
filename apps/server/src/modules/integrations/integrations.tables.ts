import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A company's Apple Ads integration (spec 2 §3.6): Apple's API identifiers and the private key,
 * sealed with the server's encryption key. One per company.
 */
export const appleAdsIntegrations = pgTable(
  'apple_ads_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    clientId: text('client_id').notNull(),
    appleTeamId: text('apple_team_id').notNull(),
    keyId: text('key_id').notNull(),
    /** AES-256-GCM sealed PEM; never leaves the server. */
    privateKeySealed: text('private_key_sealed').notNull(),
    /** Kept when Tapwise generated the pair, so the user can see it again. */
    publicKeyPem: text('public_key_pem'),
    baseUrl: text('base_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    state: text('state', { enum: ['ACTIVE', 'INVALID'] })
      .notNull()
      .default('ACTIVE'),
    /** The highest Apple role across the ad accounts, e.g. "API Account Manager". */
    roleName: text('role_name').notNull(),
    readOnly: boolean('read_only').notNull(),
    demoMode: boolean('demo_mode').notNull().default(false),
    firstSyncDone: boolean('first_sync_done').notNull().default(false),
    /** Some campaigns started before the 24 months Apple reports on. */
    historyLimited: boolean('history_limited').notNull().default(false),
    /** Set while the deletion job removes the integration's data. */
    deletingAt: timestamp('deleting_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('apple_ads_integrations_team_idx').on(table.teamId)],
);

/** The ad accounts (the spec's orgs) an integration reaches, with the user's roles on each. */
export const adAccounts = pgTable(
  'ad_accounts',
  {
    teamId: uuid('team_id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
    orgId: bigint('org_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    timeZone: text('time_zone').notNull(),
    paymentModel: text('payment_model').notNull(),
    roleNames: text('role_names').array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.adAccountId] }),
    index('ad_accounts_integration_idx').on(table.integrationId),
  ],
);

/** A key pair Tapwise generated for a company that has not connected with it yet. */
export const pendingAppleAdsKeys = pgTable('pending_apple_ads_keys', {
  teamId: uuid('team_id').primaryKey(),
  privateKeySealed: text('private_key_sealed').notNull(),
  publicKeyPem: text('public_key_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
