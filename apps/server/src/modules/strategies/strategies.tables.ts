// Strategies (spec 2 §3.7): a named plan over some Apple Ads entities, and its timeline of what
// happened to them. Timeline entries are the team's notes and, copied in as the timeline is read,
// the activity log's changes to the strategy's entities (logId set), so both delete alike.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StrategyGoal, StrategyTarget } from '@tapwise/contracts';

export const strategies = pgTable(
  'strategies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    adamId: bigint('adam_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    goals: text('goals').array().$type<StrategyGoal[]>().notNull(),
    secondaryGoal: text('secondary_goal').$type<StrategyGoal>(),
    targetEntities: jsonb('target_entities').$type<StrategyTarget[]>().notNull(),
    deleted: boolean('deleted').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('strategies_team_app_idx').on(t.teamId, t.adamId),
    // A live strategy's name is unique per app, whatever its case.
    uniqueIndex('strategies_app_name_idx')
      .on(t.teamId, t.adamId, sql`lower(${t.name})`)
      .where(sql`not ${t.deleted}`),
  ],
);

export const strategyTimelineEntries = pgTable(
  'strategy_timeline_entries',
  {
    timelineId: uuid('timeline_id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    strategyId: uuid('strategy_id').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    source: text('source').notNull(),
    /** The activity log entry this one was copied from; null for a note. */
    logId: uuid('log_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('strategy_timeline_strategy_idx').on(t.teamId, t.strategyId, t.occurredAt),
    uniqueIndex('strategy_timeline_log_idx').on(t.strategyId, t.logId),
  ],
);
