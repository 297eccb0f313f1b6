// Keyword research's own state: the App Store answer cache (public data, shared by every
// company), each company's data requests with their result rows, and the keywords it tracks for
// organic rank with one rank snapshot per day.
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CATEGORY_TYPES, DATA_REQUEST_STATUSES, RESEARCH_DEVICES } from '@tapwise/contracts';
import { users } from '../accounts/accounts.tables';
import { teams } from '../teams/teams.tables';

/** App Store answers by request key (source origin, path and query); not tenant data. */
export const appStoreCache = pgTable(
  'app_store_cache',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('app_store_cache_expires_idx').on(t.expiresAt)],
);

export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The member who asked; requests are listed per member (the spec's channel is per user). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opId: integer('op_id').notNull(),
    status: text('status', { enum: DATA_REQUEST_STATUSES }).notNull(),
    keyword: text('keyword'),
    appId: bigint('app_id', { mode: 'number' }),
    appName: text('app_name'),
    icon: text('icon'),
    location: text('location').notNull(),
    language: text('language').notNull(),
    device: text('device', { enum: RESEARCH_DEVICES }).notNull(),
    catId: integer('cat_id'),
    catType: text('cat_type', { enum: CATEGORY_TYPES }),
    /** The browser tab that asked (spec's clientId); progress goes to the member's channel. */
    clientId: text('client_id'),
    countPref: integer('count_pref').notNull(),
    totalCount: integer('total_count').notNull().default(0),
    currentCount: integer('current_count').notNull().default(0),
    missedCount: integer('missed_count').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
  },
  (t) => [index('data_requests_team_user_start_idx').on(t.teamId, t.userId, t.startTime)],
);

/** The rows a data request fetched, in order; kept when a request fails part-way. */
export const dataRequestResults = pgTable(
  'data_request_results',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => dataRequests.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    row: jsonb('row').notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.position] })],
);

/** A keyword a company tracks for one of its apps in one storefront (organic keyword ranking). */
export const trackedKeywords = pgTable(
  'tracked_keywords',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    adamId: bigint('adam_id', { mode: 'number' }).notNull(),
    location: text('location').notNull(),
    language: text('language').notNull(),
    device: text('device', { enum: RESEARCH_DEVICES }).notNull(),
    term: text('term').notNull(),
  },
  (t) => [
    uniqueIndex('tracked_keywords_unique_idx').on(t.teamId, t.adamId, t.location, t.device, t.term),
  ],
);

/** The organic rank of a tracked keyword on one UTC day; null rank = not in the results. */
export const keywordRankSnapshots = pgTable(
  'keyword_rank_snapshots',
  {
    trackedKeywordId: uuid('tracked_keyword_id')
      .notNull()
      .references(() => trackedKeywords.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    organicRank: integer('organic_rank'),
    totalApps: integer('total_apps'),
    popularity: integer('popularity'),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.trackedKeywordId, t.day] }),
    index('keyword_rank_snapshots_team_day_idx').on(t.teamId, t.day),
  ],
);
