// AI keyword suggestions' own state: each member's credits, the installation's monthly usage
// against its global limit, and the suggestion lists generated (suggestedKeywordListKAI).
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SuggestedKeyword } from '@tapwise/contracts';
import { users } from '../accounts/accounts.tables';
import { teams } from '../teams/teams.tables';

/** One row per member, made with the default limit the first time credits are read. */
export const aiCredits = pgTable('ai_credits', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  remainingUsage: integer('remaining_usage').notNull(),
  usageLimit: integer('usage_limit').notNull(),
  refillsOn: date('refills_on', { mode: 'string' }).notNull(),
  isFilledManually: boolean('is_filled_manually').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Generations spent installation-wide per month (first day of the month, UTC). */
export const aiGlobalUsage = pgTable('ai_global_usage', {
  month: date('month', { mode: 'string' }).primaryKey(),
  used: integer('used').notNull().default(0),
});

export const keywordSuggestionLists = pgTable(
  'keyword_suggestion_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    adamId: bigint('adam_id', { mode: 'number' }).notNull(),
    storefront: text('storefront').notNull(),
    model: text('model').notNull(),
    seed: text('seed'),
    competitorAdamId: bigint('competitor_adam_id', { mode: 'number' }),
    keywords: jsonb('keywords').$type<SuggestedKeyword[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('keyword_suggestion_lists_team_created_idx').on(t.teamId, t.createdAt)],
);
