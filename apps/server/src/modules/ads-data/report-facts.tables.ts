// Report facts per level and period, built for analytics: one row per entity (and breakdown
// value) per day (DAILY, the last 90 days) or per Apple week or month further back (WEEKLY,
// MONTHLY, up to 24 months). `date` is the period's first day in the ad account's time zone.
// Counts are integers, money integer micros. A re-synced window replaces its rows.
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';

export const REPORT_GRAINS = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ReportGrain = (typeof REPORT_GRAINS)[number];
/** What a sync asks Apple for: the stored grains, and HOURLY for the hourly tables. */
export type SyncGrain = ReportGrain | 'HOURLY';

const factKey = () => ({
  teamId: uuid('team_id').notNull(),
  adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
  adamId: bigint('adam_id', { mode: 'number' }).notNull(),
  campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
  grain: text('grain', { enum: REPORT_GRAINS }).notNull(),
  date: date('date', { mode: 'string' }).notNull(),
});

const metrics = () => ({
  impressions: integer('impressions').notNull(),
  taps: integer('taps').notNull(),
  tapInstalls: integer('tap_installs').notNull(),
  viewInstalls: integer('view_installs').notNull(),
  totalInstalls: integer('total_installs').notNull(),
  tapNewDownloads: integer('tap_new_downloads').notNull(),
  tapRedownloads: integer('tap_redownloads').notNull(),
  viewNewDownloads: integer('view_new_downloads').notNull(),
  viewRedownloads: integer('view_redownloads').notNull(),
  localSpendMicros: bigint('local_spend_micros', { mode: 'number' }).notNull(),
});

export const campaignReportFacts = pgTable(
  'campaign_report_facts',
  { ...factKey(), ...metrics() },
  (t) => [
    primaryKey({ columns: [t.teamId, t.campaignId, t.grain, t.date] }),
    index('campaign_report_facts_app_idx').on(t.teamId, t.adamId, t.grain, t.date),
    // The overview's history bounds: an ad account's first day per grain, in one probe.
    index('campaign_report_facts_account_idx').on(t.teamId, t.adAccountId, t.grain, t.date),
  ],
);

/** Campaign facts split by one dimension at a time: the overview's device, gender, age and map. */
export const campaignBreakdownFacts = pgTable(
  'campaign_breakdown_facts',
  {
    ...factKey(),
    dimension: text('dimension', {
      enum: ['deviceClass', 'gender', 'ageRange', 'countryOrRegion'],
    }).notNull(),
    value: text('value').notNull(),
    ...metrics(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.campaignId, t.dimension, t.value, t.grain, t.date] }),
    index('campaign_breakdown_facts_app_idx').on(t.teamId, t.adamId, t.dimension, t.grain, t.date),
  ],
);

export const adGroupReportFacts = pgTable(
  'ad_group_report_facts',
  { ...factKey(), adGroupId: bigint('ad_group_id', { mode: 'number' }).notNull(), ...metrics() },
  (t) => [
    primaryKey({ columns: [t.teamId, t.adGroupId, t.grain, t.date] }),
    index('ad_group_report_facts_app_idx').on(t.teamId, t.adamId, t.grain, t.date),
    index('ad_group_report_facts_campaign_idx').on(t.teamId, t.campaignId, t.grain, t.date),
  ],
);

export const keywordReportFacts = pgTable(
  'keyword_report_facts',
  {
    ...factKey(),
    adGroupId: bigint('ad_group_id', { mode: 'number' }).notNull(),
    keywordId: bigint('keyword_id', { mode: 'number' }).notNull(),
    ...metrics(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.keywordId, t.grain, t.date] }),
    index('keyword_report_facts_app_idx').on(t.teamId, t.adamId, t.grain, t.date),
    index('keyword_report_facts_campaign_idx').on(t.teamId, t.campaignId, t.grain, t.date),
  ],
);

export const searchTermReportFacts = pgTable(
  'search_term_report_facts',
  {
    ...factKey(),
    adGroupId: bigint('ad_group_id', { mode: 'number' }).notNull(),
    /** 0 when Apple reports the term without a keyword. */
    keywordId: bigint('keyword_id', { mode: 'number' }).notNull(),
    /** '' for Apple's low-volume bucket (a null text). */
    searchTermText: text('search_term_text').notNull(),
    searchTermSource: text('search_term_source').notNull(),
    ...metrics(),
  },
  (t) => [
    primaryKey({
      columns: [
        t.teamId,
        t.adGroupId,
        t.keywordId,
        t.searchTermText,
        t.searchTermSource,
        t.grain,
        t.date,
      ],
    }),
    index('search_term_report_facts_app_idx').on(t.teamId, t.adamId, t.grain, t.date),
    index('search_term_report_facts_campaign_idx').on(t.teamId, t.campaignId, t.grain, t.date),
  ],
);

export const adReportFacts = pgTable(
  'ad_report_facts',
  {
    ...factKey(),
    adGroupId: bigint('ad_group_id', { mode: 'number' }).notNull(),
    adId: bigint('ad_id', { mode: 'number' }).notNull(),
    ...metrics(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.adId, t.grain, t.date] }),
    index('ad_report_facts_app_idx').on(t.teamId, t.adamId, t.grain, t.date),
    index('ad_report_facts_campaign_idx').on(t.teamId, t.campaignId, t.grain, t.date),
  ],
);

/**
 * Hour-by-hour facts of the recent window (Apple reports HOURLY for the last 7 days, campaigns and
 * ad groups only): `date` and `hour` are the ad account's local day and hour.
 */
const hourlyKey = () => ({
  teamId: uuid('team_id').notNull(),
  adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
  adamId: bigint('adam_id', { mode: 'number' }).notNull(),
  campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  hour: smallint('hour').notNull(),
});

export const campaignHourlyFacts = pgTable(
  'campaign_hourly_facts',
  { ...hourlyKey(), ...metrics() },
  (t) => [
    primaryKey({ columns: [t.teamId, t.campaignId, t.date, t.hour] }),
    index('campaign_hourly_facts_app_idx').on(t.teamId, t.adamId, t.date),
  ],
);

export const adGroupHourlyFacts = pgTable(
  'ad_group_hourly_facts',
  { ...hourlyKey(), adGroupId: bigint('ad_group_id', { mode: 'number' }).notNull(), ...metrics() },
  (t) => [
    primaryKey({ columns: [t.teamId, t.adGroupId, t.date, t.hour] }),
    index('ad_group_hourly_facts_campaign_idx').on(t.teamId, t.campaignId, t.date),
  ],
);

/**
 * Per keyword and day, the keyword's DAILY facts summed through that day, so the counts of any
 * days are the difference of two rows (keyword-running-totals.ts keeps them with the facts).
 * Dense: every day from the keyword's first DAILY fact to the last day its campaign was synced.
 */
export const keywordRunningTotals = pgTable(
  'keyword_running_totals',
  {
    teamId: uuid('team_id').notNull(),
    adAccountId: bigint('ad_account_id', { mode: 'number' }).notNull(),
    adamId: bigint('adam_id', { mode: 'number' }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    adGroupId: bigint('ad_group_id', { mode: 'number' }).notNull(),
    keywordId: bigint('keyword_id', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    // Running sums outgrow integer: every count is a bigint here.
    impressions: bigint('impressions', { mode: 'number' }).notNull(),
    taps: bigint('taps', { mode: 'number' }).notNull(),
    tapInstalls: bigint('tap_installs', { mode: 'number' }).notNull(),
    viewInstalls: bigint('view_installs', { mode: 'number' }).notNull(),
    totalInstalls: bigint('total_installs', { mode: 'number' }).notNull(),
    tapNewDownloads: bigint('tap_new_downloads', { mode: 'number' }).notNull(),
    tapRedownloads: bigint('tap_redownloads', { mode: 'number' }).notNull(),
    viewNewDownloads: bigint('view_new_downloads', { mode: 'number' }).notNull(),
    viewRedownloads: bigint('view_redownloads', { mode: 'number' }).notNull(),
    localSpendMicros: bigint('local_spend_micros', { mode: 'number' }).notNull(),
  },
  // By campaign and day: a read takes one day's rows per campaign, a refresh a campaign's days.
  (t) => [primaryKey({ columns: [t.teamId, t.campaignId, t.date, t.keywordId] })],
);
