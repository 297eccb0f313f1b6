// Attribution partners (docs/attribution.md): one integration per app and partner, every install
// and in-app event a partner sent (deduplicated, with its raw payload for a retention period), and
// the daily counts goal metrics read.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ATTRIBUTION_NETWORKS,
  ATTRIBUTION_PARTNERS,
  INTEGRATION_STATUSES,
  KOCHAVA_PULL_TYPES,
} from '@tapwise/contracts';

export const attributionIntegrations = pgTable(
  'attribution_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    adamId: bigint('adam_id', { mode: 'number' }).notNull(),
    partner: text('partner', { enum: ATTRIBUTION_PARTNERS }).notNull(),
    status: text('status', { enum: INTEGRATION_STATUSES }).notNull().default('ACTIVE'),
    /** SHA-256 of the secret in the postback URL: how a postback finds its integration. */
    endpointKeyHash: text('endpoint_key_hash').notNull(),
    /** The URL's secret itself, sealed, so the user can copy the URL again. */
    endpointKeySealed: text('endpoint_key_sealed').notNull(),
    /** The custom postback's Standard Webhooks secret (whsec_…), sealed. */
    signingSecretSealed: text('signing_secret_sealed'),
    /** The Kochava pull (spec 2 §3.6 attribution save); the API key sealed. */
    kochavaApiKeySealed: text('kochava_api_key_sealed'),
    kochavaAppGuid: text('kochava_app_guid'),
    kochavaType: text('kochava_type', { enum: KOCHAVA_PULL_TYPES }),
    kochavaHydrateDate: date('kochava_hydrate_date', { mode: 'string' }),
    /** The last day the pull has read completely; the next run starts the day after. */
    kochavaPulledThrough: date('kochava_pulled_through', { mode: 'string' }),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attribution_integrations_endpoint_idx').on(t.endpointKeyHash),
    uniqueIndex('attribution_integrations_app_partner_idx')
      .on(t.teamId, t.adamId, t.partner)
      .where(sql`${t.status} <> 'DELETED'`),
  ],
);

/** Every install and event as received, once: the dedupe key is the partner's id or a hash. */
export const attributionEvents = pgTable(
  'attribution_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: uuid('team_id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    adamId: bigint('adam_id', { mode: 'number' }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    kind: text('kind', { enum: ['install', 'event'] }).notNull(),
    eventName: text('event_name').notNull(),
    eventType: text('event_type'),
    network: text('network', { enum: ATTRIBUTION_NETWORKS }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }),
    adGroupId: bigint('ad_group_id', { mode: 'number' }),
    keywordId: bigint('keyword_id', { mode: 'number' }),
    countryOrRegion: text('country_or_region'),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    installTime: timestamp('install_time', { withTimezone: true }),
    /** The event's day in the attributed ad account's time zone (UTC when unattributed). */
    day: date('day', { mode: 'string' }).notNull(),
    daysSinceInstall: smallint('days_since_install').notNull(),
    revenueMicros: bigint('revenue_micros', { mode: 'number' }),
    revenueCurrency: text('revenue_currency'),
    /** The payload as received; emptied after POSTBACK_RAW_RETENTION_DAYS. */
    raw: jsonb('raw'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attribution_events_dedupe_idx').on(t.integrationId, t.dedupeKey),
    index('attribution_events_app_day_idx').on(t.teamId, t.adamId, t.day),
    index('attribution_events_received_idx').on(t.receivedAt),
  ],
);

/**
 * Daily counts per Apple Ads entity, event name and days since install, kept in step with
 * attribution_events as events are stored. Ids are 0 where the event carries none. Revenue is in
 * the attributed ad account's currency (USD when there is none), converted at the event day's rate.
 */
export const attributionDaily = pgTable(
  'attribution_daily',
  {
    teamId: uuid('team_id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    adamId: bigint('adam_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    network: text('network', { enum: ATTRIBUTION_NETWORKS }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    adGroupId: bigint('ad_group_id', { mode: 'number' }).notNull(),
    keywordId: bigint('keyword_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['install', 'event'] }).notNull(),
    eventName: text('event_name').notNull(),
    eventType: text('event_type'),
    daysSinceInstall: smallint('days_since_install').notNull(),
    count: integer('count').notNull(),
    revenueMicros: bigint('revenue_micros', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'attribution_daily_pk',
      columns: [
        t.teamId,
        t.integrationId,
        t.day,
        t.network,
        t.campaignId,
        t.adGroupId,
        t.keywordId,
        t.kind,
        t.eventName,
        t.daysSinceInstall,
      ],
    }),
    index('attribution_daily_app_idx').on(t.teamId, t.adamId, t.day),
    index('attribution_daily_campaign_idx').on(t.teamId, t.campaignId, t.day),
    index('attribution_daily_keyword_idx').on(t.teamId, t.keywordId, t.day),
  ],
);
