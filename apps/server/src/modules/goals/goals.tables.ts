// Goals (spec 2 §3.7): the partner events of one app that count as reaching a goal.
import { sql } from 'drizzle-orm';
import { bigint, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { GOAL_TYPES, type GoalEventType } from '@tapwise/contracts';

export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    adamId: bigint('adam_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: GOAL_TYPES }).notNull(),
    events: text('events').array().$type<GoalEventType[]>().notNull(),
    daysSinceInstall: smallint('days_since_install').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Names are unique per app, whatever their case (checkGoalName, doesGoalExist).
  (t) => [uniqueIndex('goals_app_name_idx').on(t.teamId, t.adamId, sql`lower(${t.name})`)],
);
