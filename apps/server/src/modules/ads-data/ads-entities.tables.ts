// Apple Ads entities as last synced, per company and ad account. Ids are Apple's; money is in
// integer micros of the ad account's currency. Only the sync writes these tables.
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const tenancy = {
  teamId: uuid('team_id').notNull(),
  adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
};
const id = (name = 'id') => bigint(name, { mode: 'number' }).notNull();
const lifecycle = {
  status: text('status').notNull(),
  deleted: boolean('deleted').notNull(),
  modificationTime: timestamp('modification_time', { withTimezone: true }),
};

export const apps = pgTable(
  'apps',
  { ...tenancy, adamId: id('adam_id'), name: text('name').notNull() },
  (t) => [primaryKey({ columns: [t.teamId, t.adAccountId, t.adamId] })],
);

export const campaigns = pgTable(
  'campaigns',
  {
    ...tenancy,
    id: id(),
    adamId: id('adam_id'),
    name: text('name').notNull(),
    ...lifecycle,
    displayStatus: text('display_status').notNull(),
    servingStateReasons: text('serving_state_reasons').array().notNull(),
    dailyBudgetMicros: bigint('daily_budget_micros', { mode: 'number' }),
    currency: text('currency').notNull(),
    countriesOrRegions: text('countries_or_regions').array().notNull(),
    supplySources: text('supply_sources').array().notNull(),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.adAccountId, t.id] }),
    index('campaigns_team_app_idx').on(t.teamId, t.adamId),
  ],
);

export const adGroups = pgTable(
  'ad_groups',
  {
    ...tenancy,
    id: id(),
    campaignId: id('campaign_id'),
    name: text('name').notNull(),
    ...lifecycle,
    displayStatus: text('display_status').notNull(),
    defaultBidMicros: bigint('default_bid_micros', { mode: 'number' }),
    /** The target CPA of a MAX_CONVERSIONS bid strategy (spec's cpaGoal); null without one. */
    cpaGoalMicros: bigint('cpa_goal_micros', { mode: 'number' }),
    automatedKeywordsOptIn: boolean('automated_keywords_opt_in').notNull(),
    targetingDimensions: jsonb('targeting_dimensions').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.adAccountId, t.id] }),
    index('ad_groups_campaign_idx').on(t.teamId, t.campaignId),
  ],
);

export const keywords = pgTable(
  'keywords',
  {
    ...tenancy,
    id: id(),
    campaignId: id('campaign_id'),
    adGroupId: id('ad_group_id'),
    text: text('text').notNull(),
    matchType: text('match_type').notNull(),
    bidMicros: bigint('bid_micros', { mode: 'number' }),
    /**
     * Apple's suggested bid from the keyword report's insights (bidRecommendation), as of the last
     * report synced; kept by the report sync, not the entity sync. Null where Apple gives none.
     */
    appleSuggestedBidMicros: bigint('apple_suggested_bid_micros', { mode: 'number' }),
    ...lifecycle,
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.adAccountId, t.id] }),
    index('keywords_ad_group_idx').on(t.teamId, t.adGroupId),
  ],
);

export const negativeKeywords = pgTable(
  'negative_keywords',
  {
    ...tenancy,
    id: id(),
    campaignId: id('campaign_id'),
    /** Null for a campaign-level negative keyword. */
    adGroupId: bigint('ad_group_id', { mode: 'number' }),
    text: text('text').notNull(),
    matchType: text('match_type').notNull(),
    ...lifecycle,
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.adAccountId, t.id] }),
    index('negative_keywords_campaign_idx').on(t.teamId, t.campaignId),
  ],
);

export const ads = pgTable(
  'ads',
  {
    ...tenancy,
    id: id(),
    campaignId: id('campaign_id'),
    adGroupId: id('ad_group_id'),
    creativeId: id('creative_id'),
    name: text('name').notNull(),
    ...lifecycle,
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.adAccountId, t.id] }),
    index('ads_ad_group_idx').on(t.teamId, t.adGroupId),
  ],
);

export const creatives = pgTable(
  'creatives',
  {
    ...tenancy,
    id: id(),
    adamId: bigint('adam_id', { mode: 'number' }),
    name: text('name').notNull(),
    creativeType: text('creative_type').notNull(),
    productPageId: text('product_page_id'),
    deleted: boolean('deleted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.adAccountId, t.id] })],
);

export const productPages = pgTable(
  'product_pages',
  {
    ...tenancy,
    id: text('id').notNull(),
    adamId: id('adam_id'),
    name: text('name').notNull(),
    state: text('state').notNull(),
    deepLink: text('deep_link'),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.adAccountId, t.id] })],
);
