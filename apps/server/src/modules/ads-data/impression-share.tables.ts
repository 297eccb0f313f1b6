// Apple's impression share insight (v1, WIRE.md section 8) as last synced: per promoted app,
// storefront, search term and UTC day of the last 30 days (Apple keeps no more), the app's share
// band, its rank among the apps shown and the term's popularity. Only the sync writes this table;
// a sync replaces an ad account's rows.
import {
  bigint,
  date,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';

export const impressionShareFacts = pgTable(
  'impression_share_facts',
  {
    teamId: uuid('team_id').notNull(),
    adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
    adamId: bigint('adam_id', { mode: 'number' }).notNull(),
    countryOrRegion: text('country_or_region').notNull(),
    /** Lower case, as search terms and keywords are compared. */
    searchTerm: text('search_term').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 0-1: equal up to 0.9, then Apple's band 0.91-1.0. */
    lowShare: doublePrecision('low_share').notNull(),
    highShare: doublePrecision('high_share').notNull(),
    rank: smallint('rank').notNull(),
    /** 1-5. */
    searchPopularity: smallint('search_popularity').notNull(),
  },
  (t) => [
    // Two ad accounts may promote one app: each keeps its own answer.
    primaryKey({
      name: 'impression_share_facts_pk',
      columns: [t.teamId, t.adAccountId, t.adamId, t.countryOrRegion, t.searchTerm, t.day],
    }),
    index('impression_share_facts_app_idx').on(t.teamId, t.adamId),
  ],
);

/**
 * The app's own search term counts over the days impression_share_facts holds, per campaign, so
 * the pages that weigh a term's share against its spend read one row per term and campaign
 * instead of summing a month of daily facts. Written with impression_share_facts by the sync.
 */
export const searchTermShareTotals = pgTable(
  'search_term_share_totals',
  {
    teamId: uuid('team_id').notNull(),
    adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
    adamId: bigint('adam_id', { mode: 'number' }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    /** Lower case, as in impression_share_facts. */
    searchTerm: text('search_term').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull(),
    taps: bigint('taps', { mode: 'number' }).notNull(),
    tapInstalls: bigint('tap_installs', { mode: 'number' }).notNull(),
    totalInstalls: bigint('total_installs', { mode: 'number' }).notNull(),
    localSpendMicros: bigint('local_spend_micros', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'search_term_share_totals_pk',
      columns: [t.teamId, t.adAccountId, t.adamId, t.campaignId, t.searchTerm],
    }),
    index('search_term_share_totals_app_idx').on(t.teamId, t.adamId),
  ],
);
